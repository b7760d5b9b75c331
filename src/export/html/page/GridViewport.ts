import {
  elementScroll,
  observeElementOffset,
  observeElementRect,
  type VirtualItem,
  Virtualizer
} from "@tanstack/virtual-core"
import type { Cells } from "./Cells.js"
import { bodyRow, type ColumnWindow, columnWindow, headerHeight, headerRow, rowHeight } from "./GridRows.js"
import { keepUnchanged } from "./KeptRows.js"
import type { ViewState } from "./View.js"

/** What of the grid the viewport reads: the element that scrolls, and the rows and query columns it shows. */
interface Shown {
  readonly element: HTMLDivElement
  readonly rows: ReadonlyArray<number>
  readonly columns: ReadonlyArray<number>
}

/**
 * The part of the grid that is drawn: only the rows in view (and a few beyond) are in the DOM
 * (@tanstack/virtual-core), and of each row only the query columns in view.
 */
export class GridViewport {
  readonly virtualizer: Virtualizer<HTMLDivElement, HTMLDivElement>
  private readonly rendered = new Map<number, HTMLDivElement>()
  /** Rows drawn before the last redraw, kept where their new drawing is the same (see `KeptRows`). */
  private readonly previous = new Map<number, HTMLDivElement>()
  private view: ViewState | undefined
  /** The cell whose detail is open: document row and query column. */
  opened: { readonly row: number; readonly col: number } | undefined
  /** The query columns drawn (positions among those shown): horizontal scrolling moves it. */
  private window: ColumnWindow = { first: 0, last: -1 }

  /** `drawn` is called after each placing of rows, to mark the current cell among them. */
  constructor(
    private readonly grid: Shown,
    private cells: Cells,
    private readonly header: HTMLDivElement,
    private readonly body: HTMLDivElement,
    private readonly drawn: () => void
  ) {
    this.grid.element.addEventListener("scroll", () => this.followColumns(), { passive: true })
    this.virtualizer = new Virtualizer<HTMLDivElement, HTMLDivElement>({
      count: 0,
      getScrollElement: () => this.grid.element,
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

  /** After the grid took new rows or columns: draws the header anew, drops the rows drawn, sets the row count. */
  show(cells: Cells, view: ViewState): void {
    this.cells = cells
    this.view = view
    this.window = this.currentWindow()
    this.redraw()
    this.virtualizer.setOptions({ ...this.virtualizer.options, count: this.grid.rows.length })
    this.virtualizer._willUpdate()
  }

  private currentWindow(): ColumnWindow {
    return columnWindow(this.grid.element.scrollLeft, this.grid.element.clientWidth || 1920, this.grid.columns.length)
  }

  /** Draws the header and forgets the drawn rows: the next render draws them anew, keeping what is unchanged. */
  private redraw(): void {
    this.header.replaceChildren(headerRow(this.cells, this.grid.columns, this.view?.sort, this.window))
    for (const [index, element] of this.rendered) this.previous.set(index, element)
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

  /** Draws the rows in view (and the header again when other query columns came into view). */
  renderRows(): void {
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
    for (const element of this.previous.values()) element.remove()
    this.previous.clear()
    this.drawn()
  }

  private placeRow(item: VirtualItem): void {
    let element = this.rendered.get(item.index)
    if (element === undefined) {
      const drawn = this.previous.get(item.index)
      const fresh = this.buildRow(item.index)
      element = drawn === undefined ? fresh : keepUnchanged(drawn, fresh)
      this.previous.delete(item.index)
      if (element !== drawn) {
        drawn?.remove()
        this.body.append(element)
      }
      this.rendered.set(item.index, element)
    }
    element.style.transform = `translateY(${item.start - headerHeight}px)`
  }

  private buildRow(display: number): HTMLDivElement {
    const { cells, opened, view, window } = this
    const { columns } = this.grid
    return bodyRow({ cells, columns, opened, view, window, display, row: this.grid.rows[display] ?? 0 })
  }
}
