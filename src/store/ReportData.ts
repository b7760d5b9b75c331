import type BetterSqlite3 from "better-sqlite3"
import type { makeAnswerDiff } from "./AnswerDiff.js"
import { makeAnswerHistory } from "./AnswerHistory.js"
import type { CellRecord, ChatMessageRecord, ColumnRecord, ReportData, ReportDataOptions } from "./CheckpointModel.js"
import type { RunHistory } from "./RunHistory.js"
import {
  type ColumnRow,
  type DocumentRow,
  mapRows,
  type RunRow,
  runSettingsOf,
  toColumn,
  toDocument,
  toRun
} from "./StoreRows.js"
import { type CellRow, type ChatRow, toCell, toChat } from "./WorkRecords.js"
import { runCountsOf } from "./WorkRows.js"

/** A chat message with the file names of the documents its session asks about (`document N` for one not known). */
export const namedChat = (chat: ChatMessageRecord, filenames: ReadonlyMap<number, string>) => ({
  ...chat,
  filenames: chat.documentIds.map((id) => filenames.get(id) ?? `document ${id}`)
})

/** The wanted cells that meet `condition` (on `c`), in document order, each with its document's file name. */
export const cellsWhere = (sqlite: BetterSqlite3.Database, condition: string) =>
  sqlite.prepare<[], CellRow & { filename: string | null }>(
    `SELECT c.*, d.filename FROM cells c LEFT JOIN documents d ON d.id = c.document_id
   WHERE c.wanted = 1 ${condition} ORDER BY d.position IS NULL, d.position, c.rowid`
  )

/** The wanted chat messages that meet `condition` (on `m`), in chat order, each with its session's remote id. */
export const chatsWhere = (sqlite: BetterSqlite3.Database, condition: string) =>
  sqlite.prepare<[], ChatRow>(
    `SELECT m.*, s.remote_session_id FROM chat_messages m
   LEFT JOIN chat_sessions s ON s.chat_name = m.chat_name AND s.session_key = m.session_key
   WHERE m.wanted = 1 ${condition} ORDER BY m.chat_name, m.session_key, m.position`
  )

/**
 * What a report of one run needs (see `ReadStore.reportData`): undefined for no such run, `before-history` for a run
 * older than the run history. Runs synchronously: call it inside a transaction.
 * The newest run reads the checkpoint as it stands; an earlier one reads the run history (see RunHistory). Only
 * documents with a wanted cell are reported: a document that left the pipeline keeps its history, not a row.
 */
export const makeReportData = (
  sqlite: BetterSqlite3.Database,
  history: RunHistory,
  diff: ReturnType<typeof makeAnswerDiff>
) => {
  const runCounts = runCountsOf(sqlite)
  const wantedCells = cellsWhere(sqlite, "")
  const wantedChats = chatsWhere(sqlite, "")
  const run = sqlite.prepare<[number | null], RunRow>(
    "SELECT * FROM runs WHERE id = COALESCE(?, (SELECT MAX(id) FROM runs))"
  )
  const previousRun = sqlite.prepare<[number], { id: number }>("SELECT MAX(id) AS id FROM runs WHERE id < ?")
  const documents = sqlite.prepare<[], DocumentRow>("SELECT * FROM documents ORDER BY position")
  // The latest save of each column name, dropping names the pipeline no longer has (cells, none wanted).
  const columns = sqlite.prepare<[], ColumnRow>(
    `SELECT * FROM (
     SELECT *, ROW_NUMBER() OVER (PARTITION BY name ORDER BY saved DESC, rowid DESC) AS rank FROM columns) c
   WHERE c.rank = 1
     AND (EXISTS (SELECT 1 FROM cells x WHERE x.column_name = c.name AND x.wanted = 1)
       OR NOT EXISTS (SELECT 1 FROM cells x WHERE x.column_name = c.name))
   ORDER BY c.order_id, c.saved`
  )
  const answerHistory = makeAnswerHistory(sqlite)
  const latestRunId = sqlite.prepare<[], { id: number | null }>("SELECT MAX(id) AS id FROM runs")

  return (runId: number | undefined, options: ReportDataOptions) => {
    const runRow = run.get(runId ?? null)
    if (runRow === undefined) return undefined
    const stored = toRun(runRow)
    const newest = stored.id === latestRunId.get()?.id
    if (!newest && stored.id < history.firstRun()) return "before-history" as const
    // A run records its counts when it ends; one still marked running (going on, or killed before it could end)
    // is counted as the checkpoint stands, which is what its report shows.
    const record = newest && stored.outcome === "running" ? { ...stored, counts: runCounts() } : stored
    const cells = newest ? mapRows(wantedCells.iterate(), toCell) : history.cellsAsOf(record.id)
    const allDocs = new Map(documents.all().map((row) => [row.id, toDocument(row)]))
    // Cells come in document order; a document the checkpoint no longer describes still gets its row.
    const docs = [...new Set(cells.map((cell) => cell.documentId))].map(
      (id) => allDocs.get(id) ?? { id, filename: `document ${id}`, pages: undefined, doctype: "", version: "" }
    )
    const filenames = new Map([...allDocs].map(([id, doc]) => [id, doc.filename]))
    const lookup = new Map<number, Map<string, CellRecord>>()
    for (const cell of cells) {
      const row = lookup.get(cell.documentId) ?? new Map<string, CellRecord>()
      lookup.set(cell.documentId, row.set(cell.columnName, cell))
    }
    const chats = newest ? wantedChats.all().map(toChat) : history.chatsAsOf(record.id)
    const fromRunId = previousRun.get(record.id)?.id ?? undefined
    const data: ReportData = {
      settings: runSettingsOf(runRow),
      pipelineName: record.pipelineName,
      pipelineHash: record.pipelineHash,
      run: record,
      newest,
      columns: history.columnsAsOf(record.id) ?? (columns.all().map(toColumn) satisfies ReadonlyArray<ColumnRecord>),
      documents: docs,
      cells,
      cell: (documentId, columnName) => lookup.get(documentId)?.get(columnName),
      chats: chats.map((chat) => namedChat(chat, filenames)),
      ...(options.changes === true
        ? { changes: { fromRunId, list: fromRunId === undefined ? [] : diff(fromRunId, record.id) } }
        : {}),
      ...(options.history === true ? { history: answerHistory(record.id, fromRunId) } : {})
    }
    return data
  }
}
