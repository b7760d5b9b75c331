import type { Cells } from "./Cells.js"
import { el } from "./Dom.js"
import { cellPasses, type Sort, type SortKey, type ViewState } from "./View.js"

export const rowHeight = 52
export const headerHeight = 60
/** ID, file name and pages: sticky on the left (report.css holds their left offsets). */
export const documentColumns = [
  { key: "id", label: "ID", width: 72 },
  { key: "file", label: "File name", width: 260 },
  { key: "pages", label: "Pages", width: 68 }
] as const
export const queryWidth = 240
export const stickyWidth = documentColumns.reduce((sum, column) => sum + column.width, 0)

/** The query columns (positions among those shown) drawn: those in view, and one more either side. */
export interface ColumnWindow {
  readonly first: number
  readonly last: number
}

/**
 * Which query columns a grid scrolled `scrollLeft` across `clientWidth` shows (beside the sticky document columns):
 * with 50 columns a row draws about ten cells, not fifty.
 */
export const columnWindow = (scrollLeft: number, clientWidth: number, count: number): ColumnWindow => ({
  first: Math.max(0, Math.floor(scrollLeft / queryWidth) - 1),
  last: Math.min(count - 1, Math.ceil((scrollLeft + clientWidth - stickyWidth) / queryWidth) + 1)
})

/** Places a cell in its grid column (CSSOM: the page's CSP allows no style attribute). */
const placed = <E extends HTMLElement>(cell: E, gridColumn: number): E => {
  cell.style.gridColumn = String(gridColumn + 1)
  return cell
}

/** The id of a grid cell: display row (-1: header) and grid column; `aria-activedescendant` names it. */
export const cellId = (row: number, col: number): string => `cell-${row + 1}-${col}`

/** Answers that say the document holds no answer ("Not stated.", "No clause found."): shown quieter. */
const isNil = (short: string) =>
  /^(not (found|stated|specified|mentioned)|no clause found|none found|n\/a)\b/i.test(short)

/** The sort key of grid column `col` when the shown query columns are `columns`. */
export const sortKeyOf = (columns: ReadonlyArray<number>, col: number): SortKey | undefined =>
  col < documentColumns.length ? documentColumns[col]?.key : columns[col - documentColumns.length]

/** The header row: one column header per grid column, with its sort state. */
export const headerRow = (
  cells: Cells,
  columns: ReadonlyArray<number>,
  sort: Sort | undefined,
  window: ColumnWindow
): HTMLDivElement => {
  const names = [
    ...documentColumns.map((column) => ({ label: column.label, title: undefined })),
    ...columns.map((col) => ({ label: cells.data.columns[col]?.name ?? "", title: cells.data.columns[col]?.query }))
  ]
  const drawn = (col: number) =>
    col < documentColumns.length ||
    (col - documentColumns.length >= window.first && col - documentColumns.length <= window.last)
  const headers = names.flatMap((name, col) => {
    if (!drawn(col)) return []
    const sorted = sort !== undefined && sort.key === sortKeyOf(columns, col)
    const direction = sorted ? (sort.descending ? "descending" : "ascending") : "none"
    const header = el(
      "div",
      {
        role: "columnheader",
        class: `cell head${col < documentColumns.length ? " sticky" : ""}`,
        id: cellId(-1, col),
        "aria-colindex": col + 1,
        "aria-sort": direction,
        title: name.title,
        "data-row": -1,
        "data-col": col
      },
      el("span", { class: "head-label" }, name.label),
      el("span", { class: `sort-mark ${direction}`, "aria-hidden": "true" })
    )
    return [placed(header, col)]
  })
  return el("div", { role: "row", class: "row head-row", "aria-rowindex": 1 }, ...headers)
}

/** One document's row at display position `display`: document cells, then the shown query cells. */
export const bodyRow = (input: {
  readonly cells: Cells
  readonly columns: ReadonlyArray<number>
  readonly view: ViewState | undefined
  readonly opened: { readonly row: number; readonly col: number } | undefined
  readonly window: ColumnWindow
  readonly display: number
  readonly row: number
}): HTMLDivElement => {
  const { cells, columns, display, opened, row, view, window } = input
  const { documents } = cells.data
  const query = view?.query.trim().toLowerCase() ?? ""
  const fileHit = query !== "" && cells.fileHolds(row, query)
  const base = (col: number, extra: string) => ({
    role: "gridcell",
    id: cellId(display, col),
    "aria-colindex": col + 1,
    "data-row": display,
    "data-col": col,
    class: `cell ${extra}`
  })
  const documentCells = [
    placed(el("div", base(0, "sticky num"), String(documents.ids[row] ?? "")), 0),
    placed(el("div", base(1, `sticky file${fileHit ? " hit" : ""}`), documents.filenames[row] ?? ""), 1),
    placed(el("div", base(2, "sticky num"), String(documents.pages[row] ?? "–")), 2)
  ]
  const queryCells = columns.slice(window.first, window.last + 1).map((col, offset) => {
    const position = window.first + offset
    const index = cells.index(row, col)
    const code = cells.status(index)
    const passes = view === undefined || cellPasses(cells, index, view, fileHit ? "" : query)
    const short = cells.short(index)
    const isOpened = opened?.row === row && opened.col === col
    const classes = `answer s-${code}${passes ? "" : " dim"}${isOpened ? " opened" : ""}${isNil(short) ? " nil" : ""}`
    const cell = el(
      "div",
      { ...base(position + documentColumns.length, classes), "data-status": code },
      el("span", { class: "answer-text" }, short),
      cells.changed(index) && el("span", { class: "changed-mark", title: "changed since the previous run" }, "changed")
    )
    return placed(cell, position + documentColumns.length)
  })
  return el("div", { role: "row", class: "row", "aria-rowindex": display + 2 }, ...documentCells, ...queryCells)
}
