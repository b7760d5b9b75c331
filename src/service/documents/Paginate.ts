/** Characters per synthetic page when a format has no pages of its own. */
export const pageSize = 3000

/**
 * Splits text into pages: form feeds are page breaks; without any, pages of about `size` characters are cut at
 * paragraph boundaries (blank lines), else at line ends, else at spaces.
 */
export const paginate = (text: string, size: number = pageSize): Array<string> => {
  const normalised = text.replace(/\r\n?/g, "\n")
  if (normalised.includes("\f")) return trimPages(normalised.split("\f"))
  const pages: Array<string> = []
  let rest = normalised.trim()
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
