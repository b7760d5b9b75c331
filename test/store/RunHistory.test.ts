import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import type { CheckpointStore } from "../../src/store/CheckpointStore.js"
import { toReportModel } from "../../src/store/ReportSource.js"
import { document, start, tempDir, wanted, withStore } from "./StoreFixtures.js"

/** One run: documents `ids` × column "a" asked as `query`; each pair answered `<query> <id>` unless already. */
const runOnce = (
  store: CheckpointStore,
  ids: ReadonlyArray<number>,
  query: string,
  options: { readonly fresh?: boolean } = {}
) =>
  Effect.gen(function* () {
    const run = yield* store.beginRun(start)
    if (options.fresh === true) yield* store.reset()
    const docs = ids.map((id) => document(id))
    yield* store.saveDocuments(docs)
    yield* store.syncCells(wanted(docs, [{ name: "a", queryKey: query }]), { onlyFailed: false })
    yield* store.recordRunColumns(run.id, [{ name: "a", query, meta: {} }])
    const asked = yield* store.cells({ states: ["pending"] })
    const at = "2026-01-01T00:00:00.000Z"
    yield* store.markSubmitting(asked, run.id, at)
    yield* store.markResults(
      asked.map((cell) => ({ ...cell, state: "success", response: `${query} ${cell.documentId}`, at, runId: run.id }))
    )
    yield* store.finishRun(run.id, "completed")
  })

const reported = (store: CheckpointStore, runId?: number) =>
  Effect.gen(function* () {
    const data = yield* store.reportData(runId)
    const model = toReportModel(data, { file: "p.yaml" })
    return {
      run: model.run.id,
      newest: data.newest,
      documents: model.documents.map((doc) => doc.id),
      queries: model.columns.map((column) => column.query),
      answers: [...model.cells()].map((cell) => cell.response),
      answered: model.run.counts.success
    }
  })

describe("run history", () => {
  it.scoped("a report of an earlier run holds what the checkpoint held when it ended, after removals and --fresh", () =>
    Effect.gen(function* () {
      const path = join(yield* tempDir, "state.sqlite")
      yield* withStore(path, (store) =>
        Effect.gen(function* () {
          yield* runOnce(store, [1, 2, 3], "Q1")
          yield* runOnce(store, [1, 2], "Q1") // document 3 left the pipeline
          yield* runOnce(store, [1], "Q2", { fresh: true }) // the query changed; --fresh forgot document 2's pair
          yield* runOnce(store, [1], "Q2")
        })
      )
      const reports = yield* withStore(path, (store) =>
        Effect.forEach([1, 2, 3, 4, undefined], (id) => reported(store, id))
      )
      assert.deepStrictEqual(reports, [
        {
          run: 1,
          newest: false,
          documents: [1, 2, 3],
          queries: ["Q1"],
          answers: ["Q1 1", "Q1 2", "Q1 3"],
          answered: 3
        },
        { run: 2, newest: false, documents: [1, 2], queries: ["Q1"], answers: ["Q1 1", "Q1 2"], answered: 2 },
        { run: 3, newest: false, documents: [1], queries: ["Q2"], answers: ["Q2 1"], answered: 1 },
        { run: 4, newest: true, documents: [1], queries: ["Q2"], answers: ["Q2 1"], answered: 1 },
        { run: 4, newest: true, documents: [1], queries: ["Q2"], answers: ["Q2 1"], answered: 1 }
      ])
    })
  )
})
