import { findQuote, type Quote } from "../Evidence.js"
import { livePaths } from "../PageData.js"
import { el, marked, replace } from "./Dom.js"
import { fetchJson, ReplyError } from "./LoadData.js"

const textOf = (reply: unknown): string =>
  typeof reply === "object" && reply !== null && "text" in reply && typeof reply.text === "string" ? reply.text : ""

/** Most pages one quote's view fetches: a quote runs onto the next page, not across a whole document. */
const maxPages = 4

const pageUrl = (documentId: number, page: number) =>
  `${livePaths.pageText}?document=${encodeURIComponent(documentId)}&page=${encodeURIComponent(page)}`

/**
 * The cited page of a local file, fetched from `docsweep view`, with the quote highlighted and scrolled to; a
 * quote that runs onto later pages (`pp. 2–3`) shows those pages one after the other, so it is found across the
 * break. A document that is not a local file of the pipeline (404) says so.
 */
export const pageTextView = (documentId: number, quote: Quote): HTMLElement => {
  const last = Math.min(quote.lastPage, quote.page + maxPages - 1)
  const label = last === quote.page ? `Page ${quote.page}` : `Pages ${quote.page}–${last}`
  const box = el("div", { class: "page-text", tabindex: 0, "aria-label": label }, "Loading the page…")
  const numbers = Array.from({ length: last - quote.page + 1 }, (_, n) => quote.page + n)
  Promise.all(numbers.map((page) => fetchJson(pageUrl(documentId, page))))
    .then((replies) => {
      const text = replies.map(textOf).join("\n\n")
      const found = findQuote(text, quote.text)
      replace(box, marked(text, found))
      if (found === undefined)
        box.prepend(
          el(
            "p",
            { class: "muted" },
            last === quote.page ? "The quote was not found on this page." : "The quote was not found on these pages."
          )
        )
      // Scrolls the page box only (the box is position: relative), not the panel around it.
      const mark = box.querySelector("mark")
      if (mark !== null) box.scrollTop = Math.max(0, mark.offsetTop - box.clientHeight / 3)
    })
    .catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error)
      replace(
        box,
        el(
          "p",
          { class: "muted" },
          error instanceof ReplyError && error.status === 404
            ? "This document is not a local file of the pipeline."
            : `Could not load: ${reason}`
        )
      )
    })
  return box
}
