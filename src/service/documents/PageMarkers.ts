import { bySize } from "./Paginate.js"

/**
 * Printed page numbers in plain text (text converted from PDF, or typed): a line that holds only "3", "- 3 -",
 * "Page 3", "Page 3 of 10" or "3 of 10".
 */
const markerLine =
  /^[ \t]*(?:-[ \t]*(\d{1,4})[ \t]*-|(?:page|pg\.?)[ \t]+(\d{1,4})(?:[ \t]+of[ \t]+\d{1,4})?|(\d{1,4})[ \t]+of[ \t]+\d{1,4}|(\d{1,4}))[ \t]*$/gim

/** Page numbers count only when the pages they make hold this many characters on average (not a numbered list). */
const minPageChars = 400

interface Marker {
  readonly number: number
  /** "- 3 -", "Page 3", "3 of 10": clearly a page number, where a bare "3" might be anything. */
  readonly decorated: boolean
  readonly start: number
  readonly end: number
}

const markersOf = (text: string): Array<Marker> =>
  [...text.matchAll(markerLine)].map((m) => ({
    number: Number(m[1] ?? m[2] ?? m[3] ?? m[4]),
    decorated: m[4] === undefined,
    start: m.index,
    end: m.index + m[0].length
  }))

/** The longest run of markers, in text order, numbered n, n+1, n+2, … (other numbers on their own lines are text). */
const longestRun = (markers: ReadonlyArray<Marker>): Array<Marker> => {
  const runLength: Array<number> = []
  const previous: Array<number> = []
  const lastWith = new Map<number, number>()
  let best = -1
  markers.forEach((marker, i) => {
    const before = lastWith.get(marker.number - 1)
    runLength[i] = before === undefined ? 1 : (runLength[before] ?? 0) + 1
    previous[i] = before ?? -1
    const holder = lastWith.get(marker.number)
    if (holder === undefined || (runLength[holder] ?? 0) <= (runLength[i] ?? 0)) lastWith.set(marker.number, i)
    if (best < 0 || (runLength[i] ?? 0) > (runLength[best] ?? 0)) best = i
  })
  const run: Array<Marker> = []
  for (let i = best; i >= 0; i = previous[i] ?? -1) {
    const marker = markers[i]
    if (marker !== undefined) run.unshift(marker)
  }
  return run
}

/** Text cut into `count` pieces of about equal size at line ends. */
const splitEvenly = (text: string, count: number): Array<string> => {
  const pieces: Array<string> = []
  let rest = text
  for (let left = count; left > 1; left--) {
    const target = Math.round(rest.length / left)
    const cut = rest.indexOf("\n", target)
    const at = cut < 0 ? rest.length : cut
    pieces.push(rest.slice(0, at))
    rest = rest.slice(at)
  }
  pieces.push(rest)
  return pieces
}

/**
 * Pages from printed page numbers, or undefined when the text has none: at least two markers numbered in sequence
 * whose pages are page-sized (three when the numbers are bare). A number ends its page (a footer, as contracts print them), unless a "1" stands
 * above nearly all of the first page's text, which makes them headers. Text before the first footer numbered k is cut
 * into as many of pages 1…k as its size makes; text after the last one makes the next pages. Marker lines are left out of the pages.
 */
export const pagesFromMarkers = (text: string): Array<string> | undefined => {
  const run = longestRun(markersOf(text))
  const first = run[0]
  const last = run[run.length - 1]
  if (first === undefined || last === undefined || run.length < (first.decorated ? 2 : 3)) return undefined
  const average = (last.start - first.end) / (run.length - 1)
  if (average < minPageChars) return undefined
  const between = run.slice(1).map((marker, i) => text.slice(run[i]?.end ?? 0, marker.start))
  const before = text.slice(0, first.start)
  const after = text.slice(last.end)
  // Unnumbered pages after the last number (exhibits, signature pages) are cut to the numbered pages' size.
  const trailing = after.trim().length === 0 ? [] : after.length > average * 1.5 ? bySize(after, average) : [after]
  // "1" above nearly all of the first page's text: page numbers printed at the top.
  if (first.number === 1 && before.trim().length < minPageChars / 2) {
    return [`${before}${between[0] ?? ""}`, ...between.slice(1), ...trailing]
  }
  // Text before the footer numbered k holds up to k pages: as many as its size makes, the last of them page k.
  const count = Math.min(first.number, Math.max(1, Math.round(before.length / average)))
  const leading = [...Array.from({ length: first.number - count }, () => ""), ...splitEvenly(before, count)]
  return [...leading, ...between, ...trailing]
}
