import { DateTime, Effect, Option } from "effect"
import { CheckpointDatabase } from "./CheckpointDatabase.js"
import type { RunOutcome, RunStart } from "./CheckpointModel.js"
import type { RunColumn } from "./HistoryRows.js"
import { makeRunHistory } from "./RunHistory.js"
import { StoreError } from "./StoreError.js"
import { type RunRow, toRun } from "./StoreRows.js"
import { runCountsOf } from "./WorkRows.js"

const currentTime = Effect.map(DateTime.now, DateTime.formatIso)

/** Runs (history, never cleared), pipeline meta, and the fresh-start reset. */
export class RunStore extends Effect.Service<RunStore>()("app/store/RunStore", {
  effect: Effect.map(CheckpointDatabase, ({ attempt, path, sqlite }) => {
    const insertRun = sqlite.prepare<
      [Omit<RunStart, "shard" | "settings"> & { startedAt: string; shard: string | null; settings: string | null }],
      RunRow
    >(
      `INSERT INTO runs (pipeline_name, pipeline_hash, base_url, shard, docsweep_version, started_at, outcome, settings)
     VALUES (@pipelineName, @pipelineHash, @baseUrl, @shard, @docsweepVersion, @startedAt, 'running', @settings)
     RETURNING *`
    )
    const closeRun = sqlite.prepare<
      [{ id: number; outcome: RunOutcome; note: string | null; finishedAt: string | null; counts: string }],
      RunRow
    >(
      `UPDATE runs SET outcome = @outcome, note = @note, finished_at = @finishedAt, counts = @counts
     WHERE id = @id RETURNING *`
    )
    const runningRuns = sqlite.prepare<[], { id: number }>("SELECT id FROM runs WHERE outcome = 'running'")
    const allRuns = sqlite.prepare<[], RunRow>("SELECT * FROM runs ORDER BY id")
    const lastRun = sqlite.prepare<[], RunRow>("SELECT * FROM runs ORDER BY id DESC LIMIT 1")
    const runCounts = runCountsOf(sqlite)
    const readMeta = sqlite.prepare<[string], { value: string }>("SELECT value FROM meta WHERE key = ?")
    const writeMeta = sqlite.prepare<[string, string]>(
      "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
    )
    const removeMeta = sqlite.prepare<[string]>("DELETE FROM meta WHERE key = ?")

    const history = makeRunHistory(sqlite)
    // The run's outcome and its place in the run history are written together.
    const close = (id: number, outcome: RunOutcome, note: string | null, finishedAt: string | null) => {
      history.snapshot(id)
      return closeRun.get({ id, outcome, note, finishedAt, counts: JSON.stringify(runCounts()) })
    }

    const begin = sqlite.transaction((start: RunStart, startedAt: string) => {
      for (const { id } of runningRuns.all())
        close(id, "interrupted", "the process stopped before the run finished", null)
      const settings = start.settings === undefined ? null : JSON.stringify(start.settings)
      return insertRun.get({ ...start, shard: start.shard ?? null, startedAt, settings })
    })
    const finish = sqlite.transaction((id: number, outcome: RunOutcome, note: string | null, finishedAt: string) =>
      close(id, outcome, note, finishedAt)
    )
    // Uploads stay: the files are already documents of the service, and uploading them again would duplicate them.
    // Documents stay too (names and row order): reports of earlier runs still name them; this run updates them.
    const deletes = ["ai_tables", "columns", "cells", "chat_messages", "chat_sessions"].map((table) =>
      sqlite.prepare(`DELETE FROM ${table}`)
    )
    // The runner's intent markers of sessions and messages go too: a marker left behind would make the next run
    // adopt the old session (and ask the conversation again in it) instead of creating a new one.
    const forgetIntents = sqlite.prepare(
      "DELETE FROM meta WHERE key GLOB 'runner.session_intent:*' OR key GLOB 'runner.message_intent:*'"
    )
    const clear = sqlite.transaction(() => {
      for (const statement of deletes) statement.run()
      forgetIntents.run()
      history.markReset()
    })

    const found = (operation: string, row: RunRow | undefined, runId?: number) =>
      row === undefined
        ? Effect.fail(
            new StoreError({ operation, path, cause: undefined, reason: `No run ${runId} in this checkpoint` })
          )
        : attempt(operation, () => toRun(row))

    return {
      /** Starts a run; a run still `running` (its process died) becomes `interrupted` first. */
      beginRun: Effect.fn("RunStore.beginRun")(function* (start: RunStart) {
        const startedAt = yield* currentTime
        const row = yield* attempt("beginRun", () => begin.immediate(start, startedAt))
        return yield* found("beginRun", row)
      }),
      /** Ends a run with its outcome; counts are the wanted cells and chats by state at this moment. */
      finishRun: Effect.fn("RunStore.finishRun")(function* (runId: number, outcome: RunOutcome, note?: string) {
        const finishedAt = yield* currentTime
        const row = yield* attempt("finishRun", () => finish.immediate(runId, outcome, note ?? null, finishedAt))
        return yield* found("finishRun", row, runId)
      }),
      /** Every run, oldest first. */
      runs: Effect.fn("RunStore.runs")(function* () {
        return yield* attempt("runs", () => allRuns.all().map(toRun))
      }),
      latestRun: Effect.fn("RunStore.latestRun")(function* () {
        return yield* attempt("latestRun", () => Option.map(Option.fromNullable(lastRun.get()), toRun))
      }),
      /** The pipeline's columns as this run asks them: reports of this run, also exported later, show these. */
      recordRunColumns: Effect.fn("RunStore.recordRunColumns")(function* (
        runId: number,
        columns: ReadonlyArray<RunColumn>
      ) {
        yield* attempt("recordRunColumns", () => history.saveColumns(runId, columns))
      }),
      getMeta: Effect.fn("RunStore.getMeta")(function* (key: string) {
        return yield* attempt("getMeta", () => Option.map(Option.fromNullable(readMeta.get(key)), (row) => row.value))
      }),
      setMeta: Effect.fn("RunStore.setMeta")(function* (key: string, value: string) {
        yield* attempt("setMeta", () => writeMeta.run(key, value))
      }),
      deleteMeta: Effect.fn("RunStore.deleteMeta")(function* (key: string) {
        yield* attempt("deleteMeta", () => removeMeta.run(key))
      }),
      /** `--fresh`: forgets tables, columns, cells and chats; keeps uploads, documents, runs and their history. */
      reset: Effect.fn("RunStore.reset")(function* () {
        yield* attempt("reset", () => clear.immediate())
      })
    } as const
  })
}) {}
