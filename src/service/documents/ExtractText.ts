import { isUtf8 } from "node:buffer"
import { Effect } from "effect"
import { docxPages } from "./DocxText.js"
import { ExtractionFailed } from "./ExtractionFailed.js"
import { htmlText } from "./HtmlText.js"
import { paginate } from "./Paginate.js"
import { pdfPages } from "./PdfText.js"

export { ExtractionFailed } from "./ExtractionFailed.js"

export type Doctype = "txt" | "md" | "html" | "pdf" | "docx"

/** A document's text, one string per page (1-based page n is `pages[n - 1]`). */
interface ExtractedText {
  readonly pages: ReadonlyArray<string>
}

const byExtension: Record<string, Doctype> = {
  txt: "txt",
  text: "txt",
  md: "md",
  markdown: "md",
  html: "html",
  htm: "html",
  pdf: "pdf",
  docx: "docx"
}

/** The doctype a file name implies by its extension, or undefined when docsweep cannot read that kind of file. */
export const doctypeFromFilename = (name: string): Doctype | undefined => {
  const dot = name.lastIndexOf(".")
  return dot < 0 ? undefined : byExtension[name.slice(dot + 1).toLowerCase()]
}

/** Windows-1252 characters for bytes 0x80–0x9F (Node's TextDecoder reads that range as Latin-1 control codes). */
const cp1252High = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ"

const decodeWindows1252 = (bytes: Uint8Array): string => {
  let text = ""
  for (const byte of bytes) text += byte >= 0x80 && byte <= 0x9f ? cp1252High[byte - 0x80] : String.fromCharCode(byte)
  return text
}

/** UTF-8 when the bytes are valid UTF-8, else Windows-1252 (older plain-text filings); a BOM is dropped. */
const decode = (bytes: Uint8Array): string =>
  (isUtf8(bytes) ? new TextDecoder("utf-8").decode(bytes) : decodeWindows1252(bytes)).replace(/^\uFEFF/, "")

/** Extracts per-page text; a file that is not what its doctype says fails with `ExtractionFailed`. */
export const extractText = (bytes: Uint8Array, doctype: Doctype): Effect.Effect<ExtractedText, ExtractionFailed> => {
  switch (doctype) {
    case "pdf":
      return pdfPages(bytes).pipe(Effect.map((pages) => ({ pages })))
    case "docx":
      return docxPages(bytes).pipe(Effect.map((pages) => ({ pages })))
    case "html":
      return Effect.try({
        try: () => ({ pages: paginate(htmlText(decode(bytes))) }),
        catch: (cause) => new ExtractionFailed({ doctype, reason: "not readable HTML", cause })
      })
    case "txt":
    case "md":
      return Effect.sync(() => ({ pages: paginate(decode(bytes)) }))
  }
}
