import { findQuote, type Quote } from "../Evidence.js"
import { livePaths } from "../PageData.js"
import { el, marked, replace } from "./Dom.js"
import { fetchJson } from "./LoadData.js"

const textOf = (reply: unknown): string =>
  typeof reply === "object" && reply !== null && "text" in reply && typeof reply.text === "string" ? reply.text : ""

/**
 * The cited page of a local file, fetched from `docsweep view`, with the quote highlighted and scrolled to. A
 * document that is not a local file of the pipeline (404) says so.
 */
export const pageTextView = (documentId: number, quote: Quote): HTMLElement => {
  const box = el("div", { class: "page-text", tabindex: 0, "aria-label": `Page ${quote.page}` }, "Loading the page…")
  const url = `${livePaths.pageText}?document=${encodeURIComponent(documentId)}&page=${encodeURIComponent(quote.page)}`
  fetchJson(url)
    .then((reply) => {
      const text = textOf(reply)
      const found = findQuote(text, quote.text)
      replace(box, marked(text, found === undefined ? [] : [[found.start, found.end]]))
      if (found === undefined) box.prepend(el("p", { class: "muted" }, "The quote was not found on this page."))
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
          reason.includes("404") ? "This document is not a local file of the pipeline." : `Could not load: ${reason}`
        )
      )
    })
  return box
}
