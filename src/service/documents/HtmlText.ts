import { convert } from "html-to-text"

const headings = ["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({
  selector,
  options: { uppercase: false }
}))

/** Plain text of an HTML document: no wrapping, no link targets or images, headings as written, tables as rows. */
export const htmlText = (html: string): string =>
  convert(html, {
    wordwrap: false,
    selectors: [
      { selector: "a", options: { ignoreHref: true } },
      { selector: "img", format: "skip" },
      { selector: "table", format: "dataTable", options: { uppercaseHeaderCells: false } },
      ...headings
    ]
  })
