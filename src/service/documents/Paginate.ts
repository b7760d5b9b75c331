import { pagesFromMarkers } from "./PageMarkers.js"

/** Characters per page when plain text marks no pages of its own (stated in the README). */
const pageSize = 3000

/**
 * Splits plain text into pages: form feeds are page breaks; else printed page numbers ("- 3 -", "Page 3",
 * "3 of 10", a bare "3" in sequence) mark them; else pages of about `size` characters are cut at paragraph
 * boundaries (blank lines), else at line ends, else at spaces.
 */
export const paginate = (text: string, size: number = pageSize): Array<string> => {
  const normalised = text.replace(/\r\n?/g, "\n")
  const fed = formFeedPages(normalised)
  if (fed.length > 1) return fed
  // A form feed that separates no text (one at the end) marks no page: the page numbers or sizes do.
  const plain = normalised.replaceAll("\f", "\n")
  const marked = pagesFromMarkers(plain)
  if (marked !== undefined) return trimPages(marked)
  return bySize(plain, size)
}

/**
 * Pages between form feeds. A form feed ends each page in text converted from PDF (pdftotext), so a leading one
 * there is a blank first page; in a file that does not end with one, form feeds start pages (line printers'
 * reports), so a leading one starts page 1.
 */
const formFeedPages = (text: string): Array<string> => {
  const pages = text.split("\f")
  const startsPages = /^\s*\f/.test(text) && !/\f\s*$/.test(text)
  return trimPages(startsPages ? pages.slice(1) : pages)
}

/** Pages of about `size` characters, cut at paragraph boundaries, else line ends, else spaces. */
export const bySize = (text: string, size: number = pageSize): Array<string> => {
  const pages: Array<string> = []
  let rest = text.trim()
  while (rest.length > size * 1.2) {
    const cut = cutAt(rest, size)
    pages.push(rest.slice(0, cut))
    rest = rest.slice(cut).replace(/^\s+/, "")
  }
  if (rest.length > 0 || pages.length === 0) pages.push(rest)
  return trimPages(pages)
}

const cutAt = (text: string, size: number): number => {
  const window = text.slice(0, Math.round(size * 1.2))
  for (const separator of ["\n\n", "\n", ". ", " "]) {
    const at = window.lastIndexOf(separator)
    if (at >= size * 0.5) return at + separator.length
  }
  return size
}

const trimPages = (pages: ReadonlyArray<string>): Array<string> => {
  const out = pages.map((page) => page.replace(/^\s*\n/, "").trimEnd())
  // A trailing form feed leaves an empty last page that no reader would count.
  while (out.length > 1 && (out[out.length - 1] ?? "").trim().length === 0) out.pop()
  return out
}
