import { Effect } from "effect"
import { docxPages } from "./DocxText.js"
import { ExtractionFailed } from "./ExtractionFailed.js"
import { htmlText } from "./HtmlText.js"
import { paginate } from "./Paginate.js"
import { pdfPages } from "./PdfText.js"
import { decodeText, notTextReason } from "./TextBytes.js"

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

/** Fails when the bytes of a text doctype are no text (a renamed PDF, a binary file). */
const textOnly = (bytes: Uint8Array, doctype: Doctype) => {
  const reason = notTextReason(bytes)
  return reason === undefined ? Effect.void : Effect.fail(new ExtractionFailed({ doctype, reason }))
}

/**
 * Fails when no page holds text: such a document would answer every question "not found" as if it had been read
 * (a PDF of scanned pages needs OCR, which the local service does not do).
 */
const requireText = (bytes: Uint8Array, doctype: Doctype) => (text: ExtractedText) => {
  if (text.pages.some((page) => page.trim().length > 0)) return Effect.succeed(text)
  const reason =
    bytes.byteLength === 0
      ? "the file is empty (0 bytes)"
      : doctype === "pdf"
        ? "the PDF has no text layer (scanned pages? the local service does no OCR)"
        : "the file holds no text"
  return Effect.fail(new ExtractionFailed({ doctype, reason }))
}

/**
 * Extracts per-page text; a file that is not what its doctype says, or that holds no text, fails with
 * `ExtractionFailed`.
 */
export const extractText = (bytes: Uint8Array, doctype: Doctype): Effect.Effect<ExtractedText, ExtractionFailed> =>
  Effect.flatMap(pagesOf(bytes, doctype), requireText(bytes, doctype))

const pagesOf = (bytes: Uint8Array, doctype: Doctype): Effect.Effect<ExtractedText, ExtractionFailed> => {
  switch (doctype) {
    case "pdf":
      return pdfPages(bytes).pipe(Effect.map((pages) => ({ pages })))
    case "docx":
      return docxPages(bytes).pipe(Effect.map((pages) => ({ pages })))
    case "html":
      return Effect.zipRight(
        textOnly(bytes, doctype),
        Effect.try({
          try: () => ({ pages: paginate(htmlText(decodeText(bytes))) }),
          catch: (cause) => new ExtractionFailed({ doctype, reason: "not readable HTML", cause })
        })
      )
    case "txt":
    case "md":
      return Effect.zipRight(
        textOnly(bytes, doctype),
        Effect.sync(() => ({ pages: paginate(decodeText(bytes)) }))
      )
  }
}
