import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { toReportModel } from "../../src/export/ReportSource.js"
import type { AnswerChange, CellResult } from "../../src/store/CheckpointModel.js"
import { document, type Stores, start, tempDir, wanted, withStore } from "./StoreFixtures.js"

const columns = [
  { name: "a", queryKey: "qa" },
  { name: "b", queryKey: "qb" }
]

type Answer = readonly [documentId: number, column: string, response: string | undefined, at: string]

/** One run: sync the pairs, then record each answer (response: success; undefined: failure). */
const runOnce = (store: Stores, versions: readonly [string, string], answers: ReadonlyArray<Answer>) =>
  Effect.gen(function* () {
    const run = yield* store.beginRun(start)
    const docs = [document(1, versions[0]), document(2, versions[1])]
    yield* store.saveDocuments(docs)
    yield* store.syncCells(wanted(docs, columns), { onlyFailed: false })
    const results: Array<CellResult> = answers.map(([documentId, columnName, response, at]) =>
      response === undefined
        ? { documentId, columnName, state: "failed", error: "timeout", at, runId: run.id }
        : { documentId, columnName, state: "success", response, at, runId: run.id, seconds: 2 }
    )
    yield* store.markSubmitting(results, run.id, "2026-01-01T00:00:00.000Z")
    yield* store.markResults(results)
    return yield* store.finishRun(
      run.id,
      answers.some((answer) => answer[2] === undefined) ? "failed-cells" : "completed"
    )
  })

/** Three runs: run 2 re-asks document 1 (modified) and retries (2, b); run 3 retries (2, b) again... */
const threeRuns = (store: Stores) =>
  Effect.gen(function* () {
    for (const [index, column] of columns.entries()) {
      const record = { tableSlot: 0, name: column.name, query: `${column.name}?`, meta: {}, queryKey: column.queryKey }
      yield* store.saveColumn({ ...record, remoteId: 10 + index, orderId: index })
    }
    yield* store.saveChatSession({ chatName: "overview", sessionKey: "1,2", remoteSessionId: 5 })
    const chat = { chatName: "overview", scope: "all", sessionKey: "1,2", documentIds: [1, 2], position: 0 } as const
    yield* store.syncChatMessages([{ ...chat, query: "Sum up", dependencyKey: "k" }], { onlyFailed: false })
    yield* runOnce(
      store,
      ["v1", "v1"],
      [
        [1, "a", "A1", "2026-01-01T00:00:01.000Z"],
        [1, "b", "B1", "2026-01-01T00:00:02.000Z"],
        [2, "a", "A2", "2026-01-01T00:00:03.000Z"],
        [2, "b", undefined, "2026-01-01T00:00:04.000Z"]
      ]
    )
    yield* store.markChatSubmitting(chat, 1, "2026-01-01T00:00:05.000Z")
    yield* store.markChatResult(chat, { state: "failed", error: "too long", at: "2026-01-01T00:00:06.000Z", runId: 1 })
    yield* runOnce(
      store,
      ["v2", "v1"],
      [
        [1, "a", "A1 revised", "2026-01-02T00:00:01.000Z"],
        [1, "b", "B1", "2026-01-02T00:00:02.000Z"],
        [2, "b", "B2", "2026-01-02T00:00:03.000Z"]
      ]
    )
    yield* runOnce(
      store,
      ["v2", "v2"],
      [
        [2, "a", undefined, "2026-01-03T00:00:01.000Z"],
        [2, "b", "B2", "2026-01-03T00:00:02.000Z"]
      ]
    )
  })

const pairs = (changes: ReadonlyArray<AnswerChange>) =>
  changes.map((change) => [change.documentId, change.column, change.before, change.after])

