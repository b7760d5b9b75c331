import { isUtf8 } from "node:buffer"

/** Windows-1252 characters for bytes 0x80–0x9F (Node's TextDecoder reads that range as Latin-1 control codes). */
const cp1252High = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ"

const decodeWindows1252 = (bytes: Uint8Array): string => {
  let text = ""
  for (const byte of bytes) text += byte >= 0x80 && byte <= 0x9f ? cp1252High[byte - 0x80] : String.fromCharCode(byte)
  return text
}

/** The UTF-16 a byte-order mark announces (Windows Notepad's "Unicode" and "Unicode big endian"), if any. */
const utf16Of = (bytes: Uint8Array): "utf-16le" | "utf-16be" | undefined =>
  bytes[0] === 0xff && bytes[1] === 0xfe ? "utf-16le" : bytes[0] === 0xfe && bytes[1] === 0xff ? "utf-16be" : undefined

/**
 * The text of a plain-text file: UTF-16 when a BOM says so, else UTF-8 when the bytes are valid UTF-8, else
 * Windows-1252 (older plain-text filings); a BOM is dropped.
 */
export const decodeText = (bytes: Uint8Array): string => {
  const utf16 = utf16Of(bytes)
  const text =
    utf16 !== undefined
      ? new TextDecoder(utf16).decode(bytes)
      : isUtf8(bytes)
        ? new TextDecoder("utf-8").decode(bytes)
        : decodeWindows1252(bytes)
  return text.replace(/^\uFEFF/, "")
}

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0))

/** Formats a text file must not be, known by their first bytes: what each is, and what to do about it. */
const signatures: ReadonlyArray<{ readonly bytes: Uint8Array; readonly kind: string; readonly hint: string }> = [
  { bytes: ascii("PK\x03\x04"), kind: "a ZIP archive", hint: "a DOCX? give it the .docx extension" },
  { bytes: ascii("\xd0\xcf\x11\xe0"), kind: "a legacy Office file (.doc, .xls)", hint: "save it as .docx or PDF" }
]

const startsWith = (bytes: Uint8Array, prefix: Uint8Array) => prefix.every((byte, i) => bytes[i] === byte)

/** How far in a binary file shows itself: a PDF header may follow junk this far (as pdf.js reads it), NULs (git). */
const pdfHeaderWithin = 1024
const sniffed = 8192

/**
 * Why these bytes are no text file, or undefined when they are one: a PDF or an Office file under a text extension,
 * or NUL bytes near the start (a binary file, or UTF-16 without a byte-order mark), which no text holds. Read as
 * text they would become pages of garbage that every question searches and quotes.
 */
export const notTextReason = (bytes: Uint8Array): string | undefined => {
  if (utf16Of(bytes) !== undefined) return undefined
  const head = bytes.subarray(0, sniffed)
  if (Buffer.from(head.subarray(0, pdfHeaderWithin)).includes("%PDF-")) {
    return "the file is a PDF, not text (give it the .pdf extension)"
  }
  const known = signatures.find((signature) => startsWith(head, signature.bytes))
  if (known !== undefined) return `the file is ${known.kind}, not text (${known.hint})`
  return head.includes(0)
    ? "the file holds NUL bytes, not text (a binary file, or UTF-16 without a byte-order mark)"
    : undefined
}
