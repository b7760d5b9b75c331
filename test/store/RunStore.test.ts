import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { CheckpointStore } from "../../src/store/CheckpointStore.js"
import { RunStore } from "../../src/store/RunStore.js"
import { checkpointPath, columnA, document, rerun, start, tempDir, wanted, withStore } from "./StoreFixtures.js"

const docs = [document(1), document(2)]

describe("RunStore and LayoutStore: runs, meta and layout", () => {
  it.scoped("records runs; a run left running by a dead process becomes interrupted", () =>
    Effect.gen(function* () {
      const path = join(yield* tempDir, "out", "state.sqlite")
      const first = yield* withStore(path, (store) => store.beginRun(start))
      assert.strictEqual(first.outcome, "running")
      const runs = yield* withStore(path, (store) =>
        Effect.gen(function* () {
          const second = yield* store.beginRun({ ...start, shard: "1/2" })
          yield* store.saveDocuments(docs)
          yield* store.syncCells(wanted(docs, [columnA]), rerun)
          const finished = yield* store.finishRun(second.id, "failed-cells", "2 cells pending")
          assert.deepStrictEqual(finished.counts, { pending: 2, submitting: 0, submitted: 0, success: 0, failed: 0 })
          assert.strictEqual(finished.note, "2 cells pending")
          assert.isDefined(finished.finishedAt)
          assert.deepStrictEqual(
            Option.map(yield* store.latestRun(), (run) => run.id),
            Option.some(second.id)
          )
          return yield* store.runs()
        })
      )
      assert.deepStrictEqual(
        runs.map((run) => [run.id, run.outcome, run.shard]),
        [
          [1, "interrupted", undefined],
          [2, "failed-cells", "1/2"]
        ]
      )
      const missing = yield* withStore(path, (store) => Effect.flip(store.finishRun(99, "completed")))
      assert.include(missing.message, "No run 99")
    })
  )

  it.scoped("keeps meta, uploads, documents in first-seen order, tables and columns", () =>
    Effect.gen(function* () {
      const path = yield* checkpointPath
      yield* withStore(path, (store) =>
        Effect.gen(function* () {
          yield* store.setMeta("secondsPerCell", "2.5")
          yield* store.setMeta("secondsPerCell", "3")
          yield* store.saveUpload("/data/a.pdf", "sha-a", 41)
          yield* store.saveDocuments([document(3), document(1)])
          yield* store.saveDocuments([document(2), document(1, "v2"), document(4)])
          yield* store.saveTable({ slot: 0, remoteId: undefined, documentIds: [3, 1] })
          yield* store.saveTable({ slot: 0, remoteId: 900, documentIds: [3, 1, 2] })
          const column = { tableSlot: 0, name: "a", query: "Q?", meta: { type: "text" }, queryKey: "qa", orderId: 1 }
          yield* store.saveColumn({ ...column, remoteId: undefined })
          yield* store.saveColumn({ ...column, remoteId: 77 })
          yield* store.saveColumn({ ...column, query: "Q2?", queryKey: "qa2", remoteId: 78 })
        })
      )
      yield* withStore(path, (store) =>
        Effect.gen(function* () {
          assert.deepStrictEqual(yield* store.getMeta("secondsPerCell"), Option.some("3"))
          assert.isTrue(Option.isNone(yield* store.getMeta("nothing")))
          assert.deepStrictEqual(yield* store.uploadedFile("/data/a.pdf", "sha-a"), Option.some(41))
          assert.isTrue(Option.isNone(yield* store.uploadedFile("/data/a.pdf", "sha-changed")))
          const documents = yield* store.documents()
          assert.deepStrictEqual(
            documents.map((doc) => [doc.id, doc.version]),
            [
              [3, "v1"],
              [1, "v2"],
              [2, "v1"],
              [4, "v1"]
            ]
          )
          assert.deepStrictEqual(yield* store.tables(), [{ slot: 0, remoteId: 900, documentIds: [3, 1, 2] }])
          const columns = yield* store.columns()
          assert.deepStrictEqual(
            columns.map((column) => [column.queryKey, column.remoteId, column.meta]),
            [
              ["qa", 77, { type: "text" }],
              ["qa2", 78, { type: "text" }]
            ]
          )
        })
      )
    })
  )

  it.scoped("openExisting refuses a missing checkpoint and opens an existing one", () =>
    Effect.gen(function* () {
      const path = join(yield* tempDir, "out", "state.sqlite")
      const latest = Effect.flatMap(RunStore, (store) => store.latestRun())
      const missing = yield* Effect.flip(latest.pipe(Effect.provide(CheckpointStore.openExisting(path))))
      assert.strictEqual(missing.operation, "open")
      yield* withStore(path, (store) => store.beginRun(start))
      const run = yield* latest.pipe(Effect.provide(CheckpointStore.openExisting(path)))
      assert.deepStrictEqual(
        Option.map(run, (r) => r.pipelineName),
        Option.some("leases")
      )
    })
  )
})
