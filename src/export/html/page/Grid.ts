import type { Cells } from "./Cells.js"
import { el } from "./Dom.js"
import { gridKeys } from "./GridKeys.js"
import { cellId, documentColumns, headerHeight, queryWidth, rowHeight, sortKeyOf, stickyWidth } from "./GridRows.js"
import { GridViewport } from "./GridViewport.js"
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

/** The grid cell an event happened in, if any. */
const cellOf = (target: EventTarget | null): HTMLElement | undefined =>
  (target instanceof Element ? target.closest<HTMLElement>("[data-col]") : null) ?? undefined

/**
 * The results grid: one row per document, one column per shown query. ARIA grid roles throughout; only the rows in
 * view (and a few beyond) are in the DOM (@tanstack/virtual-core), each carrying its `aria-rowindex`, and of each
 * row only the query columns in view (`aria-colindex`). The grid element keeps the focus and points at the current
 * cell with `aria-activedescendant`.
 */
export class Grid {
  readonly element: HTMLDivElement
  private readonly viewport: GridViewport
  rows: ReadonlyArray<number> = []
  columns: ReadonlyArray<number> = []
  active: Position = { row: 0, col: 1 }
  /** The cell a pointer pressed, until its release: a live update may draw it anew in between. */
  private pressed: HTMLElement | undefined

  constructor(
    cells: Cells,
    readonly actions: GridActions
  ) {
    const header = el("div", { class: "grid-header", role: "rowgroup" })
    const body = el("div", { class: "grid-body", role: "rowgroup" })
    this.element = el("div", { class: "grid", role: "grid", tabindex: 0, "aria-label": "Results" }, header, body)
    this.element.addEventListener("keydown", (event) => gridKeys(event, this))
    this.element.addEventListener("click", (event) => this.clicked(event))
    this.element.addEventListener("pointerdown", (event) => {
      this.pressed = cellOf(event.target)
    })
    this.element.addEventListener("pointerup", (event) => this.released(event))
    this.viewport = new GridViewport(this, cells, header, body, () => this.markActive())
  }

  /** Call once the grid is in the document: starts watching its size and scroll. */
  mount(): void {
    this.viewport.mount()
  }

  /** Shows `rows` (document rows in order) and the shown query `columns` under `view`'s filters. */
  show(cells: Cells, rows: ReadonlyArray<number>, columns: ReadonlyArray<number>, view: ViewState): void {
    this.rows = rows
    this.columns = columns
    const template = [...documentColumns.map((c) => `${c.width}px`), ...columns.map(() => `${queryWidth}px`)]
    this.element.style.setProperty("--grid-columns", template.join(" "))
    this.element.style.setProperty("--grid-width", `${stickyWidth + columns.length * queryWidth}px`)
    this.element.setAttribute("aria-rowcount", String(rows.length + 1))
    this.element.setAttribute("aria-colcount", String(documentColumns.length + columns.length))
    this.viewport.show(cells, view)
    this.moveTo(this.clamp(this.active), false)
    this.viewport.renderRows()
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
    if (scroll && this.active.row >= 0) this.viewport.virtualizer.scrollToIndex(this.active.row, { align: "auto" })
    if (scroll) this.revealColumn(this.active.col)
    this.markActive()
  }

  /** Marks the cell whose detail is open (undefined: none). */
  setOpened(cell: { readonly row: number; readonly col: number } | undefined): void {
    this.viewport.opened = cell
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
    const target = cellOf(event.target)
    if (target !== undefined) this.openCell(target)
  }

  /**
   * A press and release on a cell that a live update drew anew in between (KeptRows replaces a changed cell) makes
   * no click on it: the browser clicks their common ancestor. The release opens the cell when it is on the new
   * drawing of the cell pressed.
   */
  private released(event: PointerEvent): void {
    const pressed = this.pressed
    this.pressed = undefined
    if (pressed === undefined || pressed.isConnected || event.button !== 0) return
    const under = cellOf(document.elementFromPoint(event.clientX, event.clientY))
    const same = under?.dataset.row === pressed.dataset.row && under?.dataset.col === pressed.dataset.col
    if (under !== undefined && same) this.openCell(under)
  }

  private openCell(cell: HTMLElement): void {
    const col = Number(cell.dataset.col)
    const row = Number(cell.dataset.row)
    this.moveTo({ row, col }, false)
    this.element.focus({ preventScroll: true })
    this.openActive()
  }
}
