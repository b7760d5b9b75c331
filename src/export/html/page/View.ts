import type { PageData, StatusCode } from "../PageData.js"
import type { Cells } from "./Cells.js"

export type StatusFilter = "all" | "failed" | "pending" | "answered" | "changed"

/** The document columns (id, file name, pages) or a query column by its index. */
export type SortKey = "id" | "file" | "pages" | number

export interface Sort {
  readonly key: SortKey
  readonly descending: boolean
}

/** What the person chose: search, status, hidden columns and sort. */
export interface ViewState {
  readonly query: string
  readonly status: StatusFilter
  readonly hidden: ReadonlySet<number>
  readonly sort: Sort | undefined
}

export const initialView: ViewState = { query: "", status: "all", hidden: new Set(), sort: undefined }

/** The query columns shown, in pipeline order. */
export const shownColumns = (cells: Cells, view: ViewState): ReadonlyArray<number> =>
  Array.from({ length: cells.cols }, (_, col) => col).filter((col) => !view.hidden.has(col))

const statusPasses = (cells: Cells, index: number, status: StatusFilter): boolean => {
  if (status === "all") return true
  if (status === "changed") return cells.changed(index)
  const code: StatusCode = cells.status(index)
  if (status === "failed") return code === "f"
  if (status === "pending") return code === "p" || code === "r"
  return code === "s"
}

/** Does the cell pass the status filter and (when the search is not about its file name) the search? */
export const cellPasses = (cells: Cells, index: number, view: ViewState, query: string): boolean =>
  statusPasses(cells, index, view.status) && (query === "" || cells.holds(index, query))

/** Cells the status filter selects, per filter, over the shown columns: the counts beside each choice. */
export const statusCounts = (cells: Cells, view: ViewState): Record<Exclude<StatusFilter, "all">, number> => {
  const counts = { failed: 0, pending: 0, answered: 0, changed: 0 }
  const columns = shownColumns(cells, view)
  for (let row = 0; row < cells.rows; row++) {
    for (const col of columns) {
      const index = cells.index(row, col)
      const code = cells.status(index)
      if (code === "f") counts.failed++
      else if (code === "p" || code === "r") counts.pending++
      else if (code === "s") counts.answered++
      if (cells.changed(index)) counts.changed++
    }
  }
  return counts
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" })

/** Answers first (numbers by value in number columns, text by collation), then failures, pending, the rest. */
const statusRank: Record<StatusCode, number> = { s: 0, f: 1, r: 2, p: 3, k: 4, "-": 5 }

const compareRows = (cells: Cells, sort: Sort): ((a: number, b: number) => number) => {
  const { data } = cells
  const direction = sort.descending ? -1 : 1
  const { key } = sort
  if (key === "id") return (a, b) => direction * ((data.documents.ids[a] ?? 0) - (data.documents.ids[b] ?? 0))
  if (key === "pages") return (a, b) => direction * ((data.documents.pages[a] ?? -1) - (data.documents.pages[b] ?? -1))
  if (key === "file") {
    return (a, b) => direction * collator.compare(data.documents.filenames[a] ?? "", data.documents.filenames[b] ?? "")
  }
  const numeric = data.columns[key]?.type === "number"
  const numberOf = (text: string) => Number(text.replace(/[,\s]/g, ""))
  return (a, b) => {
    const [x, y] = [cells.index(a, key), cells.index(b, key)]
    const rank = statusRank[cells.status(x)] - statusRank[cells.status(y)]
    if (rank !== 0) return rank
    const [left, right] = [cells.short(x), cells.short(y)]
    const [nx, ny] = [numberOf(left), numberOf(right)]
    const byValue = numeric && Number.isFinite(nx) && Number.isFinite(ny) ? nx - ny : collator.compare(left, right)
    return direction * byValue
  }
}

/**
 * The documents (row numbers) to show, in order: a row stays when its file name holds the search or one of its
 * shown cells passes both filters; sorted stably by the chosen column.
 */
export const displayRows = (cells: Cells, view: ViewState): Array<number> => {
  const query = view.query.trim().toLowerCase()
  const columns = shownColumns(cells, view)
  const hits = query === "" ? undefined : cells.search(query)
  const rows: Array<number> = []
  for (let row = 0; row < cells.rows; row++) {
    const fileHit = query !== "" && cells.fileHolds(row, query)
    const found = hits?.[row]
    const cellHit = (col: number) => query === "" || fileHit || found?.has(col) === true
    if (hits !== undefined && !fileHit && found === undefined) continue
    const passes =
      view.status === "all"
        ? query === "" || fileHit || columns.some(cellHit)
        : columns.some((col) => cellHit(col) && statusPasses(cells, cells.index(row, col), view.status))
    if (passes) rows.push(row)
  }
  if (view.sort !== undefined) {
    const compare = compareRows(cells, view.sort)
    rows.sort((a, b) => compare(a, b) || a - b)
  }
  return rows
}

/** Where each column of `before` is in `after`, by name (undefined: gone). */
const columnsCarried = (before: PageData, after: PageData): ((col: number) => number | undefined) => {
  const at = new Map(after.columns.map((column, col) => [column.name, col]))
  return (col) => {
    const name = before.columns[col]?.name
    return name === undefined ? undefined : at.get(name)
  }
}

/**
 * The view carried over to new data (`docsweep view`'s live updates): hidden columns and the sort follow their
 * column by name, so a column that an edited pipeline added, removed or moved does not hide or sort another one.
 */
export const carryView = (view: ViewState, before: PageData, after: PageData): ViewState => {
  const carried = columnsCarried(before, after)
  const hidden = new Set<number>()
  for (const col of view.hidden) {
    const now = carried(col)
    if (now !== undefined) hidden.add(now)
  }
  const key = typeof view.sort?.key === "number" ? carried(view.sort.key) : view.sort?.key
  const sort = view.sort === undefined || key === undefined ? undefined : { ...view.sort, key }
  return { ...view, hidden, sort }
}

/**
 * A cell (document row and query column) of `before` in `after`, by document id and column name; undefined when the
 * document or the column is no longer there, so the detail never shows another document's answer in its place.
 */
export const carryCell = (
  cell: { readonly row: number; readonly col: number },
  before: PageData,
  after: PageData
): { readonly row: number; readonly col: number } | undefined => {
  const col = columnsCarried(before, after)(cell.col)
  const row = after.documents.ids.indexOf(before.documents.ids[cell.row] ?? -1)
  return col === undefined || row < 0 ? undefined : { row, col }
}
