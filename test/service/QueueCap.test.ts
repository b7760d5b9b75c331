import { assert, describe, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import type { ColumnId, DocumentId, SessionId, TableId } from "../../src/api/Ids.js"
import { creator, raw, tableWithColumns, testService, uploadText, waitUntil } from "./support.js"

/**
 * `serve --max-pending` and the queue statistics: a service that behaves like a queue-capped one under load, and
 * tells the benchmarks how its queue went.
 */
const setup = Effect.gen(function* () {
  const service = yield* testService({
    engine: { name: "latency", latencyMs: 300 },
    workers: 2,
    maxPending: 5,
    debugEndpoints: true
  })
  const token = yield* service.token(7, 3, "advanced")
  const client = yield* service.client(token)
  const documents = yield* Effect.forEach([1, 2, 3, 4], (n) => uploadText(client, `d${n}.txt`))
  const ids = documents.map((document) => document.id)
  const { columns, table } = yield* tableWithColumns(client, ids, ["A?", "B?"], { visibility: "private", named: true })
  const pairs = ids.flatMap((documentId) => columns.map((column) => [documentId, column.id] as const))
  return { service, token, client, table, pairs }
})

const runRaw = (
  baseUrl: string,
  token: string,
  tableId: TableId,
  pairs: ReadonlyArray<readonly [DocumentId, ColumnId]>
) => raw(baseUrl, "POST", `/api/ai/table/${tableId}/run`, { token, body: JSON.stringify({ doc_id_col_id: pairs }) })

describe("serve --max-pending and queue statistics", () => {
  it.scopedLive(
    "refuses a run request that would pass the cap whole, with 429 and Retry-After; nothing is queued",
    () =>
      Effect.gen(function* () {
        const { client, pairs, service, table, token } = yield* setup
        const bearer = Redacted.value(token)
        const since = Date.now()
        const six = yield* runRaw(service.baseUrl, bearer, table.id, pairs.slice(0, 6))
        assert.strictEqual(six.status, 429)
        assert.match(six.headers.get("retry-after") ?? "", /^[1-9]\d*$/)
        assert.match(JSON.stringify(six.json), /at most 5 per user/)
        assert.lengthOf(yield* client.listCells(table.id), 0, "a refused request queues nothing")

        assert.strictEqual((yield* runRaw(service.baseUrl, bearer, table.id, pairs.slice(0, 4))).status, 200)
        // 4 open, 2 more would be 6.
        assert.strictEqual((yield* runRaw(service.baseUrl, bearer, table.id, pairs.slice(4, 6))).status, 429)
        // A message counts too.
        const session = yield* client.createSession({
          ...creator,
          is_multidoc: false,
          document_ids: [pairs[0]?.[0] ?? (0 as DocumentId)]
        })
        assert.strictEqual((yield* runRaw(service.baseUrl, bearer, table.id, pairs.slice(4, 5))).status, 200)
        const message = yield* raw(service.baseUrl, "POST", `/api/ai/session/${session.id as SessionId}/qa/create`, {
          token: bearer,
          body: JSON.stringify({ query: "Who signs?" })
        })
        assert.strictEqual(message.status, 429)

        // Two workers: never more than two running, the rest pending, until all are answered.
        const seen = yield* waitUntil(client.listCells(table.id), (cells) => {
          assert.isAtMost(cells.filter((cell) => cell.task_status === "running").length, 2)
          return cells.length === 5 && cells.every((cell) => cell.task_status === "success")
        })
        assert.lengthOf(seen, 5)
        // Room again once answered.
        assert.strictEqual((yield* runRaw(service.baseUrl, bearer, table.id, pairs.slice(5, 8))).status, 200)

        const stats = yield* client.queueStats(since)
        assert.strictEqual(stats.tasks, 8)
        assert.isAtLeast(stats.answered, 5)
        // Five submitted at once to two workers: three waited, the last of them for about one answer time.
        assert.isAtLeast(stats.peak_pending, 3)
        assert.isAtMost(stats.peak_pending, 5)
        assert.isAtLeast(stats.queue_wait_ms.p95, 250)
        assert.isAtLeast(stats.answer_ms.p50, 280)
        assert.isAbove(stats.answers_per_second, 0)
      })
  )
})
