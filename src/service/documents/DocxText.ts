import { Effect } from "effect"
import mammoth from "mammoth"
import { ExtractionFailed } from "./ExtractionFailed.js"
import { htmlText } from "./HtmlText.js"
import { paginate } from "./Paginate.js"

/** mammoth drops page breaks from raw text; mapped to <hr> in its HTML they survive as page separators. */
const pageBreakStyle = ["br[type='page'] => hr"]

/**
 * Pages of a DOCX: split on explicit page breaks when the document has any, else cut into ~3,000-character pages
 * at paragraph boundaries.
 */
export const docxPages = (bytes: Uint8Array) =>
  Effect.gen(function* () {
    const result = yield* Effect.tryPromise({
      try: () => mammoth.convertToHtml({ buffer: Buffer.from(bytes) }, { styleMap: pageBreakStyle }),
      catch: (cause) => new ExtractionFailed({ doctype: "docx", reason: "not a readable DOCX file", cause })
    })
    return yield* Effect.try({
      try: () => {
        const pieces = result.value.split(/<hr\s*\/?>/i).map(htmlText)
        return pieces.length > 1 ? pieces.map((piece) => piece.trim()) : paginate(pieces[0] ?? "")
      },
      catch: (cause) => new ExtractionFailed({ doctype: "docx", reason: "the DOCX text could not be read", cause })
    })
  })
