import type BetterSqlite3 from "better-sqlite3"
import type { AnswerHistory, HistoryAnswer } from "./CheckpointModel.js"

interface HistoryRow {
  readonly document_id: number
  readonly column_name: string
  readonly run_id: number
  readonly state: string
  readonly response: string | null
  readonly error: string | null
  readonly at: string
}

/** A (document, column name) pair as one map key (the id is digits: the first NUL ends it, whatever the name). */
export const pairKey = (documentId: number, columnName: string) => `${documentId}\u0000${columnName}`

/**
 * The answers each pair had up to a run, from the `answers` history table (one row per result, oldest first).
 * Only pairs whose history says something beyond the current cell are read: those with more than one result, and,
 * when the run has a previous run, those first answered in this run (a change since that run, as `docsweep diff`
 * counts it). A first run of 100,000 cells therefore reads almost nothing. Runs synchronously: call it inside a
 * transaction.
 */
export const makeAnswerHistory = (sqlite: BetterSqlite3.Database) => {
  const rows = sqlite.prepare<{ run: number; previous: number }, HistoryRow>(
    `WITH counted AS (
       SELECT document_id, column_name, COUNT(*) AS n, MAX(run_id) AS last
       FROM answers WHERE run_id <= @run GROUP BY document_id, column_name)
     SELECT a.document_id, a.column_name, a.run_id, a.state, a.response, a.error, a.at
     FROM answers a JOIN counted c ON c.document_id = a.document_id AND c.column_name = a.column_name
     WHERE a.run_id <= @run AND (c.n > 1 OR (@previous > 0 AND c.last = @run))
     ORDER BY a.document_id, a.column_name, a.run_id, a.id`
  )

  /** `previousRunId`: the run before `runId`, which the report has already looked up. */
  return (runId: number, previousRunId: number | undefined): AnswerHistory => {
    const byPair = new Map<string, Array<HistoryAnswer>>()
    for (const row of rows.iterate({ run: runId, previous: previousRunId ?? 0 })) {
      const key = pairKey(row.document_id, row.column_name)
      const list = byPair.get(key) ?? []
      list.push({
        runId: row.run_id,
        state: row.state === "success" ? "success" : "failed",
        response: row.response ?? undefined,
        error: row.error ?? undefined,
        at: row.at
      })
      byPair.set(key, list)
    }
    return { previousRunId, of: (documentId, columnName) => byPair.get(pairKey(documentId, columnName)) ?? [] }
  }
}
