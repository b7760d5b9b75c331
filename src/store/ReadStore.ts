import { Effect } from "effect"
import { makeAnswerDiff } from "./AnswerDiff.js"
import { makeChatDiff } from "./ChatDiff.js"
import { CheckpointDatabase } from "./CheckpointDatabase.js"
import type { ReportDataOptions, StatusSummary } from "./CheckpointModel.js"
import { columnChanges } from "./ColumnChanges.js"
import { makeDocumentChanges } from "./DocumentChanges.js"
import { cellsWhere, chatsWhere, makeReportData, namedChat } from "./ReportData.js"
import { makeRunHistory } from "./RunHistory.js"
import { makeRunTally } from "./RunTally.js"
import { StoreError } from "./StoreError.js"
import { type RunRow, toRun } from "./StoreRows.js"
import { toCell, toChat } from "./WorkRecords.js"
import { runCountsOf, stateCountsOf } from "./WorkRows.js"

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
    const failedCells = cellsWhere(sqlite, "AND c.state = 'failed'")
    const failedChats = chatsWhere(sqlite, "AND m.state = 'failed'")
    const lastActivity = sqlite.prepare<[], { at: string | null }>(
      `SELECT MAX(at) AS at FROM (
       SELECT MAX(started_at) AS at FROM runs UNION ALL SELECT MAX(finished_at) FROM runs
       UNION ALL SELECT MAX(intent_at) FROM cells UNION ALL SELECT MAX(submitted_at) FROM cells
       UNION ALL SELECT MAX(finished_at) FROM cells UNION ALL SELECT MAX(intent_at) FROM chat_messages
       UNION ALL SELECT MAX(submitted_at) FROM chat_messages UNION ALL SELECT MAX(finished_at) FROM chat_messages)`
    )
    const diff = makeAnswerDiff(sqlite)
    const diffSnapshot = sqlite.transaction(diff)
    const chatDiffSnapshot = sqlite.transaction(makeChatDiff(sqlite))

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
    const report = sqlite.transaction(makeReportData(sqlite, history, diff))
    const tally = sqlite.transaction(makeRunTally(sqlite))

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
