import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Chunk, Effect } from "effect"
import type { CellResult } from "../../src/store/CheckpointModel.js"
import { document, start, tempDir, wanted, withStore } from "./StoreFixtures.js"

const documents = Array.from({ length: 2_000 }, (_, i) => document(i + 1))
const columns = Array.from({ length: 50 }, (_, i) => ({ name: `column ${i}`, queryKey: `q${i}` }))
const answer = "x".repeat(300)

// Correctness at the runner's benchmark size (2,000 documents × 50 columns); no timing asserts.
describe("the checkpoint at 100,000 cells", () => {
  it.scoped("syncs, marks in batches, re-syncs and reads every cell", () =>
    Effect.gen(function* () {
      const path = join(yield* tempDir, "state.sqlite")
      const pairs = wanted(documents, columns)
      yield* withStore(path, (store) =>
        Effect.gen(function* () {
          const run = yield* store.beginRun(start)
          yield* store.saveDocuments(documents)
          const counts = yield* store.syncCells(pairs, { onlyFailed: false })
          assert.deepStrictEqual(counts, {
            total: 100_000,
            alreadyAnswered: 0,
            toRun: 100_000,
            inFlight: 0,
            skipped: 0
          })
          for (const batch of Chunk.chunksOf(Chunk.fromIterable(pairs), 10_000)) {
            const keys = Chunk.toReadonlyArray(batch)
            yield* store.markSubmitting(keys, run.id, "t0")
            const results: Array<CellResult> = keys.map((key) => ({
              ...key,
              state: "success",
              response: answer,
              at: "t2",
              runId: run.id
            }))
            yield* store.markResults(results)
          }
          yield* store.finishRun(run.id, "completed")
        })
      )
      yield* withStore(path, (store) =>
        Effect.gen(function* () {
          const again = yield* store.syncCells(pairs, { onlyFailed: false })
          assert.deepStrictEqual(again, { total: 100_000, alreadyAnswered: 100_000, toRun: 0, inFlight: 0, skipped: 0 })
          const cells = yield* store.cells()
          assert.strictEqual(cells.length, 100_000)
          assert.isTrue(cells.every((cell) => cell.state === "success" && cell.response === answer))
          assert.strictEqual(cells[0]?.documentId, 1)
          assert.strictEqual(cells[99_999]?.documentId, 2_000)
          assert.strictEqual((yield* store.cellCounts()).success, 100_000)
          assert.strictEqual((yield* store.statusSummary()).cells.success, 100_000)
          const report = yield* store.reportData(undefined, { changes: true })
          assert.strictEqual(report.cell(2_000, "column 49")?.response, answer)
          assert.strictEqual(report.changes?.list.length, 0)
          assert.strictEqual((yield* store.diff(0, 1)).length, 100_000)
        })
      )
    })
  )
})