describe("ReadStore", () => {
  it.scoped("diff compares each pair's latest answer as of two runs", () =>
    Effect.gen(function* () {
      const path = join(yield* tempDir, "state.sqlite")
      yield* withStore(path, threeRuns)
      yield* withStore(path, (store) =>
        Effect.gen(function* () {
          assert.deepStrictEqual(pairs(yield* store.diff(1, 2)), [
            [1, "a", "A1", "A1 revised"],
            [2, "b", undefined, "B2"]
          ])
          assert.deepStrictEqual(pairs(yield* store.diff(2, 3)), [[2, "a", "A2", undefined]])
          assert.deepStrictEqual(pairs(yield* store.diff(1, 3)), [
            [1, "a", "A1", "A1 revised"],
            [2, "a", "A2", undefined],
            [2, "b", undefined, "B2"]
          ])
          assert.deepStrictEqual(pairs(yield* store.diff(3, 2)), [[2, "a", undefined, "A2"]])
          assert.deepStrictEqual(yield* store.diff(3, 3), [])
          const [first] = yield* store.diff(0, 1)
          assert.deepStrictEqual(first, {
            documentId: 1,
            filename: "doc-1.pdf",
            column: "a",
            before: undefined,
            after: "A1"
          })
        })
      )
    })
  )

  it.scoped("statusSummary tells runs, counts, failures and last activity from the checkpoint alone", () =>
    Effect.gen(function* () {
      const path = join(yield* tempDir, "state.sqlite")
      yield* withStore(path, threeRuns)
      const summary = yield* withStore(path, (store) => store.statusSummary())
      assert.deepStrictEqual(
        summary.runs.map((run) => [run.id, run.outcome]),
        [
          [1, "failed-cells"],
          [2, "completed"],
          [3, "failed-cells"]
        ]
      )
      assert.deepStrictEqual(summary.runs[2]?.counts, {
        pending: 0,
        submitting: 0,
        submitted: 0,
        success: 3,
        failed: 1,
        "chats.pending": 0,
        "chats.submitting": 0,
        "chats.submitted": 0,
        "chats.success": 0,
        "chats.failed": 1
      })
      assert.deepStrictEqual(summary.cells, { pending: 0, submitting: 0, submitted: 0, success: 3, failed: 1 })
      assert.deepStrictEqual(summary.chats, { pending: 0, submitting: 0, submitted: 0, success: 0, failed: 1 })
      assert.deepStrictEqual(
        summary.failedCells.map((cell) => [cell.documentId, cell.columnName, cell.filename, cell.error]),
        [[2, "a", "doc-2.pdf", "timeout"]]
      )
      // A failed message names the documents of its session: a chat asked of each document fails per document.
      assert.deepStrictEqual(
        summary.failedChats.map((chat) => [chat.chatName, chat.error, chat.filenames]),
        [["overview", "too long", ["doc-1.pdf", "doc-2.pdf"]]]
      )
      assert.strictEqual(summary.lastActivity, "2026-01-03T00:00:02.000Z")
    })
  )

  it.scoped("reportData feeds the export's ReportModel, changes since the previous run included", () =>
    Effect.gen(function* () {
      const path = join(yield* tempDir, "state.sqlite")
      yield* withStore(path, threeRuns)
      const data = yield* withStore(path, (store) => store.reportData(undefined, { changes: true }))
      assert.strictEqual(data.run.id, 3)
      assert.strictEqual(data.pipelineHash, "hash-1")
      assert.deepStrictEqual(
        data.columns.map((column) => column.name),
        ["a", "b"]
      )
      assert.deepStrictEqual(
        data.documents.map((doc) => doc.id),
        [1, 2]
      )
      assert.strictEqual(data.cell(1, "a")?.response, "A1 revised")
      assert.isUndefined(data.cell(9, "a"))
      assert.deepStrictEqual(data.chats[0]?.filenames, ["doc-1.pdf", "doc-2.pdf"])
      assert.strictEqual(data.changes?.fromRunId, 2)

      const model = toReportModel(data, { file: "pipelines/leases.yaml" })
      assert.deepStrictEqual(model.pipeline, { name: "leases", file: "pipelines/leases.yaml", hash: "hash-1" })
      assert.deepStrictEqual(
        model.columns.map((column) => [column.id, column.name, column.query]),
        [
          [1, "a", "a?"],
          [2, "b", "b?"]
        ]
      )
      assert.deepStrictEqual(model.cell(1, 1), {
        documentId: 1,
        columnId: 1,
        status: "success",
        response: "A1 revised",
        error: undefined,
        attempts: 1,
        seconds: 2,
        finishedAt: "2026-01-02T00:00:01.000Z",
        runId: 2
      })
      assert.strictEqual(model.cell(2, 1)?.status, "failed")
      assert.strictEqual([...model.cells()].length, 4)
      assert.strictEqual([...model.cells()].length, 4)
      assert.deepStrictEqual(model.chats[0]?.documents, ["doc-1.pdf", "doc-2.pdf"])
      // Cells and chat messages are counted apart, by report status (no `chats.failed` among the cells).
      assert.deepStrictEqual(model.run.counts, { success: 3, failed: 1, running: 0, pending: 0 })
      assert.deepStrictEqual(model.run.chatCounts, { success: 0, failed: 1, running: 0, pending: 0 })
      assert.deepStrictEqual(model.changes, [
        { documentId: 2, filename: "doc-2.pdf", column: "a", before: "A2", after: undefined, fromRun: 2, toRun: 3 }
      ])

      const first = yield* withStore(path, (store) => store.reportData(1))
      assert.strictEqual(first.run.outcome, "failed-cells")
      assert.isUndefined(first.changes)
      const missing = yield* Effect.flip(withStore(path, (store) => store.reportData(42)))
      assert.include(missing.message, "No run 42")
    })
  )

  it.scoped("reportData of a run still marked running (going on, or killed) counts the cells it reports", () =>
    Effect.gen(function* () {
      const path = join(yield* tempDir, "state.sqlite")
      yield* withStore(path, (store) =>
        Effect.gen(function* () {
          for (const [index, column] of columns.entries())
            yield* store.saveColumn({
              ...column,
              tableSlot: 0,
              query: "?",
              meta: {},
              remoteId: 10 + index,
              orderId: index
            })
          const run = yield* store.beginRun(start)
          const docs = [document(1, "v1"), document(2, "v1")]
          yield* store.saveDocuments(docs)
          yield* store.syncCells(wanted(docs, columns), { onlyFailed: false })
          const done: CellResult = {
            documentId: 1,
            columnName: "a",
            state: "success",
            response: "A1",
            at: "2026-01-01T00:00:01.000Z",
            runId: run.id,
            seconds: 2
          }
          const asked: CellResult = { ...done, columnName: "b" }
          yield* store.markSubmitting([done, asked], run.id, "2026-01-01T00:00:00.000Z")
          yield* store.markResults([done])
        })
      )
      const model = toReportModel(yield* withStore(path, (store) => store.reportData()), { file: "p.yaml" })
      assert.strictEqual(model.run.outcome, "running")
      const statuses = [...model.cells()].map((cell) => cell.status)
      assert.deepStrictEqual(statuses.toSorted(), ["pending", "pending", "running", "success"])
      assert.deepStrictEqual(model.run.counts, { success: 1, failed: 0, running: 1, pending: 2 })
      // Status counts it the same way, where it showed no counts at all ("none") until the run ended.
      const summary = yield* withStore(path, (store) => store.statusSummary())
      assert.deepStrictEqual(summary.runs.at(-1)?.counts, {
        pending: 2,
        submitting: 1,
        submitted: 0,
        success: 1,
        failed: 0
      })
    })
  )
})
