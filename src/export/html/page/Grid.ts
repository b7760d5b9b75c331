import {
  elementScroll,
  observeElementOffset,
  observeElementRect,
  type VirtualItem,
  Virtualizer
} from "@tanstack/virtual-core"
import type { Cells } from "./Cells.js"
import { el } from "./Dom.js"
import { gridKeys } from "./GridKeys.js"
import {
  bodyRow,
  type ColumnWindow,
  cellId,
  columnWindow,
  documentColumns,
  headerHeight,
  headerRow,
  queryWidth,
  rowHeight,
  sortKeyOf,
  stickyWidth
} from "./GridRows.js"
import type { SortKey, ViewState } from "./View.js"

interface GridActions {
  /** Show the detail of a document's cell in a query column. */
  readonly open: (row: number, col: number) => void
  readonly sort: (key: SortKey) => void
}

/** Where the keyboard is: a display row (-1: the header) and a grid column (0–2 document, 3… query columns). */
export interface Position {
  readonly row: number
  readonly col: number
}

/**
 * The results grid: one row per document, one column per shown query. ARIA grid roles throughout; only the rows in
 * view (and a few beyond) are in the DOM (@tanstack/virtual-core), each carrying its `aria-rowindex`, and of each
 * row only the query columns in view (`aria-colindex`). The grid element keeps the focus and points at the current
 * cell with `aria-activedescendant`.
 */
export class Grid {
  readonly element: HTMLDivElement
  private readonly header: HTMLDivElement
  private readonly body: HTMLDivElement
  private readonly virtualizer: Virtualizer<HTMLDivElement, HTMLDivElement>
  private readonly rendered = new Map<number, HTMLDivElement>()
  rows: ReadonlyArray<number> = []
  columns: ReadonlyArray<number> = []
  private view: ViewState | undefined
  active: Position = { row: 0, col: 1 }
  /** The cell whose detail is open: document row and query column. */
  private opened: { readonly row: number; readonly col: number } | undefined
  /** The query columns drawn (positions among those shown): horizontal scrolling moves it. */
  private window: ColumnWindow = { first: 0, last: -1 }

  constructor(
    private cells: Cells,
    readonly actions: GridActions
  ) {
    this.header = el("div", { class: "grid-header", role: "rowgroup" })
    this.body = el("div", { class: "grid-body", role: "rowgroup" })
    this.element = el(
      "div",
      { class: "grid", role: "grid", tabindex: 0, "aria-label": "Results" },
      this.header,
      this.body
    )
    this.element.addEventListener("keydown", (event) => gridKeys(event, this))
    this.element.addEventListener("click", (event) => this.clicked(event))
    this.element.addEventListener("scroll", () => this.followColumns(), { passive: true })
    this.virtualizer = new Virtualizer<HTMLDivElement, HTMLDivElement>({
      count: 0,
      getScrollElement: () => this.element,
      estimateSize: () => rowHeight,
      scrollToFn: elementScroll,
      observeElementRect,
      observeElementOffset,
      overscan: 6,
      scrollMargin: headerHeight,
      scrollPaddingStart: headerHeight,
      onChange: () => this.renderRows()
    })
  }

  /** Call once the grid is in the document: starts watching its size and scroll. */
  mount(): void {
    this.virtualizer._didMount()
    this.virtualizer._willUpdate()
  }

  /** Shows `rows` (document rows in order) and the shown query `columns` under `view`'s filters. */
  show(cells: Cells, rows: ReadonlyArray<number>, columns: ReadonlyArray<number>, view: ViewState): void {
    this.cells = cells
    this.rows = rows
    this.columns = columns
    this.view = view
    const template = [...documentColumns.map((c) => `${c.width}px`), ...columns.map(() => `${queryWidth}px`)]
    this.element.style.setProperty("--grid-columns", template.join(" "))
    this.element.style.setProperty("--grid-width", `${stickyWidth + columns.length * queryWidth}px`)
    this.element.setAttribute("aria-rowcount", String(rows.length + 1))
    this.element.setAttribute("aria-colcount", String(documentColumns.length + columns.length))
    this.window = this.currentWindow()
    this.redraw()
    this.virtualizer.setOptions({ ...this.virtualizer.options, count: rows.length })
    this.virtualizer._willUpdate()
    this.moveTo(this.clamp(this.active), false)
    this.renderRows()
  }

  get columnCount(): number {
    return documentColumns.length + this.columns.length
  }

  /** Rows that fit in the viewport: the step of Page Up and Page Down. */
  get pageRows(): number {
    return Math.max(1, Math.floor((this.element.clientHeight - headerHeight) / rowHeight) - 1)
  }

  clamp(position: Position): Position {
    return {
      row: Math.max(-1, Math.min(this.rows.length - 1, position.row)),
      col: Math.max(0, Math.min(this.columnCount - 1, position.col))
    }
  }

