import { Effect } from "effect"
import { makeAnswerDiff } from "./AnswerDiff.js"
import { makeAnswerHistory } from "./AnswerHistory.js"
import { makeChatDiff } from "./ChatDiff.js"
import { CheckpointDatabase } from "./CheckpointDatabase.js"
import type {
  CellRecord,
  ChatMessageRecord,
  ColumnRecord,
  ReportData,
  ReportDataOptions,
  RunTally,
  StatusSummary
} from "./CheckpointModel.js"
import { columnChanges } from "./ColumnChanges.js"
import { makeDocumentChanges } from "./DocumentChanges.js"
import { makeRunHistory } from "./RunHistory.js"
import { StoreError } from "./StoreError.js"
import {
  type ColumnRow,
  type DocumentRow,
  mapRows,
  type RunRow,
  runSettingsOf,
  splitCounts,
  type TableRow,
  toColumn,
  toDocument,
  toRun,
  toTable,
  toTableTally
} from "./StoreRows.js"
import { type CellRow, type ChatRow, toCell, toChat } from "./WorkRecords.js"
import { runCountsOf, stateCountsOf } from "./WorkRows.js"

/** A chat message with the file names of the documents its session asks about (`document N` for one not known). */
const namedChat = (chat: ChatMessageRecord, filenames: ReadonlyMap<number, string>) => ({
  ...chat,
  filenames: chat.documentIds.map((id) => filenames.get(id) ?? `document ${id}`)
})

/**
 * Reads for `docsweep status`, `docsweep diff`, reports and the end of a run, each one consistent snapshot (a read
 * transaction), and the mark `docsweep view` watches for changes.
 */
