/**
 * An answer read as a person reads it: the short answer first, then the quotes that support it. The service has
 * no evidence fields (reference §3.4: a cell is `response` text), so evidence is read from the text the engines
 * write: `"quoted sentence" (p. 3)`, `"…" (file.pdf, p. 3)` or, across documents, `"…" — file.pdf, p. 3`; a quote
 * that runs onto the next page cites both (`(pp. 2–3)`, `— file.pdf, pp. 2–3`).
 * Pure: the page and the tests share it.
 */

import { quoteMatches } from "./QuoteScan.js"

export interface Quote {
  readonly text: string
  /** The page the quote starts on. */
  readonly page: number
  /** The page it ends on: `page` unless it runs onto later pages (`pp. 2–3`). */
  readonly lastPage: number
  /** The document the quote names, when the answer names one (multi-document chats). */
  readonly document: string | undefined
}

interface ReadAnswer {
  /** The first line that is not a quote, or the first quote's text; "" for an empty answer. */
  readonly short: string
  readonly quotes: ReadonlyArray<Quote>
}

/**
 * Every quote with a page reference in `answer`, in order. A quote runs from an opening mark to the first closing
 * mark that a page reference follows, so quotes holding quoted words (`the "Company"`) stay whole. Straight and
 * curly marks both appear in model output. A page range takes an en dash (as the engines write it), an em dash or
 * a hyphen.
 */
const quotesOf = (answer: string): ReadonlyArray<Quote> =>
  quoteMatches(answer)
    .map((match) => {
      const page = Number(match.page)
      const last = Number(match.lastPage ?? page)
      return {
        text: match.text.trim(),
        page,
        lastPage: Number.isInteger(last) && last >= page ? last : page,
        document: match.document?.trim() || undefined
      }
    })
    .filter((quote) => quote.text !== "" && Number.isInteger(quote.page) && quote.page > 0)

/** `p. 3`, or `pp. 2–3` for a quote that runs onto later pages. */
export const pagesLabel = (quote: Quote): string =>
  quote.lastPage === quote.page ? `p. ${quote.page}` : `pp. ${quote.page}–${quote.lastPage}`

const isQuoteLine = (line: string) => /^["“]/.test(line) && quotesOf(line).length > 0

/** The short answer and the quotes of an answer's text. */
export const readAnswer = (answer: string): ReadAnswer => {
  const quotes = quotesOf(answer)
  const lines = answer
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
  const first = lines.find((line) => !isQuoteLine(line))
  return { short: first ?? quotes[0]?.text ?? "", quotes }
}

/** A quote's text reduced for finding it in a page: marks of omission dropped, spaces and quote marks unified. */
const normalise = (text: string) => text.replace(/[“”„]/g, '"').replace(/[‘’]/g, "'").replace(/\s+/g, " ").toLowerCase()

/**
 * Where `quote` is in `page` (start and end offsets in `page`), or undefined. Whitespace and quote marks may differ;
 * a quote cut with "…" or "..." is found by its longest uncut part.
 */
export const findQuote = (
  page: string,
  quote: string
): { readonly start: number; readonly end: number } | undefined => {
  // Map each character of the normalised page back to its offset in the original page.
  const offsets: Array<number> = []
  let flat = ""
  let lastSpace = false
  for (let i = 0; i < page.length; i++) {
    const char = page.charAt(i)
    const space = /\s/.test(char)
    if (space && lastSpace) continue
    lastSpace = space
    // Lower-casing may lengthen a character (İ): every character it becomes maps back to the same offset.
    for (const piece of normalise(char)) {
      flat += piece
      offsets.push(i)
    }
  }
  const parts = normalise(quote)
    .split(/…|\.\.\./)
    .map((part) => part.trim())
    .filter((part) => part.length >= 8)
    .sort((a, b) => b.length - a.length)
  for (const part of parts) {
    const at = flat.indexOf(part)
    if (at >= 0) {
      const start = offsets[at] ?? 0
      const end = (offsets[at + part.length - 1] ?? start) + 1
      return { start, end }
    }
  }
  return undefined
}
