import { readAnswer } from "../Evidence.js"
import type { PageAnswer, PageData, StatusCode } from "../PageData.js"

/** How each status reads in the grid, the filters and the detail. */
export const statusLabel: Record<StatusCode, string> = {
  s: "Answered",
  f: "Failed",
  p: "Pending",
  r: "Running",
  k: "Skipped",
  "-": "Not planned"
}

/**
 * Read access to the page data's columnar cells, with what the grid derives from them (short answers, lower-cased
 * text for search) computed once, on first use.
 */
export class Cells {
  readonly rows: number
  readonly cols: number
  private readonly shorts: Array<string | undefined>
  private searchText: { readonly texts: ReadonlyArray<string>; readonly offsets: Int32Array } | undefined
  private lastSearch:
    | { readonly query: string; readonly hits: ReadonlyArray<ReadonlySet<number> | undefined> }
    | undefined
  private readonly errors: Map<number, string>
  private readonly changedSet: Set<number>
  private readonly earlier: Map<number, ReadonlyArray<PageAnswer>>
  private readonly files: Array<string>

  constructor(readonly data: PageData) {
    this.rows = data.documents.ids.length
    this.cols = data.columns.length
    this.shorts = new Array(this.rows * this.cols)
    this.errors = new Map(data.cells.errors)
    this.changedSet = new Set(data.cells.changed)
    this.earlier = new Map(data.history)
    this.files = data.documents.filenames.map((name) => name.toLowerCase())
  }

  index(row: number, col: number): number {
    return row * this.cols + col
  }

  status(index: number): StatusCode {
    const code = this.data.cells.status.charAt(index)
    return code === "s" || code === "f" || code === "p" || code === "r" || code === "k" ? code : "-"
  }

  text(index: number): string {
    return this.data.cells.text[index] ?? ""
  }

  error(index: number): string | undefined {
    return this.errors.get(index)
  }

  changed(index: number): boolean {
    return this.changedSet.has(index)
  }

  history(index: number): ReadonlyArray<PageAnswer> {
    return this.earlier.get(index) ?? []
  }

  /** The short answer of a success, else what the grid shows instead: the failure's reason or the status. */
  short(index: number): string {
    const cached = this.shorts[index]
    if (cached !== undefined) return cached
    const status = this.status(index)
    const short =
      status === "s"
        ? readAnswer(this.text(index)).short
        : status === "f"
          ? `Failed: ${this.error(index) ?? "no reason recorded"}`
          : status === "-"
            ? ""
            : statusLabel[status]
    this.shorts[index] = short
    return short
  }

  /** Does the cell's answer or error hold `query` (lower case)? */
  holds(index: number, query: string): boolean {
    return this.search(query)[Math.floor(index / this.cols)]?.has(index % this.cols) === true
  }

  /** Does the document's file name hold `query` (lower case)? */
  fileHolds(row: number, query: string): boolean {
    return (this.files[row] ?? "").includes(query) || String(this.data.documents.ids[row]) === query
  }

  /**
   * Per document row, the columns whose answer or error holds `query` (lower case); rows without any are absent.
   * One scan per row over its cells' text joined: 100,000 answers are searched in tens of milliseconds.
   */
  search(query: string): ReadonlyArray<ReadonlySet<number> | undefined> {
    if (this.lastSearch?.query === query) return this.lastSearch.hits
    const { offsets, texts } = this.prepareSearch()
    const hits: Array<Set<number> | undefined> = new Array(this.rows)
    for (let row = 0; row < this.rows; row++) {
      const text = texts[row] ?? ""
      let at = query === "" ? -1 : text.indexOf(query)
      let col = 0
      while (at >= 0) {
        // The cell holding position `at`: offsets are ascending within the row.
        while (col + 1 < this.cols && (offsets[row * this.cols + col + 1] ?? 0) <= at) col++
        const found = hits[row] ?? new Set<number>()
        found.add(col)
        hits[row] = found
        const next = offsets[row * this.cols + col + 1]
        at = col + 1 < this.cols && next !== undefined ? text.indexOf(query, next) : -1
      }
    }
    this.lastSearch = { query, hits }
    return hits
  }

  /**
   * The lower-cased text of each row (its cells' answers and errors, separated so no match spans two cells) and
   * where each cell starts in it. Built once, on first search or when the page is idle after it is drawn.
   */
  prepareSearch(): { readonly texts: ReadonlyArray<string>; readonly offsets: Int32Array } {
    if (this.searchText !== undefined) return this.searchText
    const offsets = new Int32Array(this.rows * this.cols)
    const texts = new Array<string>(this.rows)
    const { text } = this.data.cells
    for (let row = 0; row < this.rows; row++) {
      const parts: Array<string> = []
      let length = 0
      for (let col = 0; col < this.cols; col++) {
        const index = row * this.cols + col
        offsets[index] = length
        const error = this.errors.get(index)
        const part = `${text[index] ?? ""}${error === undefined ? "" : `\n${error}`}\u0000`
        parts.push(part)
        length += part.length
      }
      const lowered = parts.join("").toLowerCase()
      // Lower-casing may lengthen a character (İ); then each part is lowered alone so the offsets hold.
      texts[row] = lowered.length === length ? lowered : this.lowerParts(parts, offsets, row)
    }
    this.searchText = { texts, offsets }
    return this.searchText
  }

  private lowerParts(parts: ReadonlyArray<string>, offsets: Int32Array, row: number): string {
    let length = 0
    const lowered = parts.map((part, col) => {
      offsets[row * this.cols + col] = length
      const lower = part.toLowerCase()
      length += lower.length
      return lower
    })
    return lowered.join("")
  }
}
