import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { toReportModel } from "../../src/export/ReportSource.js"
import type { ColumnRename } from "../../src/store/CheckpointModel.js"
import { document, type Stores, start, tempDir, wanted, withStore } from "./StoreFixtures.js"

/**
 * One run of documents 1 and 2 (document 1 at `version`) × one column asked "Q?" under `name`, after `renames`;
 * pairs to ask are answered `<name> <id> <version>`. The column is set up in two tables, as the runner does.
 */
const runOnce = (store: Stores, name: string, version: string, renames: ReadonlyArray<ColumnRename> = []) =>
  Effect.gen(function* () {
    const run = yield* store.beginRun(start)
    if (renames.length > 0) yield* store.renameColumns(renames)
    const docs = [document(1, version), document(2)]
    yield* store.saveDocuments(docs)
    for (const slot of [0, 1])
      yield* store.saveColumn({
        tableSlot: slot,
        name,
        query: "Q?",
        meta: {},
        queryKey: "q",
        remoteId: 10 + slot,
        orderId: 0
      })
    yield* store.syncCells(
      wanted(docs, [{ name, queryKey: "q" }]).map((cell) => ({ ...cell, tableSlot: cell.documentId - 1 })),
      { onlyFailed: false }
    )
    yield* store.recordRunColumns(run.id, [{ name, query: "Q?", meta: {} }])
    const asked = yield* store.cells({ states: ["pending"] })
    const at = "2026-01-01T00:00:00.000Z"
    yield* store.markSubmitting(asked, run.id, at)
    yield* store.markResults(
      asked.map((cell) => ({
        ...cell,
        state: "success",
        response: `${name} ${cell.documentId} ${version}`,
        at,
        runId: run.id
      }))
    )
    yield* store.finishRun(run.id, "completed")
  })

const reported = (store: Stores, runId: number) =>
  Effect.map(store.reportData(runId), (data) => {
    const model = toReportModel(data, { file: "p.yaml" })
    // The run's pairs as the history holds them: the old name's are no longer wanted once renamed.
    assert.deepStrictEqual(
      [...new Set(data.cells.map((cell) => cell.columnName))],
      model.columns.map((column) => column.name)
    )
    return [model.columns.map((column) => column.name), [...model.cells()].map((cell) => cell.response)]
  })

describe("LayoutStore", () => {
  it.scoped(
    "a renamed column keeps its remote columns and answers; earlier runs keep the old name; diff follows the rename",
    () =>
      Effect.gen(function* () {
        const path = join(yield* tempDir, "state.sqlite")
        yield* withStore(path, (store) =>
          Effect.gen(function* () {
            yield* runOnce(store, "Law", "v1")
            yield* runOnce(store, "Governing law", "v1", [{ from: "Law", to: "Governing law" }])
            // Nothing was asked again, in either table: the answers, attempts and remote columns moved.
            assert.deepStrictEqual(
              (yield* store.cells()).map((cell) => [cell.columnName, cell.response, cell.attempts, cell.tableSlot]),
              [
                ["Governing law", "Law 1 v1", 1, 0],
                ["Governing law", "Law 2 v1", 1, 1]
              ]
            )
            assert.deepStrictEqual(
              (yield* store.columns()).map((column) => [column.tableSlot, column.name, column.remoteId]),
              [
                [0, "Governing law", 10],
                [1, "Governing law", 11]
              ]
            )
            assert.deepStrictEqual(yield* store.knownColumns(), [{ name: "Governing law", queryKey: "q" }])
            // Document 1 changed: its pair is asked again under the new name; then renamed back, and changed again.
            yield* runOnce(store, "Governing law", "v2")
            yield* runOnce(store, "Law", "v3", [{ from: "Governing law", to: "Law" }])
          })
        )
        yield* withStore(path, (store) =>
          Effect.gen(function* () {
            assert.deepStrictEqual(yield* reported(store, 1), [["Law"], ["Law 1 v1", "Law 2 v1"]])
            assert.deepStrictEqual(yield* reported(store, 2), [["Governing law"], ["Law 1 v1", "Law 2 v1"]])
            assert.deepStrictEqual(yield* reported(store, 3), [["Governing law"], ["Governing law 1 v2", "Law 2 v1"]])
            assert.deepStrictEqual((yield* store.columnChanges(1, 2))?.renamed, [{ from: "Law", to: "Governing law" }])
            const changes = (from: number, to: number) =>
              Effect.map(store.diff(from, to), (list) => list.map((c) => [c.documentId, c.column, c.before, c.after]))
            assert.deepStrictEqual(yield* changes(1, 2), [])
            // The renamed column's answer before it changed is the one it had under its old name, listed once.
            for (const from of [1, 2])
              assert.deepStrictEqual(yield* changes(from, 3), [[1, "Governing law", "Law 1 v1", "Governing law 1 v2"]])
            assert.deepStrictEqual(yield* reported(store, 4), [["Law"], ["Law 1 v3", "Law 2 v1"]])
            assert.deepStrictEqual(yield* changes(3, 4), [[1, "Law", "Governing law 1 v2", "Law 1 v3"]])
            assert.deepStrictEqual(yield* changes(1, 4), [[1, "Law", "Law 1 v1", "Law 1 v3"]])
          })
        )
      })
  )
})
