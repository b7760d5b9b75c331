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
 * recurs on at least half of the pages, and bare page numbers ("- 3 -", "Page 3"). Needs three pages or more.
 */
export const stripPageFurniture = (pages: ReadonlyArray<string>): Array<string> => {
  if (pages.length < 3) return [...pages]
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

const isPageNumber = (line: string) => /^\s*(?:-\s*\d+\s*-|(?:page\s+)?\d+(?:\s+of\s+\d+)?)\s*$/i.test(line)
