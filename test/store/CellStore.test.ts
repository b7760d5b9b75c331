import { assert, describe, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import {
  at,
  checkpointAfterRun,
  columnA,
  columnB,
  document,
  inFreshRun,
  oneIntent,
  rerun,
  wanted,
  withRun,
  withStore
} from "./StoreFixtures.js"

const docs = [document(1), document(2)]

describe("CellStore resume semantics", () => {
  it.scoped("a re-run asks only what is new or changed; in-flight cells stay in flight across a reopen", () =>
    Effect.gen(function* () {
      const path = yield* checkpointAfterRun((store, run) =>
        Effect.gen(function* () {
          yield* store.saveDocuments(docs)
          const counts = yield* store.syncCells(wanted(docs, [columnA, columnB]), rerun)
          assert.deepStrictEqual(counts, { total: 4, alreadyAnswered: 0, toRun: 4, inFlight: 0, skipped: 0 })
          const keys = [
            { documentId: 1, columnName: "a" },
            { documentId: 1, columnName: "b" },
            { documentId: 2, columnName: "a" }
          ]
          yield* store.markSubmitting(keys, run.id, at)
          yield* store.markSubmitted([{ documentId: 1, columnName: "a", remoteCellId: 501, remoteTaskId: "t1", at }])
          yield* store.markSubmitted([{ documentId: 1, columnName: "b", remoteCellId: 502, remoteTaskId: "t2", at }])
          yield* store.markResults([
            { documentId: 1, columnName: "a", state: "success", response: "A1", at, seconds: 1.5, runId: run.id },
            { documentId: 1, columnName: "b", state: "failed", error: "timeout", at, runId: run.id }
          ])
          // documentId 2 / a stays `submitting`: the process dies here.
        })
      )
      yield* withRun(path, (store, run) =>
        Effect.gen(function* () {
          const counts = yield* store.syncCells(wanted(docs, [columnA, columnB]), rerun)
          assert.deepStrictEqual(counts, { total: 4, alreadyAnswered: 1, toRun: 2, inFlight: 1, skipped: 0 })
          const cells = yield* store.cells()
          const byKey = new Map(cells.map((cell) => [`${cell.documentId}/${cell.columnName}`, cell]))
          assert.strictEqual(byKey.get("1/a")?.state, "success")
          assert.strictEqual(byKey.get("1/a")?.response, "A1")
          assert.strictEqual(byKey.get("1/a")?.seconds, 1.5)
          assert.strictEqual(byKey.get("2/a")?.state, "submitting")
          assert.strictEqual(byKey.get("2/a")?.intentAt, at)
          // A failed pair is retried: pending again, error cleared, the remote cell kept for a re-run.
          assert.strictEqual(byKey.get("1/b")?.state, "pending")
          assert.strictEqual(byKey.get("1/b")?.error, undefined)
          assert.strictEqual(byKey.get("1/b")?.remoteCellId, 502)
          assert.strictEqual(byKey.get("1/b")?.attempts, 1)
          const pending = yield* store.cells({ states: ["pending"] })
          assert.deepStrictEqual(
            pending.map((cell) => `${cell.documentId}/${cell.columnName}`),
            ["1/b", "2/b"]
          )
          assert.deepStrictEqual(yield* store.cellCounts(), {
            pending: 2,
            submitting: 1,
            submitted: 0,
            success: 1,
            failed: 0
          })
          assert.strictEqual(run.id, 2)
        })
      )
    })
  )

  it.scoped("a modified document or an edited column re-asks the pair; new documents and columns are added", () =>
    Effect.gen(function* () {
      const path = yield* checkpointAfterRun((store, run) =>
        Effect.gen(function* () {
          yield* store.syncCells(wanted(docs, [columnA]), rerun)
          const keys = wanted(docs, [columnA])
          yield* store.markSubmitting(keys, run.id, at)
          yield* store.markSubmitted(
            keys.map((key, i) => ({ ...key, remoteCellId: 600 + i, remoteTaskId: `t${i}`, at }))
          )
          yield* store.markResults(
            keys.map((key) => ({ ...key, state: "success", response: "old", at, runId: run.id }))
          )
          yield* store.finishRun(run.id, "completed")
        })
      )
      yield* withStore(path, (store) =>
        Effect.gen(function* () {
          // Document 1 modified, document 3 new, column a unchanged, column b new.
          const next = [document(1, "v2"), document(2), document(3)]
          const counts = yield* store.syncCells(wanted(next, [columnA, columnB]), rerun)
          assert.deepStrictEqual(counts, { total: 6, alreadyAnswered: 1, toRun: 5, inFlight: 0, skipped: 0 })
          const cell = (yield* store.cells()).find((c) => c.documentId === 1 && c.columnName === "a")
          assert.strictEqual(cell?.state, "pending")
          assert.strictEqual(cell?.response, undefined)
          assert.strictEqual(cell?.attempts, 0)
          // Same table slot and column: the remote cell is re-run, its old task id kept for the reconcile.
          assert.strictEqual(cell?.remoteCellId, 600)
          assert.strictEqual(cell?.remoteTaskId, "t0")

          // Column a edited: a new remote column, so the remote ids of its cells go.
          const edited = yield* store.syncCells(wanted(next, [{ name: "a", queryKey: "qa-edited" }, columnB]), rerun)
          assert.deepStrictEqual(edited, { total: 6, alreadyAnswered: 0, toRun: 6, inFlight: 0, skipped: 0 })
          const cellA2 = (yield* store.cells()).find((c) => c.documentId === 2 && c.columnName === "a")
          assert.strictEqual(cellA2?.state, "pending")
          assert.strictEqual(cellA2?.remoteCellId, undefined)
          assert.strictEqual(cellA2?.dependencyKey, "v1/qa-edited")
        })
      )
    })
  )

  it.scoped(
    "--only-failed runs failed pairs only; a removed column is kept but not counted; --fresh resets (keeping uploads)",
    () =>
      inFreshRun((store, run) =>
        Effect.gen(function* () {
          yield* store.saveDocuments(docs)
          yield* store.saveUpload("/a.pdf", "sha", 1)
          const keys = wanted(docs, [columnA, columnB])
          yield* store.syncCells(keys, rerun)
          yield* store.markSubmitting(keys, run.id, at)
          yield* store.markResults(
            keys.map((key) => ({
              ...key,
              state: key.documentId === 1 && key.columnName === "a" ? "failed" : "success",
              response: "ok",
              at,
              runId: run.id
            }))
          )
          yield* store.finishRun(run.id, "failed-cells")

          // Document 2 modified and document 5 new: left out with --only-failed, counted as skipped.
          const next = [document(1), document(2, "v2"), document(5)]
          const only = yield* store.syncCells(wanted(next, [columnA, columnB]), { onlyFailed: true })
          assert.deepStrictEqual(only, { total: 6, alreadyAnswered: 1, toRun: 1, inFlight: 0, skipped: 4 })
          const pending = yield* store.cells({ states: ["pending"] })
          assert.deepStrictEqual(
            pending.map((c) => [c.documentId, c.columnName, c.attempts]),
            [[1, "a", 1]]
          )
          assert.strictEqual((yield* store.cells()).length, 4)

          // Column b removed from the pipeline: its cells stay but are neither counted nor listed.
          const dropped = yield* store.syncCells(wanted(docs, [columnA]), rerun)
          assert.deepStrictEqual(dropped, { total: 2, alreadyAnswered: 1, toRun: 1, inFlight: 0, skipped: 0 })
          assert.deepStrictEqual(yield* store.cellCounts(), {
            pending: 1,
            submitting: 0,
            submitted: 0,
            success: 1,
            failed: 0
          })
          assert.strictEqual((yield* store.cells({ states: ["success"], tableSlot: 0 })).length, 1)
          assert.strictEqual((yield* store.cells({ includeUnwanted: true })).length, 4)

          yield* store.reset()
          assert.deepStrictEqual(yield* store.cells({ includeUnwanted: true }), [])
          // Documents stay for the reports of earlier runs (this run updates them); uploaded files are already
          // documents of the service: --fresh must not upload them a second time.
          assert.strictEqual((yield* store.documents()).length, 2)
          assert.deepStrictEqual(yield* store.uploadedFile("/a.pdf", "sha"), Option.some(1))
          assert.strictEqual((yield* store.runs()).length, 1)
          const fresh = yield* store.syncCells(wanted(docs, [columnA]), rerun)
          assert.deepStrictEqual(fresh, { total: 2, alreadyAnswered: 0, toRun: 2, inFlight: 0, skipped: 0 })
        })
      )
  )

  it.scoped("intent: attempts and stale task id; a revert undoes one attempt", () =>
    inFreshRun((store, run) =>
      Effect.gen(function* () {
        const key = yield* oneIntent(store, run.id)
        yield* store.revertSubmitting([key])
        const reverted = (yield* store.cells())[0]
        assert.strictEqual(reverted?.state, "pending")
        assert.strictEqual(reverted?.attempts, 0)
        yield* store.markSubmitting([key], run.id, at)
        yield* store.markSubmitted([{ ...key, remoteCellId: 9, remoteTaskId: "task-1", at }])
        yield* store.markResults([{ ...key, state: "pending", at, runId: run.id }])
        yield* store.markSubmitting([key], run.id, "2026-01-01T00:01:00.000Z")
        const again = (yield* store.cells())[0]
        assert.strictEqual(again?.state, "submitting")
        assert.strictEqual(again?.attempts, 2)
        assert.strictEqual(again?.staleTaskId, "task-1")
        assert.strictEqual(again?.runId, run.id)
        assert.strictEqual(again?.intentAt, "2026-01-01T00:01:00.000Z")
        // A revert only applies to a cell still `submitting`.
        yield* store.markSubmitted([{ ...key, remoteCellId: 9, remoteTaskId: "task-2", at }])
        yield* store.revertSubmitting([key])
        assert.strictEqual((yield* store.cells())[0]?.state, "submitted")
      })
    )
  )

  it.scoped("a stale pair in flight is left to the reconcile, then asked again under the new key", () =>
    inFreshRun((store, run) =>
      Effect.gen(function* () {
        const key = yield* oneIntent(store, run.id)
        yield* store.markSubmitted([{ ...key, remoteCellId: 7, remoteTaskId: "t1", at }])
        // The document is modified while its answer is being generated.
        const during = yield* store.syncCells(wanted([document(1, "v2")], [columnA]), rerun)
        assert.deepStrictEqual(during, { total: 1, alreadyAnswered: 0, toRun: 0, inFlight: 1, skipped: 0 })
        assert.strictEqual((yield* store.cells())[0]?.dependencyKey, "v1/qa")
        yield* store.markResults([{ ...key, state: "success", response: "for v1", at, runId: run.id }])
        const after = yield* store.syncCells(wanted([document(1, "v2")], [columnA]), rerun)
        assert.deepStrictEqual(after, { total: 1, alreadyAnswered: 0, toRun: 1, inFlight: 0, skipped: 0 })
        const cell = (yield* store.cells())[0]
        assert.deepStrictEqual([cell?.state, cell?.dependencyKey, cell?.remoteCellId], ["pending", "v2/qa", 7])
      })
    )
  )
})
