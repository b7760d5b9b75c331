import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { toReportModel } from "../../src/export/ReportSource.js"
import { columnRenames } from "../../src/runner/ColumnRenames.js"
import { assertEachRunOnce, runCounts } from "./support/checks.js"
import { localService, type TestService, writePipeline } from "./support/localService.js"
import { runChild, runInProcess, withCheckpoint } from "./support/runners.js"

const plan = (name: string, queryKey: string) => ({ name, query: "", meta: {}, queryKey, orderId: 0 })
const known = (name: string, queryKey?: string) => ({ name, queryKey })

/** The answers of the report of the latest run, as `document/column name → answer`. */
const reportAnswers = (outputDir: string) =>
  withCheckpoint(outputDir, (store) =>
    Effect.map(store.reportData(), (data) => {
      const model = toReportModel(data, { file: "pipeline.yaml" })
      const names = new Map(model.columns.map((column) => [column.id, column.name]))
      return {
        columns: model.columns.map((column) => column.name),
        answers: Object.fromEntries(
          [...model.cells()].map((cell) => [`${cell.documentId}/${names.get(cell.columnId)}`, cell.response])
        )
      }
    })
  )

const columnsYaml = (columns: ReadonlyArray<readonly [name: string, query: string]>) =>
  `columns:\n${columns.map(([name, query]) => `  - { name: "${name}", query: "${query}" }`).join("\n")}\n`

const pipelineOf = (service: TestService, name: string, columns: ReadonlyArray<readonly [string, string]>) =>
  writePipeline(
    service.dir,
    name,
    `documents:\n  - ids: [${service.documentIds.join(", ")}]\n${columnsYaml(columns)}` +
      "run:\n  concurrency: 8\n  batch_size: 2\n  max_documents_per_table: 2\n" +
      "  poll: { interval: 20ms, max_interval: 200ms }\n"
  )

