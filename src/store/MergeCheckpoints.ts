import type BetterSqlite3 from "better-sqlite3"
import { DateTime, Effect } from "effect"
import type { MergeCounts, RunOutcome } from "./CheckpointModel.js"
import { openDatabase } from "./Database.js"
import { checkShards, checkTarget, type MergeSplit, mergedNote } from "./MergeChecks.js"
import { makeRunHistory } from "./RunHistory.js"
import { detach, type RemoteTable, type Row, readShard, readTargetRuns, type Shard } from "./ShardSnapshot.js"
import { StoreError } from "./StoreError.js"
import { toRun } from "./StoreRows.js"
import { wholeLibraryChats } from "./WholeLibraryChats.js"

// The merged run reports the worst outcome among the shards' latest runs.
const severity: ReadonlyArray<RunOutcome> = [
  "error",
  "refused",
  "invalid",
  "service-unavailable",
  "deadline",
  "interrupted",
  "running",
  "failed-cells",
  "completed"
]

const insertAll = (sqlite: BetterSqlite3.Database, table: string, rows: ReadonlyArray<Row>) => {
  if (rows.length === 0) return
  const columns = sqlite
    .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
    .all()
    .map((column) => column.name)
    // `documents.id` is the service's document id and must survive; other `id` columns are local surrogate keys.
    .filter((name) => name !== "id" || table === "documents")
  const insert = sqlite.prepare<[Row]>(
    `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((name) => `@${name}`).join(", ")})`
  )
  for (const row of rows) insert.run(Object.fromEntries(columns.map((name) => [name, row[name] ?? null])))
}

/** Shard checkpoints read and checked (MergeChecks), ready to be merged; nothing is written yet. */
export interface ShardsToMerge {
  readonly shards: ReadonlyArray<Shard>
  readonly split: MergeSplit
}

/**
 * Reads the shard checkpoints (read-only) and checks they make one merge: one split of one version of one pipeline
 * (`pipelineName`, when given, is the pipeline the merge is for), every shard of it unless `partial`.
 */
export const readShards = (
  sourcePaths: ReadonlyArray<string>,
  options: { readonly partial?: boolean; readonly pipelineName?: string | undefined } = {}
): Effect.Effect<ShardsToMerge, StoreError> =>
  Effect.gen(function* () {
    const shards = yield* Effect.forEach(sourcePaths, readShard)
    const facts = shards.map((shard) => ({ ...shard, documentIds: shard.rows.documents.map((doc) => doc.id) }))
    const split = checkShards(facts, { partial: options.partial === true, pipelineName: options.pipelineName })
    return split instanceof StoreError ? yield* split : { shards, split }
  })

/**
 * Combines shard checkpoints (disjoint documents, same pipeline) into the checkpoint at `targetPath`, so one
 * report covers every shard. The target (see `checkTarget`) keeps its runs and history; its documents, tables,
 * columns, cells and chats are replaced in one transaction, plus one merged run (worst outcome of the shards'
 * latest runs) to which each pair's current answer is attributed, so `diff` works between merges. Table slots are
 * renumbered per shard. The caller holds the target's lock.
 */
export const mergeCheckpoints = (targetPath: string, input: ShardsToMerge): Effect.Effect<MergeCounts, StoreError> =>
  Effect.gen(function* () {
    yield* checkMergeTarget(targetPath, input)
    const runs = input.shards.flatMap((shard) => (shard.run === undefined ? [] : [toRun(shard.run)]))
    const now = DateTime.formatIso(yield* DateTime.now)
    return yield* Effect.scoped(
      Effect.gen(function* () {
        const { attempt, sqlite } = yield* openDatabase(targetPath)
        const merge = sqlite.transaction(() => writeMerge(sqlite, input, runs, now))
        const counts = yield* attempt("merge", () => merge.immediate())
        yield* Effect.logInfo("Shard checkpoints merged").pipe(Effect.annotateLogs({ target: targetPath, ...counts }))
        return counts
      })
    )
  }).pipe(Effect.withSpan("MergeCheckpoints.mergeCheckpoints", { attributes: { targetPath } }))

/** Fails when the checkpoint at `targetPath` may not take this merge (see `checkTarget`); none there is fine. */
export const checkMergeTarget = (targetPath: string, input: ShardsToMerge) =>
  Effect.flatMap(readTargetRuns(targetPath), (runs) => {
    const refused = checkTarget({ path: targetPath, runs }, input.shards, input.split)
    return refused === undefined ? Effect.void : Effect.fail(refused)
  })

/** The merged run's note: which shards (and, for a partial merge, which are missing). */
const noteOf = ({ shards, split }: ShardsToMerge) => {
  const merged = `${mergedNote}${shards.length} shard checkpoints: ${shards.map((s) => `${s.path} (run ${s.run?.id})`).join(", ")}`
  const missing = split.missing.map((index) => `${index}/${split.count}`)
  return missing.length === 0
    ? merged
    : `${merged}. PARTIAL: shard${missing.length === 1 ? "" : "s"} ${missing.join(", ")} not merged, ` +
        `${missing.length === 1 ? "its" : "their"} documents are not in this checkpoint`
}

