import { duration } from "../Durations.js"
import { pagesLabel, type Quote, readAnswer } from "../Evidence.js"
import { type Cells, statusLabel } from "./Cells.js"
import { button, type Child, dateTime, el, isolated, replace } from "./Dom.js"
import { historyView } from "./HistoryView.js"
import { pageTextView } from "./PageText.js"

const pagesText = (pages: number | null | undefined) =>
  pages === null || pages === undefined ? "pages unknown" : `${pages} page${pages === 1 ? "" : "s"}`

/** The cited page(s) of a local file (`docsweep view`): shown at once for the first quote, on request for others. */
const citedPage = (documentId: number, quote: Quote, now: boolean): HTMLElement => {
  if (now) return pageTextView(documentId, quote)
  const show: HTMLButtonElement = button(
    quote.lastPage === quote.page ? `Show page ${quote.page}` : `Show pages ${quote.page}–${quote.lastPage}`,
    () => show.replaceWith(pageTextView(documentId, quote)),
    {
      class: "link-button"
    }
  )
  return show
}

const field = (label: string, ...value: ReadonlyArray<Child>) =>
  el("div", { class: "field" }, el("dt", {}, label), el("dd", {}, ...value))

/**
 * The detail of one cell, beside the grid: the whole answer, its evidence (quote, page, document), status,
 * attempts, seconds, error, and the answers the pair had in earlier runs with the changes marked. Served by
 * `docsweep view`, a quote of a local file also shows its page with the quote highlighted.
 */
export class Detail {
  readonly element: HTMLElement
  private readonly content: HTMLDivElement
  private readonly title: HTMLHeadingElement
  /** The cell shown: document row and query column. */
  shown: { readonly row: number; readonly col: number } | undefined

  constructor(
    private readonly live: boolean,
    /** Told whether the focus was in the panel, to give it back to the grid. */
    private readonly onClose: (hadFocus: boolean) => void
  ) {
    this.title = el("h2", { id: "detail-title", tabindex: -1 })
    this.content = el("div", { class: "detail-content" })
    const close = button("×", () => this.close(), { class: "close", "aria-label": "Close the detail (Escape)" })
    this.element = el(
      "aside",
      { class: "detail", role: "dialog", "aria-modal": "false", "aria-labelledby": "detail-title", hidden: true },
      el("div", { class: "detail-head" }, this.title, close),
      this.content
    )
    this.element.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return
      event.preventDefault()
      this.close()
    })
  }

  close(): void {
    const hadFocus = this.element.contains(document.activeElement)
    this.element.hidden = true
    this.shown = undefined
    this.onClose(hadFocus)
  }

  /** What the panel shows now: live updates that leave it unchanged do not draw it again (nor fetch its page). */
  private drawn: string | undefined

  /** Shows the cell of document `row` in query column `col`, and moves the focus to it. */
  open(cells: Cells, row: number, col: number): void {
    this.shown = { row, col }
    this.drawn = undefined
    this.render(cells)
    this.element.hidden = false
    this.title.focus({ preventScroll: true })
  }

  /**
   * The shown cell is not in the latest data (a `--fresh` run making its column again, or its document or column
   * gone): the panel keeps what it showed, saying so, until the cell is back or the panel is closed.
   */
  markMissing(): void {
    if (this.shown === undefined) return
    this.shown = undefined
    this.drawn = undefined
    this.content.prepend(
      el("p", { class: "missing", role: "status" }, "Not in the latest data: shown as it was when last there.")
    )
  }

  /** Draws the shown cell again (live updates). */
  render(cells: Cells): void {
    if (this.shown === undefined) return
    const { col, row } = this.shown
    const { data } = cells
    const index = cells.index(row, col)
    const column = data.columns[col]
    const documentId = data.documents.ids[row] ?? 0
    const filename = data.documents.filenames[row] ?? ""
    const code = cells.status(index)
    const answer = cells.text(index)
    const read = readAnswer(answer)
    const error = cells.error(index)
    const seconds = data.cells.seconds[index]
    const finished = data.cells.finished[index]
    const history = cells.history(index)
    const drawn = JSON.stringify([
      row,
      col,
      code,
      answer,
      error,
      seconds,
      finished,
      history.length,
      cells.changed(index)
    ])
    if (drawn === this.drawn) return
    this.drawn = drawn
    replace(this.title, column?.name ?? "")
    const facts = el(
      "dl",
      { class: "facts" },
      field("Document", isolated(filename), ` (id ${documentId}, ${pagesText(data.documents.pages[row])})`),
      field("Status", statusLabel[code]),
      field("Attempts", String(data.cells.attempts[index] ?? 0)),
      field("Seconds", seconds === null || seconds === undefined ? "–" : duration(seconds)),
      finished !== null && finished !== undefined
        ? field("Answered", dateTime(new Date(Date.parse(data.run.startedAt) + finished).toISOString()))
        : null
    )
    const evidence = read.quotes.map((quote, position) =>
      el(
        "figure",
        { class: "quote" },
        el("blockquote", {}, quote.text),
        el("figcaption", {}, `${pagesLabel(quote)} · `, isolated(quote.document ?? filename)),
        this.live && quote.document === undefined ? citedPage(documentId, quote, position === 0) : null
      )
    )
    replace(
      this.content,
      el("p", { class: "query" }, column?.query ?? ""),
      el(
        "div",
        { class: "chips" },
        el("span", { class: `chip s-${code}` }, statusLabel[code]),
        cells.changed(index) && el("span", { class: "chip changed" }, `changed since run ${data.previousRunId}`)
      ),
      code === "s" && el("p", { class: "short" }, read.short),
      code === "s" && el("section", {}, el("h3", {}, "Answer"), el("div", { class: "answer-full" }, answer)),
      error !== undefined && el("section", {}, el("h3", {}, "Error"), el("div", { class: "error-box" }, error)),
      evidence.length > 0 && el("section", {}, el("h3", {}, "Evidence"), ...evidence),
      facts,
      history.length > 0 &&
        el("section", {}, el("h3", {}, "This answer across runs"), historyView(history, data.run.id))
    )
  }
}
