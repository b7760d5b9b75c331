import type { Chart } from "chart.js"
import type { PageData } from "../PageData.js"
import { Cells } from "./Cells.js"
import { renderChats } from "./Chats.js"
import { Detail } from "./Detail.js"
import { dateTime, el, replace } from "./Dom.js"
import { Grid } from "./Grid.js"
import { renderOverview } from "./Overview.js"
import { Tabs } from "./Tabs.js"
import { Toolbar } from "./Toolbar.js"
import {
  displayRows,
  initialView,
  type NamedChoices,
  nameChoices,
  noChoices,
  placeChoices,
  type SortKey,
  shownColumns,
  type ViewState
} from "./View.js"

/** The whole page: header, the Results, Overview and Chats tabs, and the cell detail. */
export class App {
  private cells: Cells
  private view: ViewState = initialView
  /** The view's columns and the open cell by name, as live updates carry them (see `NamedChoices`). */
  private choices: NamedChoices = noChoices
  private readonly grid: Grid
  private readonly toolbar: Toolbar
  private readonly detail: Detail
  private readonly tabs: Tabs
  private readonly heading = el("div", { class: "heading" })
  private readonly liveMark = el("span", { class: "live", role: "status", hidden: true })
  private readonly overview = el("div", { class: "overview" })
  private readonly chats = el("div", { class: "chats" })
  private readonly charts: Array<Chart> = []
  private pending = false
  /** Tabs drawn from older data, drawn again when next shown. */
  private stale = new Set<string>(["overview", "chats"])

  constructor(
    private readonly root: HTMLElement,
    data: PageData,
    live: boolean
  ) {
    this.cells = new Cells(data)
    this.grid = new Grid(this.cells, { open: (row, col) => this.open(row, col), sort: (key) => this.sortBy(key) })
    this.toolbar = new Toolbar((change) => this.change(change))
    this.detail = new Detail(live, (hadFocus) => {
      this.choices = { ...this.choices, cell: undefined }
      this.grid.setOpened(undefined)
      if (hadFocus) this.grid.element.focus({ preventScroll: true })
    })
    const results = el(
      "div",
      { class: "results" },
      this.toolbar.element,
      el("div", { class: "results-body" }, this.grid.element, this.detail.element)
    )
    this.tabs = new Tabs(
      [
        { id: "results", label: "Results", panel: results },
        { id: "overview", label: "Overview", panel: this.overview },
        { id: "chats", label: "Chats", panel: this.chats }
      ],
      (id) => this.drawTab(id)
    )
    this.liveMark.hidden = !live
    replace(this.liveMark, "Live")
    const brand = el("div", { class: "brand" }, el("span", { class: "logo", "aria-hidden": "true" }), "docsweep")
    const header = el("header", { class: "top" }, brand, this.heading, this.liveMark, this.tabs.list)
    replace(root, header, el("main", { class: "panels" }, ...this.tabs.panels))
    document.addEventListener("keydown", (event) => this.shortcut(event))
    this.grid.mount()
    this.drawHeading()
    this.apply()
    // The benchmark reads this: the first rows are drawn once this frame is painted.
    requestAnimationFrame(() => performance.mark("docsweep-first-rows"))
    this.prepareSearchSoon()
  }

  /** Builds the search text right after the first rows are painted, so a first search finds it ready. */
  private prepareSearchSoon(): void {
    const cells = this.cells
    requestAnimationFrame(() => setTimeout(() => cells.prepareSearch(), 0))
  }

  /**
   * Live data from `docsweep view`: everything is drawn again, keeping filters, sort and the open detail on their
   * columns and document (which an edited pipeline may have moved). While the data lacks a chosen column (a `--fresh`
   * run makes its columns again) the choice waits for it, and an open detail keeps what it showed, saying so.
   */
  update(data: PageData): void {
    this.choices = nameChoices(this.view, this.detail.shown, this.cells.data, this.choices)
    this.cells = new Cells(data)
    const placed = placeChoices(this.choices, this.view, data)
    this.view = placed.view
    if (this.choices.cell !== undefined) {
      if (placed.cell === undefined) this.detail.markMissing()
      else this.detail.shown = placed.cell
      this.grid.setOpened(placed.cell)
    }
    this.prepareSearchSoon()
    this.stale = new Set(["overview", "chats"])
    this.drawHeading()
    this.apply()
    this.detail.render(this.cells)
    this.drawTab(this.tabs.current)
    this.updatedAt = dateTime(new Date().toISOString()).slice(11)
    this.liveProblem(undefined)
  }

  private updatedAt: string | undefined

  /** Live from `docsweep view`: marks the page not live while the viewer cannot give the latest data (undefined: it can). */
  liveProblem(problem: string | undefined): void {
    this.liveMark.classList.toggle("stale", problem !== undefined)
    if (problem !== undefined) replace(this.liveMark, `Not live: ${problem}`)
    else replace(this.liveMark, this.updatedAt === undefined ? "Live" : `Live · updated ${this.updatedAt}`)
  }

  private drawHeading(): void {
    const { pipeline, run } = this.cells.data
    replace(
      this.heading,
      el("h1", {}, pipeline.name),
      el("span", { class: `chip outcome o-${run.outcome}` }, run.outcome),
      el("span", { class: "muted" }, `Run ${run.id} · ${dateTime(run.startedAt)} · ${this.cells.rows} documents`)
    )
  }

  private drawTab(id: string): void {
    if (!this.stale.has(id)) return
    this.stale.delete(id)
    if (id === "overview") renderOverview(this.overview, this.cells, this.charts, (reason) => this.showFailures(reason))
    if (id === "chats") renderChats(this.chats, this.cells.data.chats)
  }

  private change(change: Partial<ViewState>): void {
    this.view = { ...this.view, ...change }
    // Typing fires an input event per key: the grid is filtered once per frame, with the latest text.
    if (this.pending) return
    this.pending = true
    requestAnimationFrame(() => {
      this.pending = false
      this.apply()
    })
  }

  /** Filters, sorts and draws the grid and the toolbar for the current view. */
  private apply(): void {
    const rows = displayRows(this.cells, this.view)
    this.grid.show(this.cells, rows, shownColumns(this.cells, this.view), this.view)
    this.toolbar.update(this.cells, this.view, rows.length)
    // Tests and the benchmark wait for this: the search and filters now drawn.
    this.root.dataset.applied = this.view.query
    this.root.dataset.status = this.view.status
    this.root.dataset.rows = String(rows.length)
  }

  private sortBy(key: SortKey): void {
    const current = this.view.sort
    const sort =
      current?.key !== key ? { key, descending: false } : current.descending ? undefined : { key, descending: true }
    this.view = { ...this.view, sort }
    this.apply()
  }

  private open(row: number, col: number): void {
    this.detail.open(this.cells, row, col)
    this.grid.setOpened({ row, col })
    this.grid.revealActive()
  }

  private showFailures(reason: string): void {
    this.view = { ...this.view, status: "failed", query: reason.toLowerCase().slice(0, 80) }
    this.tabs.select("results")
    this.apply()
  }

  private shortcut(event: KeyboardEvent): void {
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement
    if (event.key === "/" && !typing) {
      event.preventDefault()
      this.tabs.select("results")
      this.toolbar.search.focus()
    }
  }
}
