/**
 * Finds quotes with page references in an answer's text, in time that grows with the text's length. It finds what
 * one regular expression describes (see `quotePattern` below), but a regular expression engine runs that
 * expression in cubic time: an answer of 12,000 characters of `"a" — "a" — …` took 155 s, and the page froze.
 * Here each closing mark's page reference is read once, and each opening mark takes the first closing mark after it
 * that has one. Pure: the page and the tests share it.
 *
 * The expression, for reference (flags `giu`), where PAGES is `(?:pp?\.|pages?)\s*(\d+)(?:\s*[-–—]\s*(\d+))?`:
 * `["“](.+?)["”]\s*(?:\(\s*(?:([^()\n]*?),\s*)?PAGES\s*\)|[—–]\s*([^\n]+?),\s*PAGES)`
 */

/** One quote as written: its text, the document it names (if any) and its page or page range as digits. */
export interface QuoteMatch {
  readonly text: string
  readonly document: string | undefined
  readonly page: string
  readonly lastPage: string | undefined
}

const pages = String.raw`(?:pp?\.|pages?)\s*(\d+)(?:\s*[-–—]\s*(\d+))?`
/** After a closing mark: `(p. 3)` or `(file.pdf, p. 3)`. */
const inParentheses = new RegExp(String.raw`\s*\(\s*(?:([^()\n]*?),\s*)?${pages}\s*\)`, "iuy")
/** After a closing mark: a dash, before `file.pdf, p. 3`. */
const dash = /(\s*)[—–](\s*)/uy
/** `, p. 3` wherever it is: the end of a `— file.pdf, p. 3` reference. */
const commaPages = new RegExp(String.raw`,\s*${pages}`, "giu")

interface Reference {
  readonly end: number
  readonly document: string | undefined
  readonly page: string
  readonly lastPage: string | undefined
}

/** Positions in `text` of the characters `test` accepts, ascending. */
const positions = (text: string, test: (char: string) => boolean): Array<number> => {
  const found: Array<number> = []
  for (let i = 0; i < text.length; i++) if (test(text.charAt(i))) found.push(i)
  return found
}

/** The first index of ascending `list` whose value is at least `value` (list.length when none). */
const firstAtLeast = (list: ReadonlyArray<number>, value: number): number => {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((list[middle] ?? 0) < value) low = middle + 1
    else high = middle
  }
  return low
}

/** The page references of `text`'s closing marks, each read once. */
const referencesOf = (text: string): Map<number, Reference> => {
  const newlines = positions(text, (char) => char === "\n")
  const commas = Array.from(text.matchAll(commaPages), (match) => ({
    at: match.index,
    end: match.index + match[0].length,
    page: match[1] ?? "",
    lastPage: match[2]
  }))
  const commaStarts = commas.map((comma) => comma.at)
  const commaAt = (at: number) => {
    const index = firstAtLeast(commaStarts, at)
    return commaStarts[index] === at ? commas[index] : undefined
  }
  /** `— document, p. 3` after the closing mark at `mark`: the document runs on one line up to the first `, p. N`. */
  const afterDash = (mark: number): Reference | undefined => {
    dash.lastIndex = mark + 1
    const found = dash.exec(text)
    if (found === null) return undefined
    const spaced = dash.lastIndex
    const dashEnd = spaced - (found[2] ?? "").length
    const lineEnd = newlines[firstAtLeast(newlines, spaced)] ?? text.length
    const next = commas[firstAtLeast(commaStarts, spaced + 1)]
    if (next !== undefined && next.at < lineEnd) {
      return { end: next.end, document: text.slice(spaced, next.at), page: next.page, lastPage: next.lastPage }
    }
    // The document may be the last space after the dash alone, when the comma follows the spaces at once.
    const direct = commaAt(spaced)
    if (direct === undefined || spaced - 1 < dashEnd || text.charAt(spaced - 1) === "\n") return undefined
    return { end: direct.end, document: text.slice(spaced - 1, spaced), page: direct.page, lastPage: direct.lastPage }
  }
  const references = new Map<number, Reference>()
  for (const mark of positions(text, (char) => char === '"' || char === "”")) {
    inParentheses.lastIndex = mark + 1
    const found = inParentheses.exec(text)
    const reference =
      found === null
        ? afterDash(mark)
        : { end: inParentheses.lastIndex, document: found[1], page: found[2] ?? "", lastPage: found[3] }
    if (reference !== undefined) references.set(mark, reference)
  }
  return references
}

/** What `.` does not match: a quote stays on one line. */
const isLineEnd = (char: string) => char === "\n" || char === "\r" || char === "\u2028" || char === "\u2029"

/** Every quote of `text` followed by a page reference, in order, as the expression above finds them. */
export const quoteMatches = (text: string): Array<QuoteMatch> => {
  const references = referencesOf(text)
  const closings = [...references.keys()]
  const lineEnds = positions(text, isLineEnd)
  const openings = positions(text, (char) => char === '"' || char === "“")
  const matches: Array<QuoteMatch> = []
  let from = 0
  for (const opening of openings) {
    if (opening < from) continue
    const closing = closings[firstAtLeast(closings, opening + 2)]
    const lineEnd = lineEnds[firstAtLeast(lineEnds, opening + 1)] ?? text.length
    const reference = closing === undefined ? undefined : references.get(closing)
    if (closing === undefined || reference === undefined || closing > lineEnd) continue
    matches.push({
      text: text.slice(opening + 1, closing),
      document: reference.document,
      page: reference.page,
      lastPage: reference.lastPage
    })
    from = reference.end
  }
  return matches
}