export class ReadStore extends Effect.Service<ReadStore>()("app/store/ReadStore", {
  effect: Effect.map(CheckpointDatabase, ({ attempt, path, sqlite }) => {
    const runs = sqlite.prepare<[], RunRow>("SELECT * FROM runs ORDER BY id")
    const cellCounts = stateCountsOf(sqlite, "cells")
    const chatCounts = stateCountsOf(sqlite, "chat_messages")
    const runCounts = runCountsOf(sqlite)
    const cellsWhere = (condition: string) =>
      sqlite.prepare<[], CellRow & { filename: string | null }>(
        `SELECT c.*, d.filename FROM cells c LEFT JOIN documents d ON d.id = c.document_id
       WHERE c.wanted = 1 ${condition} ORDER BY d.position IS NULL, d.position, c.rowid`
      )
    const failedCells = cellsWhere("AND c.state = 'failed'")
    const wantedCells = cellsWhere("")
    const chatsWhere = (condition: string) =>
      sqlite.prepare<[], ChatRow>(
        `SELECT m.*, s.remote_session_id FROM chat_messages m
       LEFT JOIN chat_sessions s ON s.chat_name = m.chat_name AND s.session_key = m.session_key
       WHERE m.wanted = 1 ${condition} ORDER BY m.chat_name, m.session_key, m.position`
      )
    const failedChats = chatsWhere("AND m.state = 'failed'")
    const wantedChats = chatsWhere("")
    const lastActivity = sqlite.prepare<[], { at: string | null }>(
      `SELECT MAX(at) AS at FROM (
       SELECT MAX(started_at) AS at FROM runs UNION ALL SELECT MAX(finished_at) FROM runs
       UNION ALL SELECT MAX(intent_at) FROM cells UNION ALL SELECT MAX(submitted_at) FROM cells
       UNION ALL SELECT MAX(finished_at) FROM cells UNION ALL SELECT MAX(intent_at) FROM chat_messages
       UNION ALL SELECT MAX(submitted_at) FROM chat_messages UNION ALL SELECT MAX(finished_at) FROM chat_messages)`
    )
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
    const diff = makeAnswerDiff(sqlite)
    const diffSnapshot = sqlite.transaction(diff)
    const chatDiffSnapshot = sqlite.transaction(makeChatDiff(sqlite))
    const answerHistory = makeAnswerHistory(sqlite)

    const documentNames = sqlite.prepare<[], { id: number; filename: string }>("SELECT id, filename FROM documents")
    const summary = sqlite.transaction((): StatusSummary => {
      const all = runs.all().map(toRun)
      const newest = all.at(-1)
      const filenames = new Map(documentNames.all().map((row) => [row.id, row.filename]))
      return {
        // A run records its counts when it ends; the newest one still marked running (going on, or killed before it
        // could end) is counted as the checkpoint stands, as its report is.
        runs: newest?.outcome === "running" ? [...all.slice(0, -1), { ...newest, counts: runCounts() }] : all,
        cells: cellCounts(),
        chats: chatCounts(),
        failedCells: failedCells
          .all()
          .map((row) => ({ ...toCell(row), filename: row.filename ?? `document ${row.document_id}` })),
        failedChats: failedChats.all().map((row) => namedChat(toChat(row), filenames)),
        lastActivity: lastActivity.get()?.at ?? undefined
      }
    })

    const history = makeRunHistory(sqlite)
    const latestRunId = sqlite.prepare<[], { id: number | null }>("SELECT MAX(id) AS id FROM runs")
    const documentChanges = sqlite.transaction(
      makeDocumentChanges(sqlite, history, () => latestRunId.get()?.id ?? undefined)
    )

    /**
     * The newest run reads the checkpoint as it stands; an earlier one reads the run history (see RunHistory). Only
     * documents with a wanted cell are reported: a document that left the pipeline keeps its history, not a row.
     */
    const report = sqlite.transaction((runId: number | undefined, options: ReportDataOptions) => {
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
    })

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
    const tally = sqlite.transaction((runId: number): RunTally | undefined => {
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
    })

    return {
      /** How a run ended, read back from the checkpoint: the end-of-run summary of every ending agrees with it. */
      runTally: Effect.fn("ReadStore.runTally")(function* (runId: number) {
        const found = yield* attempt("runTally", () => tally.deferred(runId))
        if (found !== undefined) return found
        const reason = `No run ${runId} in this checkpoint`
        return yield* new StoreError({ operation: "runTally", path, cause: undefined, reason, kind: "missing" })
      }),
      /** Runs, counts by state, failures with reasons and the last activity: `docsweep status` without the service. */
      statusSummary: Effect.fn("ReadStore.statusSummary")(function* () {
        return yield* attempt("statusSummary", () => summary.deferred())
      }),
      /** Answers that differ between two runs (`docsweep diff`), newly answered pairs included. */
      diff: Effect.fn("ReadStore.diff")(function* (fromRunId: number, toRunId: number) {
        return yield* attempt("diff", () => diffSnapshot.deferred(fromRunId, toRunId))
      }),
      /** Chat answers that differ between two runs (`docsweep diff`), newly answered messages included. */
      chatDiff: Effect.fn("ReadStore.chatDiff")(function* (fromRunId: number, toRunId: number) {
        return yield* attempt("chatDiff", () => chatDiffSnapshot.deferred(fromRunId, toRunId))
      }),
      /** Documents that joined or left the pipeline between two runs; undefined before the run history began. */
      documentChanges: Effect.fn("ReadStore.documentChanges")(function* (fromRunId: number, toRunId: number) {
        return yield* attempt("documentChanges", () => documentChanges.deferred(fromRunId, toRunId))
      }),
      /** Columns that joined, left, were renamed or ask anew between two runs; undefined if either kept none. */
      columnChanges: Effect.fn("ReadStore.columnChanges")(function* (fromRunId: number, toRunId: number) {
        return yield* attempt("columnChanges", () =>
          columnChanges(history.columnsAsOf(fromRunId), history.columnsAsOf(toRunId))
        )
      }),
      /** What a report of `runId` (default: the latest run) needs; with `changes`, the diff against the run before. */
      reportData: Effect.fn("ReadStore.reportData")(function* (runId?: number, options: ReportDataOptions = {}) {
        const data = yield* attempt("reportData", () => report.deferred(runId, options))
        if (typeof data === "object") return data
        const reason =
          data === "before-history"
            ? `Run ${runId} was recorded by a docsweep that kept no run history: only the newest run and runs from #${history.firstRun()} on can be reported`
            : runId === undefined
              ? "No run recorded in this checkpoint"
              : `No run ${runId} in this checkpoint`
        return yield* new StoreError({ operation: "reportData", path, cause: undefined, reason, kind: "missing" })
      }),
      /**
       * Whether this reads a copy in memory (a reader where SQLite would have to write beside the file, see
       * `openIdleCopy`): a copy sees no later commit, so its reader opens the file again once it changes.
       */
      isCopy: sqlite.memory,
      /**
       * A mark that differs whenever another connection (the running run) has committed since the last call:
       * SQLite's `PRAGMA data_version`, which costs no read of any table.
       */
      changeMark: Effect.fn("ReadStore.changeMark")(function* () {
        return yield* attempt("changeMark", () => String(sqlite.pragma("data_version", { simple: true })))
      })
    } as const
  })
}) {}
