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

/** A sort by a document field, or by a query column's name. */
type NamedSort = { readonly key: Exclude<SortKey, number> | { readonly column: string }; readonly descending: boolean }

/**
 * The person's choices that name a column or a document, by name and id rather than by position: what `docsweep
 * view`'s live updates carry. A choice whose column or document one update lacks is kept, and applies again when
 * it is back: a `--fresh` run forgets its columns until it has made them again, and an edited pipeline moves them.
 */
export interface NamedChoices {
  readonly hidden: ReadonlySet<string>
  readonly sort: NamedSort | undefined
  /** The cell whose detail is open. */
  readonly cell: { readonly documentId: number; readonly column: string } | undefined
}

export const noChoices: NamedChoices = { hidden: new Set(), sort: undefined, cell: undefined }

/** `view`'s sort by name; with none, a sort `kept` for a column `data` lacks, which the person did not clear. */
const namedSort = (
  view: ViewState,
  data: PageData,
  kept: NamedChoices,
  names: ReadonlySet<string>
): NamedSort | undefined => {
  const sort = view.sort
  if (sort === undefined) {
    const waiting = typeof kept.sort?.key === "object" && !names.has(kept.sort.key.column)
    return waiting ? kept.sort : undefined
  }
  if (typeof sort.key !== "number") return { key: sort.key, descending: sort.descending }
  const name = data.columns[sort.key]?.name
  return name === undefined ? undefined : { key: { column: name }, descending: sort.descending }
}

/**
 * The choices of `view` and the open `cell`, made on `data`, by name; of the choices in `kept`, those about columns
 * `data` lacks stay (the others were `view`'s to change). The cell stays when none is open: it goes with the close.
 */
export const nameChoices = (
  view: ViewState,
  cell: { readonly row: number; readonly col: number } | undefined,
  data: PageData,
  kept: NamedChoices
): NamedChoices => {
  const names = new Set(data.columns.map((column) => column.name))
  const hidden = new Set([...kept.hidden].filter((name) => !names.has(name)))
  for (const col of view.hidden) {
    const name = data.columns[col]?.name
    if (name !== undefined) hidden.add(name)
  }
  const documentId = cell === undefined ? undefined : data.documents.ids[cell.row]
  const column = cell === undefined ? undefined : data.columns[cell.col]?.name
  return {
    hidden,
    sort: namedSort(view, data, kept, names),
    cell: documentId !== undefined && column !== undefined ? { documentId, column } : kept.cell
  }
}

/**
 * The choices placed in `data`: its columns that are hidden, the sort, and the open cell (document row and query
 * column; undefined while its document or column is not there, so the detail never shows another cell's answer).
 */
export const placeChoices = (
  choices: NamedChoices,
  view: ViewState,
  data: PageData
): { readonly view: ViewState; readonly cell: { readonly row: number; readonly col: number } | undefined } => {
  const at = new Map(data.columns.map((column, col) => [column.name, col]))
  const hidden = new Set([...choices.hidden].flatMap((name) => at.get(name) ?? []))
  const key = typeof choices.sort?.key === "object" ? at.get(choices.sort.key.column) : choices.sort?.key
  const sort =
    choices.sort === undefined || key === undefined ? undefined : { key, descending: choices.sort.descending }
  const row = choices.cell === undefined ? -1 : data.documents.ids.indexOf(choices.cell.documentId)
  const col = choices.cell === undefined ? undefined : at.get(choices.cell.column)
  return { view: { ...view, hidden, sort }, cell: row < 0 || col === undefined ? undefined : { row, col } }
}
