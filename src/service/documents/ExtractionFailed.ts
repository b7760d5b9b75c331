import { Data } from "effect"

/** A document whose bytes cannot be read as its doctype says (a ".pdf" that is not a PDF, a broken DOCX). */
export class ExtractionFailed extends Data.TaggedError("ExtractionFailed")<{
  readonly doctype: string
  readonly reason: string
  readonly cause?: unknown
}> {
  override get message() {
    return `Cannot extract text from ${this.doctype}: ${this.reason}`
  }
}
