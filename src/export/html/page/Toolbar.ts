import type { Cells } from "./Cells.js"
import { button, count, el, replace } from "./Dom.js"
import { type StatusFilter, statusCounts, type ViewState } from "./View.js"

type ViewChange = (change: Partial<ViewState>) => void

/** Search, status filter, column choice and the count of documents shown. */
export class Toolbar {
  readonly element: HTMLDivElement
  readonly search: HTMLInputElement
  private readonly status: HTMLSelectElement
  private readonly columnsSummary: HTMLElement
  private readonly columnsList: HTMLDivElement
  private readonly shown: HTMLSpanElement
  private readonly clear: HTMLButtonElement

  constructor(private readonly change: ViewChange) {
    this.search = el("input", {
      type: "search",
      class: "search",
      placeholder: "Search answers and file names   ( / )",
      "aria-label": "Search answers and file names",
      spellcheck: "false",
      autocomplete: "off"
    })
    this.search.addEventListener("input", () => change({ query: this.search.value }))
    this.status = el("select", { class: "status-filter", "aria-label": "Filter by status" })
    this.status.addEventListener("change", () => change({ status: this.statusValue() }))
    this.columnsSummary = el("summary", { class: "menu-button" }, "Columns")
    this.columnsList = el("div", { class: "menu-list", role: "group", "aria-label": "Columns shown" })
    const columnsMenu = el("details", { class: "menu columns-filter" }, this.columnsSummary, this.columnsList)
    this.shown = el("span", { class: "shown", role: "status", "aria-live": "polite" })
    this.clear = button("Clear filters", () => change({ query: "", status: "all", hidden: new Set() }), {
      class: "link-button"
    })
    this.element = el(
      "div",
      { class: "toolbar", role: "search" },
      this.search,
      this.status,
      columnsMenu,
      this.clear,
      this.shown
    )
  }

  private current: ViewState | undefined
  private columnNames: string | undefined
  private boxes: Array<HTMLInputElement> = []

  /** One checkbox per column, built when the columns change (not on every filter: focus stays where it is). */
  private buildColumns(names: ReadonlyArray<string>): void {
    this.columnNames = names.join("\n")
    const hiddenWith = (col: number, hide: boolean) => {
      const hidden = new Set(this.current?.hidden)
      if (hide) hidden.add(col)
      else hidden.delete(col)
      return hidden
    }
    this.boxes = names.map((_, col) => {
      const box = el("input", { type: "checkbox" })
      box.addEventListener("change", () => this.change({ hidden: hiddenWith(col, !box.checked) }))
      return box
    })
    const all = names.map((_, col) => col)
    replace(
      this.columnsList,
      el(
        "div",
        { class: "menu-actions" },
        button("Show all", () => this.change({ hidden: new Set() }), { class: "link-button" }),
        button("Hide all", () => this.change({ hidden: new Set(all) }), { class: "link-button" })
      ),
      ...names.map((name, col) => el("label", { class: "menu-item" }, this.boxes[col], name))
    )
  }

  private statusValue(): StatusFilter {
    const value = this.status.value
    return value === "failed" || value === "pending" || value === "answered" || value === "changed" ? value : "all"
  }

  /** Shows `view` and its counts. */
  update(cells: Cells, view: ViewState, rowsShown: number): void {
    if (this.search.value !== view.query) this.search.value = view.query
    const counts = statusCounts(cells, view)
    const previous = cells.data.previousRunId
    const option = (value: StatusFilter, label: string, disabled = false) =>
      el("option", { value, selected: view.status === value, disabled }, label)
    replace(
      this.status,
      option("all", "All statuses"),
      option("failed", `Failed (${count(counts.failed)})`),
      option("pending", `Pending (${count(counts.pending)})`),
      option("answered", `Answered (${count(counts.answered)})`),
      option(
        "changed",
        previous === null ? "Changed (no earlier run)" : `Changed since run ${previous} (${count(counts.changed)})`,
        previous === null
      )
    )
    this.status.value = view.status
    replace(this.columnsSummary, `Columns (${cells.cols - view.hidden.size} of ${cells.cols})`)
    this.current = view
    const names = cells.data.columns.map((column) => column.name)
    if (names.join("\n") !== this.columnNames) this.buildColumns(names)
    this.boxes.forEach((box, col) => {
      box.checked = !view.hidden.has(col)
    })
    const filtered = view.query.trim() !== "" || view.status !== "all" || view.hidden.size > 0
    this.clear.hidden = !filtered
    replace(this.shown, `${count(rowsShown)} of ${count(cells.rows)} documents`)
  }
}
