import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { type AnswerEngine, EngineFailure } from "../../src/service/engine/AnswerEngine.js"
import { creator, tableWithColumns, testService, uploadText, waitUntil } from "./support.js"

/**
 * Describes what it was given, so tests see how the pool built each request; "boom" fails; "slow" says "A", then "B"
 * two seconds later: time for a test to see "A" and run the cell again even on a loaded machine (300 ms was not, in
 * one CI run: the first task had finished before the second request arrived).
 */
const echoEngine: AnswerEngine = {
  name: "echo",
  answer: (request, sink) => {
    if (request.query === "boom") return Effect.fail(new EngineFailure({ reason: "the model refused" }))
    const passages = request.documents.reduce((sum, document) => sum + document.passages.length, 0)
    const text =
      `[${request.kind} docs=${request.documents.map((document) => document.id).join(",")} passages=${passages}` +
      ` history=${request.history.map((turn) => turn.query).join("|")} lang=${request.language ?? "-"}` +
      ` col=${request.columnName ?? "-"}]`
    return request.query === "slow"
      ? Effect.gen(function* () {
          if (!(yield* sink("A"))) return
          yield* Effect.sleep("2 seconds")
          yield* sink("B")
        })
      : Effect.asVoid(sink(text))
  }
}

const setup = Effect.gen(function* () {
  const service = yield* testService({ answerEngine: echoEngine, workers: 3 })
  const client = yield* service.client(yield* service.token(7, 3, "advanced"))
  const document = yield* uploadText(client)
  return { client, document }
})

describe("service task pool", () => {
  it.live("cells get the document's passages and the column; continue passes the kept text as history", () =>
    Effect.gen(function* () {
      const { client, document } = yield* setup
      const table = yield* client.createTable({ ...creator, document_ids: [document.id] })
      const column = yield* client.createColumn(table.id, { name: "End", query: "q1", meta: { language: "nl" } })
      const boom = yield* client.createColumn(table.id, { query: "boom" })
      yield* client.runTable(table.id, [
        [document.id, column.id],
        [document.id, boom.id]
      ])
      const settled = () =>
        waitUntil(client.listCells(table.id), (cells) =>
          cells.every((cell) => cell.task_status === "success" || cell.task_status === "failure")
        )
      const first = yield* settled()
      const answer = first.find((cell) => cell.ai_column_id === column.id)
      assert.match(answer?.response ?? "", /^\[cell docs=\d+ passages=[1-9]\d* history= lang=nl col=End\]$/)
      const failed = first.find((cell) => cell.ai_column_id === boom.id)
      assert.strictEqual(failed?.task_status, "failure")
      assert.strictEqual(failed?.meta.error, "the model refused")
      yield* client.runTable(table.id, [[document.id, column.id]], true)
      yield* Effect.sleep("50 millis")
      const continued = (yield* settled()).find((cell) => cell.ai_column_id === column.id)
      assert.strictEqual(continued?.id, answer?.id)
      assert.isTrue(continued?.response.startsWith(answer?.response ?? "?"))
      assert.include(continued?.response.slice(answer?.response.length), "history=q1")
    }).pipe(Effect.scoped)
  )

  it.live("chat gets history unless use_history is false, and no passages without context", () =>
    Effect.gen(function* () {
      const { client, document } = yield* setup
      const session = yield* client.createSession({ ...creator, is_multidoc: true, document_ids: [document.id] })
      const ask = (query: string, flags: { use_history?: boolean; use_context?: boolean } = {}) =>
        Effect.gen(function* () {
          const created = yield* client.createMessage(session.id, { query, restrict_to_context: false, ...flags })
          const all = yield* waitUntil(client.listMessages(session.id), (messages) =>
            messages.some((message) => message.id === created.id && message.task_status === "success")
          )
          return all.find((message) => message.id === created.id)?.response ?? ""
        })
      assert.include(yield* ask("m1"), "history= ")
      assert.include(yield* ask("m2"), "history=m1 ")
      assert.include(yield* ask("m3", { use_history: false }), "history= ")
      assert.include(yield* ask("m4", { use_context: false }), "passages=0")
      assert.include(yield* ask("m5"), "history=m1|m2|m3|m4 lang=English (US)")
    }).pipe(Effect.scoped)
  )

  it.live("running a cell again while it generates supersedes the old task: one answer, same cell", () =>
    Effect.gen(function* () {
      const { client, document } = yield* setup
      const {
        columns: [column],
        table
      } = yield* tableWithColumns(client, [document.id], ["slow"])
      if (column === undefined) return assert.fail("no column")
      const [cell] = yield* client.runTable(table.id, [[document.id, column.id]])
      yield* waitUntil(client.listCells(table.id), (cells) => cells[0]?.response === "A")
      const [again] = yield* client.runTable(table.id, [[document.id, column.id]])
      assert.strictEqual(again?.id, cell?.id)
      const done = yield* waitUntil(client.listCells(table.id), (cells) => cells[0]?.task_status === "success")
      assert.strictEqual(done[0]?.response, "AB")
      assert.strictEqual(done[0]?.task_id, again?.task_id)
      const tasks = (yield* client.getDocument(document.id)).tasks ?? []
      assert.deepStrictEqual(
        tasks.map((task) => task.status),
        ["success", "cancelled", "success"]
      )
    }).pipe(Effect.scoped)
  )

  // Tasks that never wait on anything (an engine that only computes) kept the event loop from reading its sockets
  // until they were all done: a poll sent meanwhile waited for the whole run, and a kept-alive socket timed out.
  it.live("requests are answered while the workers compute", () =>
    Effect.gen(function* () {
      const computing: AnswerEngine = {
        name: "computing",
        answer: (_request, sink) =>
          Effect.suspend(() => {
            const until = performance.now() + 4
            while (performance.now() < until) {
              // 4 ms of work that never yields, as an engine's computation does
            }
            return Effect.asVoid(sink("done"))
          })
      }
      const service = yield* testService({ answerEngine: computing, workers: 8 })
      const client = yield* service.client(yield* service.token(7, 3, "advanced"))
      const documents = yield* Effect.forEach(["a.txt", "b.txt", "c.txt"], (name) => uploadText(client, name))
      const queries = Array.from({ length: 50 }, (_, i) => `Question ${i + 1}?`)
      const { columns, table } = yield* tableWithColumns(
        client,
        documents.map((document) => document.id),
        queries
      )
      const pairs = documents.flatMap((document) => columns.map((column) => [document.id, column.id] as const))
      yield* client.runTable(table.id, pairs)
      // 150 tasks of 4 ms: a poll sent now is answered while most of them still wait.
      const meanwhile = yield* client.listCells(table.id)
      const open = meanwhile.filter((cell) => cell.task_status === "pending" || cell.task_status === "running")
      assert.isAbove(open.length, 75, `${open.length} of ${pairs.length} cells still open`)
      const done = yield* waitUntil(client.listCells(table.id), (cells) =>
        cells.every((cell) => cell.task_status === "success")
      )
      assert.lengthOf(done, pairs.length)
    }).pipe(Effect.scoped)
  )
})
