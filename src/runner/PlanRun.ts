import type { Column } from "../pipeline/PipelineSchema.js"
import type { ColumnRename, DocumentRecord, TableRecord, WantedCell } from "../store/CheckpointModel.js"
import { cellDependencyKey, queryKeyOf } from "./Keys.js"

/** A pipeline column with what its answers depend on. */
export interface ColumnPlan {
  readonly name: string
  readonly query: string
  readonly meta: Readonly<Record<string, unknown>>
  readonly queryKey: string
  readonly orderId: number
}

export const columnPlans = (columns: ReadonlyArray<Column>): ReadonlyArray<ColumnPlan> =>
  columns.map((column, index) => ({
    name: column.name,
    query: column.query,
    meta: column.meta,
    queryKey: queryKeyOf(column),
    orderId: index
  }))

export interface TableLayout {
  /** Tables holding at least one of the run's documents, by slot. */
  readonly tables: ReadonlyArray<TableRecord>
  /** Slots of existing remote tables that gain documents (their row list must be updated). */
  readonly grown: ReadonlySet<number>
  /** Table slot of each of the run's documents. */
  readonly slotOf: ReadonlyMap<number, number>
}

/**
 * Places documents in tables of at most `max` rows. A document already in a table stays there (its remote cells
 * live there); new documents fill the tables that have room, then new slots. So a re-run with more documents
 * keeps every earlier table and answer.
 */
export const assignTables = (
  stored: ReadonlyArray<TableRecord>,
  documentIds: ReadonlyArray<number>,
  max: number
): TableLayout => {
  const rows = new Map(stored.map((table) => [table.slot, [...table.documentIds]]))
  const slotOf = new Map<number, number>()
  for (const table of stored) for (const id of table.documentIds) if (!slotOf.has(id)) slotOf.set(id, table.slot)
  const grown = new Set<number>()
  const wanted = new Set(documentIds)
  for (const id of documentIds) {
    if (slotOf.has(id)) continue
    const open = [...rows].find(([, ids]) => ids.length < max)
    const slot = open?.[0] ?? (rows.size === 0 ? 0 : Math.max(...rows.keys()) + 1)
    const ids = open?.[1] ?? []
    ids.push(id)
    rows.set(slot, ids)
    slotOf.set(id, slot)
    if (stored.some((table) => table.slot === slot && table.remoteId !== undefined)) grown.add(slot)
  }
  const used = new Set([...slotOf].filter(([id]) => wanted.has(id)).map(([, slot]) => slot))
  const tables = [...rows]
    .filter(([slot]) => used.has(slot))
    .sort(([a], [b]) => a - b)
    .map(([slot, ids]) => ({
      slot,
      remoteId: stored.find((table) => table.slot === slot)?.remoteId,
      documentIds: ids
    }))
  return {
    tables,
    grown,
    slotOf: new Map([...slotOf].filter(([id]) => wanted.has(id)))
  }
}

/**
 * Every (document, column) pair of the run, keyed by what its answer depends on; made one at a time as the store
 * reads them, so 100,000 pairs are never all in memory at once.
 */
export function* wantedCells(
  documents: ReadonlyArray<DocumentRecord>,
  slotOf: ReadonlyMap<number, number>,
  columns: ReadonlyArray<ColumnPlan>
): Generator<WantedCell> {
  for (const doc of documents)
    for (const column of columns)
      yield {
        documentId: doc.id,
        columnName: column.name,
        dependencyKey: cellDependencyKey(doc.version, column.queryKey),
        tableSlot: slotOf.get(doc.id) ?? 0,
        queryKey: column.queryKey
      }
}

/** The plan `--dry-run` prints. */
export interface RunPlan {
  readonly documents: number
  /** Local files a real run would upload first; their pairs count as to run. */
  readonly newFiles: number
  readonly tables: number
  readonly columns: number
  /** Columns renamed in the pipeline whose answers the run keeps under the new name (see ColumnRenames). */
  readonly renamedColumns: ReadonlyArray<ColumnRename>
  readonly pairs: number
  readonly alreadyAnswered: number
  readonly toRun: number
  readonly inFlight: number
  /** New or changed pairs left out by `--only-failed`. */
  readonly skipped: number
  readonly chatMessages: number
  readonly chatMessagesToRun: number
  /** Seconds the run should take, from the latencies seen by earlier runs; undefined before any run. */
  readonly estimateSeconds: number | undefined
}

/**
 * How long the work should take, from what earlier runs measured. With a fixed `concurrency`: rounds of that many
 * cells, each taking the mean seconds per cell seen before (chat messages of one session wait for each other, so
 * they count as rounds too). With `auto`: the work at the answer rate the last run reached. Undefined before any run.
 */
export const estimateSeconds = (
  work: { readonly cells: number; readonly messages: number },
  concurrency: "auto" | number,
  measured: { readonly secondsPerCell: number | undefined; readonly answersPerSecond: number | undefined }
): number | undefined => {
  const { answersPerSecond, secondsPerCell } = measured
  if (secondsPerCell === undefined) return undefined
  if (concurrency === "auto")
    return answersPerSecond === undefined || answersPerSecond <= 0
      ? undefined
      : (work.cells + work.messages) / answersPerSecond + secondsPerCell
  return (Math.ceil(work.cells / concurrency) + Math.ceil(work.messages / concurrency)) * secondsPerCell
}
