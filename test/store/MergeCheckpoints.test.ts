import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import type { ColumnRename } from "../../src/store/CheckpointModel.js"
import { mergeCheckpoints } from "../../src/store/MergeCheckpoints.js"
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

/** A shard's run of documents `ids` × one column named `name`, after `renames`: what is new is answered `x<id>`. */
const namedRun =
  (ids: ReadonlyArray<number>, name: string, renames: ReadonlyArray<ColumnRename> = []) =>
  (store: Stores) =>
    Effect.gen(function* () {
      const run = yield* store.beginRun(start)
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

      const counts = yield* mergeCheckpoints(target, [shard1, shard2])
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
      yield* mergeCheckpoints(target, [shard1, shard2])
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
      yield* withStore(shard1, namedRun([1], "Law"))
      yield* withStore(shard2, namedRun([2], "Law"))
      yield* mergeCheckpoints(target, [shard1, shard2])
      yield* withStore(shard1, namedRun([1], "Governing law", renamed))
      yield* withStore(shard2, namedRun([2], "Governing law", renamed))
      yield* mergeCheckpoints(target, [shard1, shard2])
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

  it.scoped("refuses different pipelines, overlapping shards and missing checkpoints", () =>
    Effect.gen(function* () {
      const [shard1, shard2, other, target, absent] = yield* checkpointsIn(
        "shard-1",
        "shard-2",
        "other",
        "merged",
        "absent"
      )
      yield* withStore(shard1, shardRun([1, 2], "1/2", "x"))
      yield* withStore(shard2, shardRun([2, 3], "2/2", "x"))
      yield* withStore(other, (store) => store.beginRun({ ...start, pipelineHash: "hash-2" }))

      const hashes = yield* Effect.flip(mergeCheckpoints(target, [shard1, other]))
      assert.include(hashes.message, "different pipelines")
      const overlap = yield* Effect.flip(mergeCheckpoints(target, [shard1, shard2]))
      assert.include(overlap.message, "Document 2 is also in")
      const missing = yield* Effect.flip(mergeCheckpoints(target, [absent]))
      assert.strictEqual(missing.operation, "open")
      const none = yield* Effect.flip(mergeCheckpoints(target, []))
      assert.include(none.message, "Nothing to merge")
    })
  )
})
