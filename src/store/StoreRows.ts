import { Schema } from "effect"
import type {
  CellState,
  ColumnRecord,
  DocumentRecord,
  RunOutcome,
  RunRecord,
  RunSetting,
  TableRecord,
  TableTally
} from "./CheckpointModel.js"

/** Rows as better-sqlite3 returns them (snake_case, NULL as null), and their records. */
export interface RunRow {
  readonly id: number
  readonly pipeline_name: string
  readonly pipeline_hash: string
  readonly base_url: string
  readonly shard: string | null
  readonly docsweep_version: string
  readonly started_at: string
  readonly finished_at: string | null
  readonly outcome: string
  readonly note: string | null
  readonly counts: string
  /** The pipeline's columns at this run (JSON), see RunHistory. */
  readonly columns?: string | null
  /** The settings the run ran with (JSON), see RunStart. */
  readonly settings?: string | null
}

export interface DocumentRow {
  readonly id: number
  readonly filename: string
  readonly pages: number | null
  readonly doctype: string
  readonly version: string
}

export interface TableRow {
  readonly slot: number
  readonly remote_id: number | null
  readonly document_ids: string
}

export interface ColumnRow {
  readonly table_slot: number
  readonly name: string
  readonly query: string
  readonly meta: string
  readonly query_key: string
  readonly remote_id: number | null
  readonly order_id: number
}

export const cellStates: ReadonlyArray<CellState> = ["pending", "submitting", "submitted", "success", "failed"]

export const opt = <A>(value: A | null): A | undefined => (value === null ? undefined : value)

const runOutcomes: ReadonlyArray<RunOutcome> = [
  "running",
  "completed",
  "failed-cells",
  "refused",
  "service-unavailable",
  "deadline",
  "interrupted",
  "invalid",
  "error"
]

const isCellState = (value: string): value is CellState => cellStates.some((state) => state === value)

const toOutcome = (value: string): RunOutcome => runOutcomes.find((outcome) => outcome === value) ?? "error"

export const toState = (value: string): CellState => (isCellState(value) ? value : "pending")

const parseJson = (text: string): unknown => JSON.parse(text)

export const toNumbers = (text: string): ReadonlyArray<number> => {
  const parsed = parseJson(text)
  return Array.isArray(parsed) ? parsed.filter((item): item is number => typeof item === "number") : []
}

const toObject = (text: string): Record<string, unknown> => {
  const parsed = parseJson(text)
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? { ...parsed } : {}
}

const toCounts = (text: string): Record<string, number> =>
  Object.fromEntries(
    Object.entries(toObject(text)).filter((entry): entry is [string, number] => typeof entry[1] === "number")
  )

/** A count for every state, all zero. */
export const noStates = (): Record<CellState, number> => ({
  pending: 0,
  submitting: 0,
  submitted: 0,
  success: 0,
  failed: 0
})

/** Counts of every state, zero where none. */
export const stateCounts = (rows: ReadonlyArray<{ readonly state: string; readonly count: number }>) => {
  const counts = noStates()
  for (const row of rows) counts[toState(row.state)] += row.count
  return counts
}

/** A run record's counts (cells by state, chat messages as `chats.<state>`) as two sets of counts by state. */
export const splitCounts = (counts: Readonly<Record<string, number>>) => {
  const cells = noStates()
  const chats = noStates()
  for (const [key, count] of Object.entries(counts)) {
    const [target, state] = key.startsWith("chats.") ? [chats, key.slice(6)] : [cells, key]
    if (isCellState(state)) target[state] += count
  }
  return { cells, chats }
}

export const toRun = (row: RunRow): RunRecord => ({
  id: row.id,
  pipelineName: row.pipeline_name,
  pipelineHash: row.pipeline_hash,
  baseUrl: row.base_url,
  shard: opt(row.shard),
  docsweepVersion: row.docsweep_version,
  startedAt: row.started_at,
  finishedAt: opt(row.finished_at),
  outcome: toOutcome(row.outcome),
  note: opt(row.note),
  counts: toCounts(row.counts)
})

export const toDocument = (row: DocumentRow): DocumentRecord => ({
  id: row.id,
  filename: row.filename,
  pages: opt(row.pages),
  doctype: row.doctype,
  version: row.version
})

export const toTable = (row: TableRow): TableRecord => ({
  slot: row.slot,
  remoteId: opt(row.remote_id),
  documentIds: toNumbers(row.document_ids)
})

/** A table as a run's summary counts it. */
export const toTableTally = (table: TableRecord): TableTally => ({
  slot: table.slot,
  remoteId: table.remoteId,
  documents: table.documentIds.length
})

export const toColumn = (row: ColumnRow): ColumnRecord => ({
  tableSlot: row.table_slot,
  name: row.name,
  query: row.query,
  meta: toObject(row.meta),
  queryKey: row.query_key,
  remoteId: opt(row.remote_id),
  orderId: row.order_id
})

/**
 * Maps rows as a statement yields them (`stmt.iterate()`): `.all().map()` would hold every raw row beside its record
 * (115 MB more at the peak of a 100,000-cell run's reports).
 */
export const mapRows = <Row, Out>(rows: Iterable<Row>, map: (row: Row) => Out): Array<Out> => {
  const out: Array<Out> = []
  for (const row of rows) out.push(map(row))
  return out
}

const isRunSetting: (value: unknown) => value is RunSetting = Schema.is(
  Schema.Struct({ key: Schema.String, value: Schema.String, source: Schema.String })
)

/** The settings a run recorded; undefined when it recorded none (an older docsweep, a merge). */
export const runSettingsOf = (row: RunRow): ReadonlyArray<RunSetting> | undefined => {
  if (row.settings === null || row.settings === undefined) return undefined
  const parsed = parseJson(row.settings)
  return Array.isArray(parsed) ? parsed.filter(isRunSetting) : undefined
}
