import type BetterSqlite3 from "better-sqlite3"
import type { CellRecord, ChatMessageRecord, ColumnRecord } from "./CheckpointModel.js"
import { cellRow, chatRow, type HistoricCell, type HistoricChat, parseColumns, type RunColumn } from "./HistoryRows.js"
import { mapRows } from "./StoreRows.js"
import { toCell, toChat } from "./WorkRecords.js"

/** Set by `reset` (and a merge): pairs may have gone, so the next snapshot also records what is no longer there. */
const historyResetKey = "history.reset"
/** Runs before this one were recorded by a docsweep that kept no history (see Migrations). */
const historyFirstRunKey = "history.first_run"

/**
 * The checkpoint's run history: when a run ends, the cells and chat messages that differ from what the history
 * already says (as of the run before) are appended under its id, so the checkpoint as any run left it can be read
 * back (`docsweep export --run N`). After a reset or a merge, pairs that are gone are recorded as no longer wanted.
 * Every function runs synchronously: call it inside `attempt` or a transaction.
 */
export const makeRunHistory = (sqlite: BetterSqlite3.Database) => {
  const readMeta = sqlite.prepare<[string], { value: string }>("SELECT value FROM meta WHERE key = ?")
  const dropMeta = sqlite.prepare<[string]>("DELETE FROM meta WHERE key = ?")
  const cellsGone = sqlite.prepare<[{ run: number }]>(
    `INSERT OR REPLACE INTO cell_history
       (run_id, document_id, column_name, wanted, state, response, error, attempts, seconds)
     SELECT @run, h.document_id, h.column_name, 0, h.state, h.response, h.error, h.attempts, h.seconds
     FROM cell_history h
     WHERE h.wanted = 1 AND h.run_id < @run
       AND h.run_id = (SELECT MAX(x.run_id) FROM cell_history x
                       WHERE x.document_id = h.document_id AND x.column_name = h.column_name)
       AND NOT EXISTS (SELECT 1 FROM cells c WHERE c.document_id = h.document_id AND c.column_name = h.column_name)`
  )
  const cellsChanged = sqlite.prepare<[{ run: number }]>(
    `INSERT OR REPLACE INTO cell_history
       (run_id, document_id, column_name, wanted, state, response, error, attempts, seconds)
     SELECT @run, c.document_id, c.column_name, c.wanted, c.state, c.response, c.error, c.attempts, c.seconds
     FROM cells c
     WHERE NOT EXISTS (
       SELECT 1 FROM cell_history h
       WHERE h.document_id = c.document_id AND h.column_name = c.column_name
         AND h.run_id = (SELECT MAX(x.run_id) FROM cell_history x
                         WHERE x.document_id = c.document_id AND x.column_name = c.column_name AND x.run_id <= @run)
         AND h.wanted = c.wanted AND h.state = c.state AND h.response IS c.response AND h.error IS c.error
         AND h.attempts = c.attempts AND h.seconds IS c.seconds)`
  )
  const chatKey = (a: string, b: string) =>
    `${a}.chat_name = ${b}.chat_name AND ${a}.session_key = ${b}.session_key AND ${a}.position = ${b}.position`
  const chatsGone = sqlite.prepare<[{ run: number }]>(
    `INSERT OR REPLACE INTO chat_history
       (run_id, chat_name, session_key, position, wanted, scope, document_ids, query, state, response, error)
     SELECT @run, h.chat_name, h.session_key, h.position, 0, h.scope, h.document_ids, h.query, h.state, h.response,
       h.error
     FROM chat_history h
     WHERE h.wanted = 1 AND h.run_id < @run
       AND h.run_id = (SELECT MAX(x.run_id) FROM chat_history x WHERE ${chatKey("x", "h")})
       AND NOT EXISTS (SELECT 1 FROM chat_messages m WHERE ${chatKey("m", "h")})`
  )
  const chatsChanged = sqlite.prepare<[{ run: number }]>(
    `INSERT OR REPLACE INTO chat_history
       (run_id, chat_name, session_key, position, wanted, scope, document_ids, query, state, response, error)
     SELECT @run, m.chat_name, m.session_key, m.position, m.wanted, m.scope, m.document_ids, m.query, m.state,
       m.response, m.error
     FROM chat_messages m
     WHERE NOT EXISTS (
       SELECT 1 FROM chat_history h
       WHERE ${chatKey("h", "m")}
         AND h.run_id = (SELECT MAX(x.run_id) FROM chat_history x WHERE ${chatKey("x", "m")} AND x.run_id <= @run)
         AND h.wanted = m.wanted AND h.scope = m.scope AND h.document_ids = m.document_ids AND h.query = m.query
         AND h.state = m.state AND h.response IS m.response AND h.error IS m.error)`
  )
  // A pair's history row `h` as run @run left it: its latest up to @run, and wanted then.
  const wantedAsOf = `h.wanted = 1 AND h.run_id <= @run
       AND h.run_id = (SELECT MAX(x.run_id) FROM cell_history x
                       WHERE x.document_id = h.document_id AND x.column_name = h.column_name AND x.run_id <= @run)`
  const cellsAsOf = sqlite.prepare<[{ run: number }], HistoricCell>(
    `SELECT h.document_id, h.column_name, h.state, h.response, h.error, h.attempts, h.seconds
     FROM cell_history h LEFT JOIN documents d ON d.id = h.document_id
     WHERE ${wantedAsOf}
     ORDER BY d.position IS NULL, d.position, h.document_id, h.column_name`
  )
  const documentsAsOf = sqlite.prepare<[{ run: number }], { document_id: number }>(
    `SELECT DISTINCT h.document_id FROM cell_history h WHERE ${wantedAsOf}`
  )
  const chatsAsOf = sqlite.prepare<[{ run: number }], HistoricChat>(
    `SELECT chat_name, session_key, position, scope, document_ids, query, state, response, error
     FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY chat_name, session_key, position ORDER BY run_id DESC) AS rank
           FROM chat_history WHERE run_id <= @run)
     WHERE rank = 1 AND wanted = 1
     ORDER BY chat_name, session_key, position`
  )
  const columnsOf = sqlite.prepare<[{ run: number }], { columns: string }>(
    "SELECT columns FROM runs WHERE id <= @run AND columns IS NOT NULL ORDER BY id DESC LIMIT 1"
  )
  const saveColumns = sqlite.prepare<[{ run: number; columns: string }]>(
    "UPDATE runs SET columns = @columns WHERE id = @run"
  )

  const writeMeta = sqlite.prepare<[string]>("INSERT OR REPLACE INTO meta (key, value) VALUES (?, '1')")

  return {
    /** After a reset or a merge: the next snapshot also records the pairs that are gone as no longer wanted. */
    markReset: () => writeMeta.run(historyResetKey),
    /** Appends what run `run` changed (called as the run ends, in the same transaction as its outcome). */
    snapshot: (run: number) => {
      if (readMeta.get(historyResetKey) !== undefined) {
        cellsGone.run({ run })
        chatsGone.run({ run })
        dropMeta.run(historyResetKey)
      }
      cellsChanged.run({ run })
      chatsChanged.run({ run })
    },
    /** The wanted cells as run `run` left them, in document order. */
    cellsAsOf: (run: number): ReadonlyArray<CellRecord> =>
      mapRows(cellsAsOf.iterate({ run }), (row) => toCell(cellRow(row))),
    /** The documents with a wanted pair as run `run` left them: that run's pipeline. */
    documentsAsOf: (run: number): ReadonlyArray<number> => documentsAsOf.all({ run }).map((row) => row.document_id),
    /** The wanted chat messages as run `run` left them. */
    chatsAsOf: (run: number): ReadonlyArray<ChatMessageRecord> =>
      chatsAsOf.all({ run }).map((row) => toChat(chatRow(row))),
    /** The pipeline's columns at run `run` (the latest recorded up to it), in pipeline order; undefined if none. */
    columnsAsOf: (run: number): ReadonlyArray<ColumnRecord> | undefined => {
      const row = columnsOf.get({ run })
      return row === undefined
        ? undefined
        : parseColumns(row.columns).map((column, index) => ({
            tableSlot: 0,
            name: column.name,
            query: column.query,
            meta: column.meta,
            queryKey: "",
            remoteId: undefined,
            orderId: index
          }))
    },
    /** Records the columns run `run` asks (its report's Columns sheet, also for later exports of it). */
    saveColumns: (run: number, columns: ReadonlyArray<RunColumn>) =>
      saveColumns.run({
        run,
        columns: JSON.stringify(columns.map(({ meta, name, query }) => ({ name, query, meta })))
      }),
    /** The first run whose history is kept (earlier ones were recorded without it). */
    firstRun: (): number => Number(readMeta.get(historyFirstRunKey)?.value ?? 0)
  } as const
}

/** The run history of one checkpoint connection (see `makeRunHistory`). */
export type RunHistory = ReturnType<typeof makeRunHistory>
