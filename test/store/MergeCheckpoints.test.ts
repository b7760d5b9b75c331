import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { hostname } from "node:os"
import { dirname, join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import Database from "better-sqlite3"
import { Effect, TestClock } from "effect"
import type { ColumnRename } from "../../src/store/CheckpointModel.js"
import { mergeCheckpoints, readShards } from "../../src/store/MergeCheckpoints.js"
import { requireStopped } from "../../src/store/MergeChecks.js"
import { lockPath } from "../../src/store/PipelineLock.js"
import { at, document, type Stores, start, tempDir, wanted, withStore } from "./StoreFixtures.js"

const column = { name: "a", queryKey: "qa" }

/** One shard's run over `ids`: every cell answered `<prefix><id>`, one chat per document; `failId` fails. */
const shardRun = (ids: ReadonlyArray<number>, shard: string, prefix: string, failId?: number) => (store: Stores) =>
  Effect.gen(function* () {
    const run = yield* store.beginRun({ ...start, shard })
    const docs = ids.map((id) => document(id))
    yield* store.saveDocuments(docs)
    yield* store.saveTable({ slot: 0, remoteId: 100 + (ids[0] ?? 0), documentIds: ids })
    yield* store.saveColumn({
      tableSlot: 0,
      name: "a",
      query: "A?",
      meta: {},
      queryKey: "qa",
      remoteId: 1,
      orderId: 0
    })
    const cells = wanted(docs, [column])
    yield* store.syncCells(cells, { onlyFailed: false })
    yield* store.markSubmitting(cells, run.id, at)
    yield* store.markResults(
      cells.map((cell) =>
        cell.documentId === failId
          ? { ...cell, state: "failed" as const, error: "boom", at, runId: run.id }
          : { ...cell, state: "success" as const, response: `${prefix}${cell.documentId}`, at, runId: run.id }
      )
    )
    const chats = ids.map((id) => ({
      chatName: "each-doc",
      scope: "each" as const,
      sessionKey: String(id),
      documentIds: [id],
      position: 0,
      query: "Summary?",
      dependencyKey: "k"
    }))
    yield* store.syncChatMessages(chats, { onlyFailed: false })
    yield* store.finishRun(run.id, failId === undefined ? "completed" : "failed-cells")
  })

/**
 * A shard's (`shard`, e.g. "1/2") run of documents `ids` × one column named `name`, after `renames`: what is new
 * is answered `x<id>`.
 */
const namedRun =
  (ids: ReadonlyArray<number>, shard: string, name: string, renames: ReadonlyArray<ColumnRename> = []) =>
  (store: Stores) =>
    Effect.gen(function* () {
      const run = yield* store.beginRun({ ...start, shard })
      if (renames.length > 0) yield* store.renameColumns(renames)
      const docs = ids.map((id) => document(id))
      yield* store.saveDocuments(docs)
      yield* store.saveColumn({ tableSlot: 0, name, query: "A?", meta: {}, queryKey: "qa", remoteId: 1, orderId: 0 })
      yield* store.syncCells(wanted(docs, [{ name, queryKey: "qa" }]), { onlyFailed: false })
      yield* store.recordRunColumns(run.id, [{ name, query: "A?", meta: {} }])
      const asked = yield* store.cells({ states: ["pending"] })
      yield* store.markSubmitting(asked, run.id, at)
      yield* store.markResults(
        asked.map((cell) => ({
          ...cell,
          state: "success" as const,
          response: `x${cell.documentId}`,
          at,
          runId: run.id
        }))
      )
      yield* store.finishRun(run.id, "completed")
    })

/** Reads and checks the shards, then merges them into `target`, as `docsweep merge` does. */
const merge = (target: string, sources: ReadonlyArray<string>, options: { readonly partial?: boolean } = {}) =>
  Effect.flatMap(readShards(sources, options), (input) => mergeCheckpoints(target, input))

/** `<tmp>/<name>/state.sqlite` for each name, in a temporary directory removed with the scope. */
const checkpointsIn = <const Names extends ReadonlyArray<string>>(...names: Names) =>
  Effect.map(tempDir, (dir) => names.map((name) => join(dir, name, "state.sqlite")) as { [K in keyof Names]: string })

describe("mergeCheckpoints", () => {
  it.scoped("combines disjoint shards into one checkpoint a report can be written from; merging again diffs", () =>
    Effect.gen(function* () {
      const [shard1, shard2, target] = yield* checkpointsIn("shard-1", "shard-2", "merged")
      yield* withStore(shard1, shardRun([1, 2], "1/2", "x"))
      // Ids far from positions: the merge must keep the service's document ids, never renumber them.
      yield* withStore(shard2, shardRun([30, 40], "2/2", "x", 40))

      const counts = yield* merge(target, [shard1, shard2])
      assert.deepStrictEqual(counts, { documents: 4, cells: 4, chats: 4 })
      yield* withStore(target, (store) =>
        Effect.gen(function* () {
          assert.deepStrictEqual(
            (yield* store.documents()).map((doc) => doc.id),
            [1, 2, 30, 40]
          )
          const cells = yield* store.cells()
          assert.deepStrictEqual(
            cells.map((cell) => [cell.documentId, cell.tableSlot, cell.state, cell.response, cell.runId]),
            [
              [1, 0, "success", "x1", 1],
              [2, 0, "success", "x2", 1],
              [30, 1, "success", "x30", 1],
              [40, 1, "failed", undefined, 1]
            ]
          )
          assert.deepStrictEqual(
            (yield* store.tables()).map((table) => [table.slot, table.documentIds]),
            [
              [0, [1, 2]],
              [1, [30, 40]]
            ]
          )
          assert.strictEqual((yield* store.chatMessages()).length, 4)
          const [run] = yield* store.runs()
          assert.strictEqual(run?.outcome, "failed-cells")
          assert.strictEqual(run?.shard, undefined)
          assert.strictEqual(run?.counts.success, 3)
          assert.include(run?.note, "merged from 2 shard checkpoints")
          const report = yield* store.reportData()
          assert.deepStrictEqual(
            report.columns.map((c) => c.name),
            ["a"]
          )
          assert.strictEqual(report.cell(30, "a")?.response, "x30")
        })
      )

      // Shard 1 runs again with new answers; a second merge replaces the layout and keeps history for diff.
      yield* withStore(shard1, shardRun([1, 2], "1/2", "y"))
      yield* merge(target, [shard1, shard2])
      yield* withStore(target, (store) =>
        Effect.gen(function* () {
          assert.strictEqual((yield* store.cells()).length, 4)
          assert.deepStrictEqual(
            (yield* store.diff(1, 2)).map((change) => [change.documentId, change.before, change.after]),
            [
              [1, "x1", "y1"],
              [2, "x2", "y2"]
            ]
          )
        })
      )
    })
  )

  it.scoped("a column renamed in the shards between two merges: diff names the rename, no answer changed", () =>
    Effect.gen(function* () {
      const [shard1, shard2, target] = yield* checkpointsIn("shard-1", "shard-2", "merged")
      const renamed = [{ from: "Law", to: "Governing law" }]
      yield* withStore(shard1, namedRun([1], "1/2", "Law"))
      yield* withStore(shard2, namedRun([2], "2/2", "Law"))
      yield* merge(target, [shard1, shard2])
      yield* withStore(shard1, namedRun([1], "1/2", "Governing law", renamed))
      yield* withStore(shard2, namedRun([2], "2/2", "Governing law", renamed))
      yield* merge(target, [shard1, shard2])
      yield* withStore(target, (store) =>
        Effect.gen(function* () {
          assert.deepStrictEqual(
            (yield* store.cells()).map((cell) => [cell.columnName, cell.response]),
            [
              ["Governing law", "x1"],
              ["Governing law", "x2"]
            ]
          )
          assert.deepStrictEqual((yield* store.columnChanges(1, 2))?.renamed, renamed)
          // The merge stamps the old name's copied answers with its own run: they are still the renamed column's.
          assert.deepStrictEqual(yield* store.diff(1, 2), [])
        })
      )
    })
  )

  it.scoped("refuses, before writing anything, shards that are not one whole split of one pipeline version", () =>
    Effect.gen(function* () {
      const names = ["s1", "s2", "s2b", "s3-of-3", "edited", "other", "whole", "empty", "absent", "target"] as const
      const [shard1, shard2, overlap, ofThree, edited, other, whole, empty, absent, target] = yield* checkpointsIn(
        ...names
      )
      yield* withStore(shard1, shardRun([1, 2], "1/2", "x"))
      yield* withStore(shard2, shardRun([3], "2/2", "x"))
      yield* withStore(overlap, shardRun([2, 9], "2/2", "x"))
      yield* withStore(ofThree, shardRun([3], "3/3", "x"))
      yield* withStore(edited, (store) => store.beginRun({ ...start, shard: "2/2", pipelineHash: "hash-2" }))
      yield* withStore(other, (store) => store.beginRun({ ...start, shard: "2/2", pipelineName: "other" }))
      yield* withStore(whole, (store) => store.beginRun(start))
      mkdirSync(dirname(empty))
      writeFileSync(empty, "")

      const refusals: ReadonlyArray<readonly [ReadonlyArray<string>, string]> = [
        [[shard1, other], 'different pipelines: this shard is of "other"'],
        [[shard1, edited], "different versions of pipeline"],
        [[shard1, ofThree], "different splits: this is shard 3/3"],
        [[shard1, shard1], "Shard 1/2 is given twice"],
        [[shard1, overlap], "Document 2 is also in"],
        [[shard1, whole], "Not a shard checkpoint"],
        [[shard1, empty], "not a docsweep checkpoint"],
        [[shard1], "Shard 2/2 of the split is not given"],
        [[], "Nothing to merge"]
      ]
      for (const [sources, reason] of refusals) {
        const error = yield* Effect.flip(merge(target, sources))
        assert.include(error.message, reason)
        assert.strictEqual(error.kind, "unmergeable", error.message)
      }
      assert.strictEqual((yield* Effect.flip(merge(target, [absent]))).operation, "open")
      // Nothing was written: no target checkpoint, no folder for the missing shard.
      assert.isFalse(existsSync(target))
      assert.isFalse(existsSync(join(dirname(absent))))

      // A partial merge goes on when asked to, and its run says which shard is missing.
      yield* merge(target, [shard1], { partial: true })
      yield* withStore(target, (store) =>
        Effect.map(store.runs(), ([run]) => assert.match(run?.note ?? "", /PARTIAL: shard 2\/2 not merged/))
      )
    })
  )

  it.scoped("refuses a target of another pipeline, of a shard, or with answers newer than a shard's", () =>
    Effect.gen(function* () {
      const [shard1, shard2, foreign, target] = yield* checkpointsIn("s1", "s2", "foreign", "target")
      yield* withStore(shard1, shardRun([1, 2], "1/2", "x"))
      yield* withStore(shard2, shardRun([3], "2/2", "x"))
      yield* withStore(foreign, (store) => store.beginRun({ ...start, pipelineName: "other" }))
      const both = [shard1, shard2]
      assert.include((yield* Effect.flip(merge(foreign, both))).message, 'This checkpoint is of pipeline "other"')
      assert.include((yield* Effect.flip(merge(shard1, both))).message, "This is the checkpoint of shard 1/2")

      // Merged, then a run of the pipeline on the merged checkpoint: merging the same shards again would set its
      // answers aside (and the next run would ask them again).
      yield* merge(target, both)
      yield* merge(target, both)
      yield* TestClock.adjust("1 minute")
      // A run refused before any work (no answer, no failure) has nothing a merge would set aside.
      yield* withStore(target, (store) => store.beginRun(start))
      yield* merge(target, both)
      yield* withStore(target, (store) =>
        Effect.gen(function* () {
          const run = yield* store.beginRun(start)
          const cells = wanted([document(1)], [column])
          yield* store.syncCells(cells, { onlyFailed: false })
          yield* store.markSubmitting(cells, run.id, at)
          yield* store.markResults(
            cells.map((cell) => ({ ...cell, state: "success", response: "z1", at, runId: run.id }))
          )
        })
      )
      const stale = yield* Effect.flip(merge(target, both))
      assert.include(stale.message, "Run #5 of this checkpoint")
      assert.include(stale.message, "Run that shard again first")
      // Once the shards ran again after it, they hold the newer answers.
      yield* TestClock.adjust("1 minute")
      yield* withStore(shard1, shardRun([1, 2], "1/2", "y"))
      yield* withStore(shard2, shardRun([3], "2/2", "y"))
      yield* merge(target, both)
    })
  )

  it.scoped("reads shards as they are, never writing them: one of an older schema stays at its version", () =>
    Effect.gen(function* () {
      const [shard1, shard2, target] = yield* checkpointsIn("s1", "s2", "target")
      yield* withStore(shard1, shardRun([1, 2], "1/2", "x"))
      yield* withStore(shard2, shardRun([3], "2/2", "x"))
      // Shard 2 as a docsweep before `error_kind` (schema 3) left it.
      const older = new Database(shard2)
      older.exec("ALTER TABLE chat_messages DROP COLUMN error_kind; PRAGMA user_version = 3")
      older.close()
      assert.deepStrictEqual(yield* merge(target, [shard1, shard2]), { documents: 3, cells: 3, chats: 3 })
      const after = new Database(shard2, { readonly: true })
      assert.strictEqual(after.pragma("user_version", { simple: true }), 3)
      after.close()
    })
  )

  it.scoped("keeps the target's scope: all chats, which shards never ask, when it merges again", () =>
    Effect.gen(function* () {
      const [shard1, shard2, target] = yield* checkpointsIn("s1", "s2", "target")
      yield* withStore(shard1, shardRun([1, 2], "1/2", "x"))
      yield* withStore(shard2, shardRun([3], "2/2", "x"))
      yield* merge(target, [shard1, shard2])
      // The run after the merge asks the "all" chat over every document, in a session of its service.
      yield* TestClock.adjust("1 minute")
      const whole = { chatName: "whole", scope: "all" as const, sessionKey: "1,2,3", documentIds: [1, 2, 3] }
      const message = { ...whole, position: 0, query: "What do they share?", dependencyKey: "w" }
      yield* withStore(target, (store) =>
        Effect.gen(function* () {
          const run = yield* store.beginRun(start)
          yield* store.syncChatMessages([message], { onlyFailed: false })
          yield* store.saveChatSession({ ...whole, remoteSessionId: 77 })
          yield* store.markChatSubmitting(message, run.id, at)
          yield* store.markChatResult(message, { state: "success", response: "leases", at, runId: run.id })
          yield* store.finishRun(run.id, "completed")
        })
      )
      yield* TestClock.adjust("1 minute")
      yield* withStore(shard1, shardRun([1, 2], "1/2", "y"))
      yield* withStore(shard2, shardRun([3], "2/2", "y"))
      yield* merge(target, [shard1, shard2])
      const kept = yield* withStore(target, (store) => store.chatMessages({ chatName: "whole" }))
      assert.deepStrictEqual(
        kept.map((m) => [m.sessionKey, m.state, m.response, m.remoteSessionId]),
        [["1,2,3", "success", "leases", 77]]
      )
    })
  )

  it.scoped("a shard whose lock a live process holds is still running; one a dead process left is merged", () =>
    Effect.gen(function* () {
      const [shard] = yield* checkpointsIn("shard")
      mkdirSync(dirname(shard))
      const lock = (pid: number) => {
        const now = new Date().toISOString()
        writeFileSync(
          lockPath(shard),
          JSON.stringify({ pid, hostname: hostname(), startedAt: now, heartbeatAt: now, argv: [] })
        )
      }
      // Another live process of this host (this process's own pid would read as a lock it left before a restart).
      lock(process.ppid)
      const running = yield* Effect.flip(requireStopped(shard))
      assert.strictEqual(running._tag, "ShardRunning")
      assert.include(running.message, `is still running (process ${process.ppid}`)
      // A pid no process has (above Linux's pid_max): the run that held the lock is gone.
      lock(2 ** 22 + 1)
      yield* requireStopped(shard)
    })
  )
})
