/** A line with its digits blanked, so "Page 2 of 6" and "Page 3 of 6" compare equal. */
const shape = (line: string) => line.trim().replace(/\d+/g, "#").toLowerCase()

/** How many lines at the top and bottom of a page may be running headers or footers. */
const edge = 3

const edgeLines = (page: string): Array<string> => {
  const lines = page.split("\n").filter((line) => line.trim().length > 0)
  return [...lines.slice(0, edge), ...lines.slice(Math.max(edge, lines.length - edge))]
}

/**
 * Removes running headers and footers: short lines near the top or bottom of a page whose shape (digits ignored)
 * recurs on at least half of the pages, and bare page numbers ("- 3 -", "Page 3"). Needs three pages or more, but for
 * decorated page numbers, which go wherever they stand.
 */
export const stripPageFurniture = (given: ReadonlyArray<string>): Array<string> => {
  // A printed page number ("-4-", "Page 4 of 12") is furniture wherever it stands: where the text's pages were cut
  // by size (odd pages unnumbered, say), it stands mid-page and would join the clauses on either side of it.
  const pages = given.map((page) => page.replace(pageNumberLine, ""))
  if (pages.length < 3) return pages
  const counts = new Map<string, number>()
  for (const page of pages) {
    for (const line of new Set(edgeLines(page).map(shape))) counts.set(line, (counts.get(line) ?? 0) + 1)
  }
  const running = new Set(
    [...counts].filter(([line, count]) => count >= pages.length / 2 && line.length <= 120).map(([line]) => line)
  )
  return pages.map((page) => {
    const edges = new Set(edgeLines(page))
    return page
      .split("\n")
      .filter((line) => !(edges.has(line) && (running.has(shape(line)) || isPageNumber(line))))
      .join("\n")
  })
}

/** A page number decorated as one: "-4-", "- 4 -", "Page 4", "Page 4 of 12", "4 of 12". */
const decoratedNumber = String.raw`-[ \t]*\d{1,4}[ \t]*-|page[ \t]+\d{1,4}(?:[ \t]+of[ \t]+\d{1,4})?|\d{1,4}[ \t]+of[ \t]+\d{1,4}`

/** A line that holds only a decorated page number, with its line end. */
const pageNumberLine = new RegExp(`^[ \\t]*(?:${decoratedNumber})[ \\t]*(?:\\n|$)`, "gim")

/** A line that holds only a page number, decorated or bare ("3"): at a page's edge, that is what it is. */
const pageNumberOnly = new RegExp(`^\\s*(?:${decoratedNumber}|\\d+)\\s*$`, "i")
const isPageNumber = (line: string) => pageNumberOnly.test(line)

/**
 * The notice an SEC filing prints where it redacts ("*** Confidential treatment has been requested for redacted
 * portions of this exhibit", "Portions of this page have been omitted pursuant to a request for Confidential
 * Treatment …"): it says nothing of the contract, yet its "confidential" and "omitted" would rank it for questions
 * about confidentiality. Often run into the text of the page it heads, so it is blanked, not the sentence dropped.
 */
const filingLegend =
  /\bconfidential\s+treatment\s+(?:has\s+been\s+|was\s+|is\s+)?requested(?:\s+for\s+(?:the\s+)?redacted\s+portions\s+of\s+this\s+(?:exhibit|document))?|\bportions?\s+of\s+this\s+(?:page|exhibit|document)\s+(?:have|has)\s+been\s+omitted\s+pursuant\s+to\s+a\s+request\s+for\s+confidential\s+treatment(?:\s+(?:and\s+)?filed\s+separately\s+with\s+the\s+(?:securities\s+and\s+exchange\s+)?commission)?|\bcertain\s+(?:confidential\s+)?information\s+(?:in|contained\s+in)\s+this\s+(?:document|exhibit)[^.]{0,60}?\bhas\s+been\s+omitted\b[^.]{0,200}|\bmaterial\s+has\s+been\s+omitted\s+and\s+filed\s+separately\s+with\s+the\s+(?:securities\s+and\s+exchange\s+)?commission|\bthis\s+copy\s+omits\s+the\s+information\s+subject\s+to\s+the\s+confidentiality\s+request|\bomissions\s+are\s+designated\s+as\s+\S+|\bfiled\s+separately\s+with\s+the\s+(?:securities\s+and\s+exchange\s+)?commission\s+pursuant\s+to\s+(?:an\s+application\s+requesting\s+)?confidential\s+treatment\b[^.]{0,120}|\b(?:such\s+)?(?:excluded|omitted|redacted)\s+information\s+is\s+(?:both\s+)?(?:\(i\)\s+)?not\s+material\s+and\s+(?:\(ii\)\s+)?(?:would|is)\b[^.]{0,160}|\bwould\s+(?:likely\s+)?cause\s+competitive\s+harm\s+to\s+the\s+registrant(?:\s+if\s+publicly\s+disclosed)?/gi
const mayHoldLegend = /confidential\s+treatment|omitted|omits|omissions|competitive\s+harm/i

/**
 * The text with any filing legend blanked to spaces of its length (so positions still point into the text), for
 * ranking and for reading clauses; quotes keep the text as it stands.
 */
export const withoutFilingLegends = (text: string): string =>
  mayHoldLegend.test(text) ? text.replace(filingLegend, (legend) => " ".repeat(legend.length)) : text