const writeMerge = (
  sqlite: BetterSqlite3.Database,
  input: ShardsToMerge,
  runs: ReadonlyArray<ReturnType<typeof toRun>>,
  now: string
): MergeCounts => {
  const { shards } = input
  const keptChats = wholeLibraryChats(sqlite, shards)
  for (const table of ["ai_tables", "columns", "cells", "chat_messages", "chat_sessions", "uploads", "documents"]) {
    sqlite.prepare(`DELETE FROM ${table}`).run()
  }
  const last = runs[runs.length - 1]
  const services = new Set(runs.map((r) => r.baseUrl))
  // Remote ids name objects of the service each shard ran against. They stay only when that is one service for
  // all shards; otherwise (embedded shards each ran their own) the next run creates tables and sessions anew in
  // the service it runs against, and requests a shard left in flight are asked again there.
  const sharedService = services.size === 1 && !services.has("embedded")
  const local = (table: RemoteTable, rows: ReadonlyArray<Row>) => (sharedService ? rows : detach(table, rows))
  const outcome = severity.find((candidate) => runs.some((run) => run.outcome === candidate)) ?? "completed"
  const finished = runs.every((run) => run.finishedAt !== undefined)
  const run = sqlite
    .prepare<[Row], { id: number }>(
      `INSERT INTO runs (pipeline_name, pipeline_hash, base_url, shard, docsweep_version, started_at, finished_at,
         outcome, note) VALUES (@name, @hash, @url, NULL, @version, @startedAt, @finishedAt, @outcome, @note) RETURNING id`
    )
    .get({
      name: last?.pipelineName ?? "",
      hash: last?.pipelineHash ?? "",
      url: sharedService ? (last?.baseUrl ?? "") : [...services].join(", "),
      version: last?.docsweepVersion ?? "",
      startedAt: runs.map((r) => r.startedAt).sort()[0] ?? now,
      finishedAt: finished
        ? (runs
            .map((r) => r.finishedAt ?? now)
            .sort()
            .at(-1) ?? now)
        : null,
      outcome: outcome === "running" ? "interrupted" : outcome,
      note: noteOf(input)
    })
  const runId = run?.id ?? null
  let position = 0
  let slotBase = 0
  let saved = 0
  for (const shard of shards) {
    const slot = (row: Row, key: string) => ({ [key]: Number(row[key]) + slotBase })
    const attributed = (rows: ReadonlyArray<Row>) =>
      rows.map((row) => ({ ...row, run_id: row.run_id === null ? null : runId }))
    insertAll(
      sqlite,
      "documents",
      shard.rows.documents.map((row) => ({ ...row, position: position++ }))
    )
    insertAll(sqlite, "uploads", shard.rows.uploads)
    insertAll(
      sqlite,
      "ai_tables",
      local("ai_tables", shard.rows.ai_tables).map((row) => ({ ...row, ...slot(row, "slot") }))
    )
    insertAll(
      sqlite,
      "columns",
      local("columns", shard.rows.columns).map((row) => ({ ...row, ...slot(row, "table_slot"), saved: ++saved }))
    )
    insertAll(
      sqlite,
      "cells",
      attributed(local("cells", shard.rows.cells)).map((row) => ({ ...row, ...slot(row, "table_slot") }))
    )
    insertAll(sqlite, "chat_sessions", local("chat_sessions", shard.rows.chat_sessions))
    insertAll(sqlite, "chat_messages", attributed(local("chat_messages", shard.rows.chat_messages)))
    insertAll(sqlite, "answers", attributed(shard.rows.answers))
    insertAll(sqlite, "chat_answers", attributed(shard.rows.chat_answers))
    const slots = [...shard.rows.ai_tables.map((row) => row.slot), ...shard.rows.cells.map((row) => row.table_slot)]
    slotBase += 1 + slots.reduce<number>((max, value) => Math.max(max, Number(value)), -1)
  }
  insertAll(sqlite, "chat_sessions", keptChats.sessions)
  insertAll(sqlite, "chat_messages", keptChats.messages)
  const count = (table: string) =>
    sqlite
      .prepare<[], { state: string; count: number }>(
        `SELECT state, COUNT(*) AS count FROM ${table} WHERE wanted = 1 GROUP BY state`
      )
      .all()
  const counts = Object.fromEntries([
    ...count("cells").map((row) => [row.state, row.count]),
    ...count("chat_messages").map((row) => [`chats.${row.state}`, row.count])
  ])
  sqlite.prepare("UPDATE runs SET counts = ? WHERE id = ?").run(JSON.stringify(counts), runId)
  if (runId !== null) {
    // The merged run in the run history: every pair as merged, and the target's own pairs that are gone.
    const history = makeRunHistory(sqlite)
    const columns = shards.map((shard) => shard.run?.columns).find((text) => typeof text === "string")
    if (columns !== undefined) sqlite.prepare("UPDATE runs SET columns = ? WHERE id = ?").run(columns, runId)
    history.markReset()
    history.snapshot(runId)
  }
  return {
    documents: position,
    cells: shards.reduce((sum, shard) => sum + shard.rows.cells.length, 0),
    chats: shards.reduce((sum, shard) => sum + shard.rows.chat_messages.length, keptChats.messages.length)
  }
}