  /** Makes `position` the current cell, scrolling it into view. */
  moveTo(position: Position, scroll = true): void {
    this.active = this.clamp(position)
    if (scroll && this.active.row >= 0) this.virtualizer.scrollToIndex(this.active.row, { align: "auto" })
    if (scroll) this.revealColumn(this.active.col)
    this.markActive()
  }

  /** Marks the cell whose detail is open (undefined: none). */
  setOpened(cell: { readonly row: number; readonly col: number } | undefined): void {
    this.opened = cell
    for (const previous of this.element.querySelectorAll(".opened")) previous.classList.remove("opened")
    if (cell === undefined) return
    const display = this.rows.indexOf(cell.row)
    const position = this.columns.indexOf(cell.col)
    if (display >= 0 && position >= 0) {
      this.element.querySelector(`#${cellId(display, position + documentColumns.length)}`)?.classList.add("opened")
    }
  }

  /** Scrolls the current cell into view again (the detail panel narrows the grid when it opens). */
  revealActive(): void {
    requestAnimationFrame(() => this.revealColumn(this.active.col))
  }

  /** Opens the detail of the current cell (a document column opens the row's first shown query). */
  openActive(): void {
    const { col, row } = this.active
    const documentRow = this.rows[row]
    if (row < 0) {
      const key = sortKeyOf(this.columns, col)
      if (key !== undefined) this.actions.sort(key)
    } else if (documentRow !== undefined && this.columns.length > 0) {
      const query = this.columns[Math.max(0, col - documentColumns.length)]
      if (query !== undefined) this.actions.open(documentRow, query)
    }
  }

  private revealColumn(col: number): void {
    if (col < documentColumns.length) return
    const left = stickyWidth + (col - documentColumns.length) * queryWidth
    const view = this.element
    if (left < view.scrollLeft + stickyWidth) view.scrollLeft = left - stickyWidth
    else if (left + queryWidth > view.scrollLeft + view.clientWidth)
      view.scrollLeft = left + queryWidth - view.clientWidth
  }

  private markActive(): void {
    for (const previous of this.element.querySelectorAll(".active")) previous.classList.remove("active")
    const id = cellId(this.active.row, this.active.col)
    const current = this.element.querySelector(`#${id}`)
    current?.classList.add("active")
    if (current === null) this.element.removeAttribute("aria-activedescendant")
    else this.element.setAttribute("aria-activedescendant", id)
  }

  private clicked(event: MouseEvent): void {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-col]") : null
    if (target === null) return
    const col = Number(target.dataset.col)
    const row = Number(target.dataset.row)
    this.moveTo({ row, col }, false)
    this.element.focus({ preventScroll: true })
    this.openActive()
  }

  private currentWindow(): ColumnWindow {
    return columnWindow(this.element.scrollLeft, this.element.clientWidth || 1920, this.columns.length)
  }

  /** Draws the header and forgets the drawn rows (the next render draws them anew). */
  private redraw(): void {
    this.header.replaceChildren(headerRow(this.cells, this.columns, this.view?.sort, this.window))
    for (const element of this.rendered.values()) element.remove()
    this.rendered.clear()
  }

  /** When other query columns came into view (a horizontal scroll, a resize): draws the header anew; true then. */
  private syncWindow(): boolean {
    const next = this.currentWindow()
    if (next.first === this.window.first && next.last === this.window.last) return false
    this.window = next
    this.redraw()
    return true
  }

  /** After a scroll: draws the rows again only when other columns came into view (the virtualizer follows rows). */
  private followColumns(): void {
    if (this.syncWindow()) this.placeRows()
  }

  private renderRows(): void {
    this.syncWindow()
    this.placeRows()
  }

  /** Places the rows the virtualizer wants, drawing those not yet drawn. */
  private placeRows(): void {
    const items = this.virtualizer.getVirtualItems()
    this.body.style.height = `${Math.max(0, this.virtualizer.getTotalSize() - headerHeight)}px`
    const wanted = new Set(items.map((item) => item.index))
    for (const [index, element] of this.rendered) {
      if (wanted.has(index)) continue
      element.remove()
      this.rendered.delete(index)
    }
    for (const item of items) this.placeRow(item)
    this.markActive()
  }

  private placeRow(item: VirtualItem): void {
    let element = this.rendered.get(item.index)
    if (element === undefined) {
      element = this.buildRow(item.index)
      this.rendered.set(item.index, element)
      this.body.append(element)
    }
    element.style.transform = `translateY(${item.start - headerHeight}px)`
  }

  private buildRow(display: number): HTMLDivElement {
    const { cells, columns, opened, view, window } = this
    return bodyRow({ cells, columns, opened, view, window, display, row: this.rows[display] ?? 0 })
  }
}
