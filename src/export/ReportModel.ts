/**
 * The report model: everything a report needs, as plain values, produced by the checkpoint store.
 *
 * Documents, columns and chats are small arrays. Cells can be many (2,000 documents × 50 columns), so they are
 * reached through two functions instead of one array: `cell` finds one cell for the wide sheet (one row per
 * document) and `cells` walks them all for the long form, the Errors sheet and `cells.csv`. Each call of `cells`
 * must start a fresh pass (the writers walk it more than once); a store may back it with a cursor.
 * `indexCells` builds both from an array.
 */

export type CellStatus = "success" | "failed" | "pending" | "running" | "skipped"

export type ColumnType = "text" | "number" | "date"

interface ReportPipeline {
  readonly name: string
  readonly file: string
  readonly hash: string
}

interface ReportRun {
  readonly id: number
  readonly startedAt: string
  readonly finishedAt: string | undefined
  /** "completed" | "failed-cells" | "deadline" | "interrupted" | "service-unavailable" | ... */
  readonly outcome: string
  /** The service base URL; the model has no field for the token, so a report cannot carry it. */
  readonly baseUrl: string
  readonly docsweepVersion: string
  /** Cells by status (success, failed, pending, running) when the run ended. */
  readonly counts: Readonly<Record<string, number>>
  /** Chat messages by status when the run ended; absent or empty when the pipeline has no chats. */
  readonly chatCounts?: Readonly<Record<string, number>>
  /** Why the run ended early, e.g. "stopped by the deadline: 120 cells pending". */
  readonly note?: string
}

export interface ReportColumn {
  /** Local key, matched by `ReportCell.columnId`. */
  readonly id: number
  readonly name: string
  readonly query: string
  readonly meta: Readonly<Record<string, unknown>>
  /** How answers are written; defaults to `meta.type` when that is a known type, else "text". */
  readonly type?: ColumnType
}

interface ReportDocument {
  readonly id: number
  readonly filename: string
  readonly pages: number | undefined
}

export interface ReportCell {
  readonly documentId: number
  readonly columnId: number
  readonly status: CellStatus
  readonly response: string | undefined
  readonly error: string | undefined
  readonly attempts: number
  readonly seconds: number | undefined
  /** When the cell settled (ISO), and in which run; the HTML report's timeline uses them. */
  readonly finishedAt?: string | undefined
  readonly runId?: number | undefined
}

/** An earlier result of one pair (the checkpoint's answer history). */
export interface ReportAnswer {
  readonly runId: number
  readonly status: "success" | "failed"
  readonly response: string | undefined
  readonly error: string | undefined
  readonly at: string
}

/** Earlier answers per pair, and the run they are compared with ("changed since the previous run"). */
interface ReportHistory {
  readonly previousRunId: number | undefined
  /** Oldest first, up to and including the reported run; empty when the history adds nothing to the cell. */
  readonly of: (documentId: number, columnId: number) => ReadonlyArray<ReportAnswer>
}

export interface ReportChat {
  readonly chat: string
  readonly scope: "each" | "all"
  /** File names (or ids) the question was asked over. */
  readonly documents: ReadonlyArray<string>
  readonly message: string
  readonly answer: string | undefined
  readonly status: string
  readonly error?: string
  /** Which session of the chat the message belongs to, and its place in it. */
  readonly session?: string
  readonly position?: number
  readonly attempts?: number
  readonly seconds?: number | undefined
}

interface ReportChange {
  readonly documentId: number
  readonly filename: string
  readonly column: string
  readonly before: string | undefined
  readonly after: string | undefined
  readonly fromRun: number
  readonly toRun: number
}

export interface ReportModel {
  readonly pipeline: ReportPipeline
  readonly run: ReportRun
  readonly columns: ReadonlyArray<ReportColumn>
  /** In row order. */
  readonly documents: ReadonlyArray<ReportDocument>
  /** The cell of one document and column, or undefined when none was planned. */
  readonly cell: (documentId: number, columnId: number) => ReportCell | undefined
  /** Every cell for the long form (`cells.csv` and the Errors sheet follow its order); each call starts a new pass. */
  readonly cells: () => Iterable<ReportCell>
  readonly chats: ReadonlyArray<ReportChat>
  /** Present when `output.changes` is on. */
  readonly changes?: ReadonlyArray<ReportChange>
  /** Present when the HTML report is written: each pair's earlier answers. */
  readonly history?: ReportHistory
}

export type ReportFormat = "xlsx" | "csv" | "html"

/** One effective setting of the pipeline, as `docsweep config` shows it (never the token). */
export interface ReportSetting {
  readonly key: string
  readonly value: string
  readonly source: string
}

export interface ReportOptions {
  readonly dir: string
  /** File name stem: `<name>-<UTC timestamp>.xlsx` etc. */
  readonly name: string
  readonly formats: ReadonlyArray<ReportFormat>
  /** `output.csv_bom`: start CSV files with a UTF-8 byte-order mark so Excel reads them as UTF-8. */
  readonly csvBom: boolean
  /** `output.allow_formulas`: write formula-looking values as they are. */
  readonly allowFormulas: boolean
  /** `output.keep`: timestamped report sets to keep (default 10, at least 1); `-latest` files are never pruned. */
  readonly keep: number
  /** Whether these reports replace the `-latest` copies (default true; false for a report of an earlier run). */
  readonly latest?: boolean
  /** The report's timestamp; the caller passes Clock time. */
  readonly now: Date
  /** The settings the HTML report shows in its run overview. */
  readonly settings?: ReadonlyArray<ReportSetting>
}

/** Builds `cell` and `cells` from an array of cells. */
export const indexCells = (all: ReadonlyArray<ReportCell>): Pick<ReportModel, "cell" | "cells"> => {
  const byDocument = new Map<number, Map<number, ReportCell>>()
  for (const cell of all) {
    const row = byDocument.get(cell.documentId) ?? new Map<number, ReportCell>()
    row.set(cell.columnId, cell)
    byDocument.set(cell.documentId, row)
  }
  return {
    cell: (documentId, columnId) => byDocument.get(documentId)?.get(columnId),
    cells: () => all
  }
}

/** The column's declared type: `type`, else `meta.type` when known, else "text". */
export const columnType = (column: ReportColumn): ColumnType => {
  if (column.type !== undefined) return column.type
  const declared = column.meta.type
  return declared === "number" || declared === "date" ? declared : "text"
}
