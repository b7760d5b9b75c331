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
