import type BetterSqlite3 from "better-sqlite3"
import type { RunTally } from "./CheckpointModel.js"
import { type RunRow, splitCounts, type TableRow, toRun, toTable, toTableTally } from "./StoreRows.js"

/**
 * How a run ended, as the checkpoint holds it (see `ReadStore.runTally`); undefined for no such run. Runs
 * synchronously: call it inside a transaction.
 */
export const makeRunTally = (sqlite: BetterSqlite3.Database) => {
  const run = sqlite.prepare<[number | null], RunRow>(
    "SELECT * FROM runs WHERE id = COALESCE(?, (SELECT MAX(id) FROM runs))"
  )
  const thisRun = (table: string, state: string) =>
    sqlite.prepare<[number], { n: number }>(
      `SELECT COUNT(*) AS n FROM ${table} WHERE wanted = 1 AND run_id = ? AND state = '${state}'`
    )
  const answeredIn = thisRun("cells", "success")
  const failedIn = thisRun("cells", "failed")
  const chatsAnsweredIn = thisRun("chat_messages", "success")
  const touched = sqlite.prepare<[{ run: number }], { n: number }>(
    `SELECT (SELECT COUNT(*) FROM cells WHERE run_id = @run) + (SELECT COUNT(*) FROM chat_messages WHERE run_id = @run)
     + (SELECT COUNT(*) FROM answers WHERE run_id = @run) + (SELECT COUNT(*) FROM chat_answers WHERE run_id = @run)
     AS n`
  )
  const tablesInUse = sqlite.prepare<[], TableRow>(
    `SELECT * FROM ai_tables t WHERE EXISTS (SELECT 1 FROM cells c WHERE c.wanted = 1 AND c.table_slot = t.slot)
   ORDER BY t.slot`
  )

  return (runId: number): RunTally | undefined => {
    const row = run.get(runId)
    if (row === undefined) return undefined
    const record = toRun(row)
    return {
      run: record,
      ...splitCounts(record.counts),
      answered: answeredIn.get(runId)?.n ?? 0,
      failed: failedIn.get(runId)?.n ?? 0,
      chatsAnswered: chatsAnsweredIn.get(runId)?.n ?? 0,
      touched: (touched.get({ run: runId })?.n ?? 0) > 0,
      tables: tablesInUse.all().map(toTable).map(toTableTally)
    }
  }
}