describe("renamed columns", () => {
  it("a new name takes over the one column that left with its query key; anything less clear is no rename", () => {
    // A plain rename, one that also edits the query, and a column that left long ago asking the same.
    assert.deepStrictEqual(columnRenames([plan("Law", "q1")], [known("Governing law", "q1")]), [
      { from: "Governing law", to: "Law" }
    ])
    assert.deepStrictEqual(columnRenames([plan("Law", "q2")], [known("Governing law", "q1")]), [])
    // Two that left with the key, or two new ones with it: neither is told apart.
    assert.deepStrictEqual(columnRenames([plan("Law", "q1")], [known("A", "q1"), known("B", "q1")]), [])
    assert.deepStrictEqual(columnRenames([plan("Law", "q1"), plan("Rule", "q1")], [known("A", "q1")]), [])
    // A swap of two names (both known) adopts nothing; the sync asks both again under their new queries.
    assert.deepStrictEqual(columnRenames([plan("A", "q2"), plan("B", "q1")], [known("A", "q1"), known("B", "q2")]), [])
    // A name only cells hold (its column never created) is known: nothing renames onto it, and it is no source.
    assert.deepStrictEqual(columnRenames([plan("Law", "q1")], [known("Law"), known("A", "q1")]), [])
    assert.deepStrictEqual(columnRenames([plan("Law", "q1")], [known("A")]), [])
    // A column still in the pipeline is not a source, whatever it asks.
    assert.deepStrictEqual(columnRenames([plan("A", "q1"), plan("Law", "q1")], [known("A", "q1")]), [])
  })

  it.scopedLive(
    "a renamed column's pairs are not asked again, in every table; an ambiguous rename and a renamed, edited query are",
    () =>
      Effect.gen(function* () {
        const service = yield* localService({ documents: 3 })
        const output = join(service.dir, "out-rename")
        const v1 = [
          ["Law", "Which law governs?"],
          ["Parties", "Who are the parties?"],
          ["Term", "What is the term?"],
          ["Fees", "What fees are payable?"]
        ] as const
        const file = pipelineOf(service, "rename", v1)
        const first = yield* runInProcess(service, file)
        assert.strictEqual(first.cells.success, 12)
        assert.strictEqual(first.tables.length, 2)
        const before = (yield* reportAnswers(output)).answers

        // Law is renamed; Parties leaves and two new columns ask its query; Term is renamed and asks anew.
        pipelineOf(service, "rename", [
          ["Governing law", "Which law governs?"],
          ["Signatories", "Who are the parties?"],
          ["Party names", "Who are the parties?"],
          ["Duration", "How long does the agreement run?"],
          ["Fees", "What fees are payable?"]
        ])
        const dry = yield* runInProcess(service, file, { dryRun: true })
        const names = Effect.map(
          withCheckpoint(output, (store) => store.knownColumns()),
          (columns) => new Set(columns.map((column) => column.name))
        )
        assert.isTrue((yield* names).has("Law"), "a dry run renames nothing")
        const second = yield* runInProcess(service, file)
        for (const summary of [dry, second]) {
          assert.deepStrictEqual([summary.plan?.alreadyAnswered, summary.plan?.toRun], [6, 9])
          assert.deepStrictEqual(summary.plan?.renamedColumns, [{ from: "Law", to: "Governing law" }])
        }
        assert.strictEqual(second.outcome, "completed")
        assert.deepStrictEqual(
          second.tables.map((table) => table.remoteId),
          first.tables.map((table) => table.remoteId)
        )
        assert.isFalse((yield* names).has("Law"))
        // The service was asked 12 pairs, then 9 new ones (in new columns of both tables), each once.
        assertEachRunOnce(yield* runCounts(service), 21)
        const report = yield* reportAnswers(output)
        assert.deepStrictEqual(report.columns, ["Governing law", "Signatories", "Party names", "Duration", "Fees"])
        for (const id of service.documentIds) {
          assert.strictEqual(report.answers[`${id}/Governing law`], before[`${id}/Law`])
          assert.include(report.answers[`${id}/Duration`] ?? "", "How long does the agreement run?")
        }

        // Renamed back later: the old name is free again, and takes its column back.
        pipelineOf(service, "rename", [["Law", "Which law governs?"]])
        const third = yield* runInProcess(service, file)
        assert.deepStrictEqual([third.plan?.alreadyAnswered, third.plan?.toRun], [3, 0])
        assert.deepStrictEqual(third.plan?.renamedColumns, [{ from: "Governing law", to: "Law" }])
        assertEachRunOnce(yield* runCounts(service), 21)
        for (const id of service.documentIds)
          assert.strictEqual((yield* reportAnswers(output)).answers[`${id}/Law`], before[`${id}/Law`])
      })
  )

  it.scopedLive("a run killed with pairs in flight, resumed after a rename, settles them under the new name", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 2, latencyMs: 300 })
      const columns = (law: string) =>
        [
          [law, "Which law governs?"],
          ["Parties", "Who are the parties?"]
        ] as const
      const file = pipelineOf(service, "killed", columns("Law"))
      // The first batch sent, the second's intent committed: both documents' Law pairs are in flight.
      const crashed = yield* runChild(service, file, { crashAt: "after-intent:2" })
      assert.strictEqual(crashed.signal, "SIGKILL", crashed.stderr)
      pipelineOf(service, "killed", columns("Governing law"))
      const resumed = yield* runInProcess(service, file)
      assert.strictEqual(resumed.outcome, "completed")
      assertEachRunOnce(yield* runCounts(service), 4)
      assert.strictEqual(resumed.plan?.inFlight, 4)
      assert.deepStrictEqual(resumed.plan?.renamedColumns, [{ from: "Law", to: "Governing law" }])
      const { answers } = yield* reportAnswers(join(service.dir, "out-killed"))
      for (const id of service.documentIds) assert.include(answers[`${id}/Governing law`] ?? "", "Which law governs?")
    })
  )
})
