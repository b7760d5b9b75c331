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
  private lowered: Array<string> | undefined
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
    if (this.lowered === undefined) this.lowered = this.lower()
    return (this.lowered[index] ?? "").includes(query)
  }

  /** Does the document's file name hold `query` (lower case)? */
  fileHolds(row: number, query: string): boolean {
    return (this.files[row] ?? "").includes(query) || String(this.data.documents.ids[row]) === query
  }

  private lower(): Array<string> {
    const { text } = this.data.cells
    const lowered = new Array<string>(text.length)
    for (let i = 0; i < text.length; i++) {
      const error = this.errors.get(i)
      const answer = text[i] ?? ""
      lowered[i] = (error === undefined ? answer : `${answer}\n${error}`).toLowerCase()
    }
    return lowered
  }
}
