import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import BetterSqlite3 from "better-sqlite3"
import { Effect, Exit } from "effect"
import { toReportModel } from "../../src/export/ReportSource.js"
import { migrate, migrations } from "../../src/store/Migrations.js"
import { document, type Stores, start, tempDir, wanted, withStore } from "./StoreFixtures.js"

/** One run: documents `ids` × column "a" asked as `query`; each pair answered `<query> <id>` unless already. */
const runOnce = (
  store: Stores,
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

const reported = (store: Stores, runId?: number) =>
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

  it.scoped("a checkpoint of a docsweep without history: its newest run is reported, older ones refused clearly", () =>
    Effect.gen(function* () {
      const path = join(yield* tempDir, "state.sqlite")
      const db = new BetterSqlite3(path)
      yield* migrate(db, path, migrations.slice(0, 2))
      db.exec(`INSERT INTO runs (pipeline_name, pipeline_hash, base_url, docsweep_version, started_at, outcome)
               VALUES ('p', 'h', 'embedded', '0.1.0', 't1', 'completed'), ('p', 'h', 'embedded', '0.1.0', 't2', 'completed');
               INSERT INTO documents (id, position, filename, doctype, version) VALUES (1, 0, 'a.pdf', 'pdf', 'v1');
               INSERT INTO columns (table_slot, name, query, meta, query_key, order_id) VALUES (0, 'a', 'Q0', '{}', 'q0', 0);
               INSERT INTO cells (document_id, column_name, dependency_key, table_slot, state, response, run_id)
               VALUES (1, 'a', 'k', 0, 'success', 'old answer', 2);`)
      db.close()
      yield* withStore(path, (store) =>
        Effect.gen(function* () {
          // Run 3 keeps history (run 2 is its starting point) and sets the column up anew.
          yield* store.saveColumn({
            tableSlot: 0,
            name: "a",
            query: "Q1",
            meta: {},
            queryKey: "q1",
            remoteId: 5,
            orderId: 0
          })
          yield* runOnce(store, [1], "Q1")
          const before = yield* reported(store, 2)
          assert.deepStrictEqual([before.answers, before.queries], [["old answer"], ["Q0"]])
          const refused = yield* Effect.exit(store.reportData(1))
          assert.isTrue(Exit.isFailure(refused))
          assert.include(String(Exit.isFailure(refused) ? refused.cause : ""), "kept no run history")
        })
      )
    })
  )
})
