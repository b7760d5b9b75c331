import type BetterSqlite3 from "better-sqlite3"
import { pairKey } from "./AnswerHistory.js"
import type { AnswerChange, ColumnRename } from "./CheckpointModel.js"
import { columnChanges } from "./ColumnChanges.js"
import { parseColumns } from "./HistoryRows.js"

interface LatestAnswer {
  readonly document_id: number
  readonly column_name: string
  readonly run_id: number
  readonly state: string
  readonly response: string | null
}

/** A pair's answer as of a run, under the column name it is compared by. */
interface PairAnswer {
  readonly documentId: number
  readonly column: string
  /** The run of the result it comes from. */
  readonly runId: number
  readonly answer: string | undefined
}

/**
 * A column renamed at run `run` (the run before it asked the same under the old name); `reusedAt`: the runs from
 * `run` on whose pipeline has the old name again (renamed back, or a new column).
 */
type RenameAt = ColumnRename & { readonly run: number; readonly reusedAt: ReadonlyArray<number> }

/**
 * Answer changes between two runs. The answer of a pair as of run R is its latest history row with run_id ≤ R:
 * the response of a success, nothing for a failure. Pairs whose answers differ are listed (newly answered ones
 * too), in document order then column order. A column renamed up to the later run (same query and meta under a new
 * name, see ColumnChanges) is compared under its new name, its answers under the old name counting as its own until
 * it has newer ones: the runner keeps them, and the history keeps the name they were given under. Runs
 * synchronously: call it inside `attempt`.
 */
export const makeAnswerDiff = (sqlite: BetterSqlite3.Database) => {
  const asOf = sqlite.prepare<[number], LatestAnswer>(
    `SELECT document_id, column_name, run_id, state, response FROM (
       SELECT document_id, column_name, run_id, state, response,
         ROW_NUMBER() OVER (PARTITION BY document_id, column_name ORDER BY run_id DESC, id DESC) AS rank
       FROM answers WHERE run_id <= ?)
     WHERE rank = 1`
  )
  const documents = sqlite.prepare<[], { id: number; filename: string; position: number }>(
    "SELECT id, filename, position FROM documents"
  )
  const columnOrder = sqlite.prepare<[], { name: string }>(
    "SELECT name FROM columns GROUP BY name ORDER BY MIN(order_id), MIN(saved)"
  )
  const recordedColumns = sqlite.prepare<[number], { id: number; columns: string }>(
    "SELECT id, columns FROM runs WHERE columns IS NOT NULL AND id <= ? ORDER BY id"
  )

  /** Renames between consecutive runs that recorded their columns, up to run `last`, oldest first. */
  const renames = (last: number): ReadonlyArray<RenameAt> => {
    const runs = recordedColumns.all(last).map((row) => ({ id: row.id, columns: parseColumns(row.columns) }))
    const hasColumn = (columns: ReadonlyArray<{ readonly name: string }>, name: string) =>
      columns.some((column) => column.name === name)
    return runs.flatMap((run, index) => {
      const previous = runs[index - 1]
      const renamed = previous === undefined ? [] : (columnChanges(previous.columns, run.columns)?.renamed ?? [])
      return renamed.map((rename) => ({
        ...rename,
        run: run.id,
        reusedAt: runs.filter((later) => later.id >= run.id && hasColumn(later.columns, rename.from)).map((r) => r.id)
      }))
    })
  }

  /**
   * The latest answer of each pair as of `runId`, a renamed column's under its new name: the old name's answer
   * until the new name has one of its own since the rename. An old name's answers from the rename on stay its own
   * only when it is back in the pipeline by then (a merge stamps every answer it copies with its own run).
   */
  const answers = (runId: number, renamed: ReadonlyArray<RenameAt>) => {
    const byPair = new Map<string, PairAnswer>()
    for (const row of asOf.all(runId)) {
      const answer = row.state === "success" ? (row.response ?? undefined) : undefined
      const entry = { documentId: row.document_id, column: row.column_name, runId: row.run_id, answer }
      byPair.set(pairKey(row.document_id, row.column_name), entry)
    }
    for (const { from, reusedAt, run, to } of renamed) {
      const reused = reusedAt.some((id) => id <= runId)
      for (const [key, entry] of [...byPair]) {
        if (entry.column !== from || (reused && entry.runId >= run)) continue
        byPair.delete(key)
        const own = byPair.get(pairKey(entry.documentId, to))
        if (own === undefined || own.runId < run) byPair.set(pairKey(entry.documentId, to), { ...entry, column: to })
      }
    }
    return byPair
  }

  return (fromRunId: number, toRunId: number): Array<AnswerChange> => {
    const renamed = renames(toRunId)
    const before = answers(fromRunId, renamed)
    const after = answers(toRunId, renamed)
    const docs = new Map(documents.all().map((row) => [row.id, row]))
    const columnIndex = new Map(columnOrder.all().map((row, index) => [row.name, index]))
    const changes: Array<AnswerChange> = []
    for (const [key, entry] of new Map([...before, ...after])) {
      const was = before.get(key)?.answer
      const now = after.get(key)?.answer
      if (was === now) continue
      const filename = docs.get(entry.documentId)?.filename ?? `document ${entry.documentId}`
      changes.push({ documentId: entry.documentId, filename, column: entry.column, before: was, after: now })
    }
    const position = (id: number) => docs.get(id)?.position ?? Number.MAX_SAFE_INTEGER
    const index = (name: string) => columnIndex.get(name) ?? Number.MAX_SAFE_INTEGER
    return changes.sort(
      (a, b) =>
        position(a.documentId) - position(b.documentId) ||
        a.documentId - b.documentId ||
        index(a.column) - index(b.column) ||
        a.column.localeCompare(b.column)
    )
  }
}
