import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { ServerError, Transport, ValidationFailed } from "../../src/client/ClientError.js"
import { CellStore } from "../../src/store/CellStore.js"
import { type FakeOptions, makeFakeService, rateLimited } from "./support/FakeService.js"
import { scratchDir } from "./support/localService.js"
import { checkpointAt, inputOf, pipelineOf, runOnTestClock } from "./support/testClockRun.js"

const documents = [11, 12, 13, 14, 15, 16]
const columns = [
  { name: "A", query: "What is A?" },
  { name: "B", query: "What is B?" }
]

const setup = (fake: FakeOptions, run: Record<string, unknown> = {}) =>
  Effect.gen(function* () {
    const dir = join(yield* scratchDir, "out")
    const service = makeFakeService(fake)
    const pipeline = pipelineOf(
      {
        documents: [{ ids: fake.documents }],
        columns,
        run: { concurrency: 4, batch_size: 4, poll: { interval: "1s", max_interval: "10s" }, ...run }
      },
      dir
    )
    return { dir, service, pipeline }
  })

const cellsOf = (dir: string) =>
  Effect.flatMap(CellStore, (store) => store.cells()).pipe(Effect.provide(checkpointAt(dir)))

const everyPairRunOnce = (runs: ReadonlyMap<string, number>, pairs: number) => {
  assert.strictEqual(runs.size, pairs)
  for (const [pair, n] of runs) assert.strictEqual(n, 1, `pair ${pair} was run ${n} times`)
}

const throttled = rateLimited("POST /api/ai/table/1/run")

describe("runner on the test clock", () => {
  it.scoped("answers every pair, in batches of at most batch_size, each pair run once", () =>
    Effect.gen(function* () {
      const { dir, pipeline, service } = yield* setup({ documents })
      const summary = yield* runOnTestClock(service.layer, inputOf(pipeline))
      assert.strictEqual(summary.outcome, "completed")
      assert.strictEqual(summary.cells.success, 12)
      everyPairRunOnce(service.runs(), 12)
      assert.isAtLeast(service.calls("runTable"), 3)
      const cells = yield* cellsOf(dir)
      assert.isTrue(
        cells.every((c) => c.state === "success" && c.response?.startsWith(`answer ${c.documentId}/`) === true)
      )
    })
  )

  it.scoped("a reply lost after the run was processed is reconciled: no pair is run twice", () =>
    Effect.gen(function* () {
      const lost = new Transport({ request: "POST /api/ai/table/1/run", reason: "connection reset" })
      const { pipeline, service } = yield* setup({
        documents,
        fault: (operation, n) => (operation === "runTable" && n <= 2 ? Option.some({ after: lost }) : Option.none())
      })
      const summary = yield* runOnTestClock(service.layer, inputOf(pipeline))
      assert.strictEqual(summary.outcome, "completed")
      everyPairRunOnce(service.runs(), 12)
    })
  )

  it.scoped("a request dropped before processing is sent again, once", () =>
    Effect.gen(function* () {
      const dropped = new Transport({ request: "POST /api/ai/table/1/run", reason: "connection refused" })
      const { pipeline, service } = yield* setup({
        documents,
        fault: (operation, n) =>
          operation === "runTable" && n % 2 === 1 ? Option.some({ before: dropped }) : Option.none()
      })
      const summary = yield* runOnTestClock(service.layer, inputOf(pipeline))
      assert.strictEqual(summary.outcome, "completed")
      everyPairRunOnce(service.runs(), 12)
    })
  )

  it.scoped("failed generations run again up to cell_retries, then the pair is failed with the reason", () =>
    Effect.gen(function* () {
      const { dir, pipeline, service } = yield* setup(
        { documents, fails: (doc, column, attempt) => (doc === 11 && column === 0) || (doc === 12 && attempt === 1) },
        { cell_retries: 2 }
      )
      const summary = yield* runOnTestClock(service.layer, inputOf(pipeline))
      assert.strictEqual(summary.outcome, "failed-cells")
      assert.strictEqual(summary.cells.failed, 1)
      assert.strictEqual(summary.cells.success, 11)
      const runs = [...service.runs()]
      assert.strictEqual(runs.filter(([, n]) => n === 3).length, 1)
      assert.strictEqual(runs.filter(([, n]) => n === 2).length, 2)
      const failed = (yield* cellsOf(dir)).find((c) => c.state === "failed")
      assert.strictEqual(failed?.documentId, 11)
      assert.include(failed?.error ?? "", "scripted failure")
    })
  )

  it.scoped("a cell unfinished past cell_timeout is run again, then failed", () =>
    Effect.gen(function* () {
      const { dir, pipeline, service } = yield* setup(
        { documents: [11, 12], neverFinish: (doc, column) => doc === 12 && column === 1 },
        { cell_retries: 1, cell_timeout: "30s" }
      )
      const summary = yield* runOnTestClock(service.layer, inputOf(pipeline), { step: "1 second" })
      assert.strictEqual(summary.outcome, "failed-cells")
      const failed = (yield* cellsOf(dir)).filter((c) => c.state === "failed")
      assert.strictEqual(failed.length, 1)
      assert.include(failed[0]?.error ?? "", "cell_timeout")
      assert.strictEqual(Math.max(...service.runs().values()), 2)
    })
  )

  it.scoped("429s halve the cells in flight; the run still answers every pair once", () =>
    Effect.gen(function* () {
      const { pipeline, service } = yield* setup(
        {
          documents: [11, 12, 13, 14, 15, 16, 17, 18],
          fault: (operation, n) =>
            operation === "runTable" && n >= 2 && n <= 4 ? Option.some({ before: throttled }) : Option.none()
        },
        { concurrency: 8, batch_size: 8 }
      )
      const summary = yield* runOnTestClock(service.layer, inputOf(pipeline))
      assert.strictEqual(summary.outcome, "completed")
      everyPairRunOnce(service.runs(), 16)
      // 8 in flight, then three 429s: 8 → 4 → 2 → 1; the retried batch shrinks with the limit, then grows back.
      const [first, second, ...rest] = service.batches()
      assert.strictEqual(first, 8)
      assert.strictEqual(second, 1)
      assert.isTrue(rest.every((size) => size <= 4))
    })
  )

  it.scoped("long generations are polled rarely: the interval backs off towards max_interval", () =>
    Effect.gen(function* () {
      const { pipeline, service } = yield* setup({ documents: [11, 12], latency: "5 minutes" })
      const summary = yield* runOnTestClock(service.layer, inputOf(pipeline), { step: "1 second", limit: "1 hour" })
      assert.strictEqual(summary.outcome, "completed")
      // 5 minutes at 1 s growing ×1.5 to 10 s: about 35 polls, not 300.
      assert.isAtMost(service.calls("listCells"), 45)
    })
  )

  it.scoped("a 422 stops the run with a message naming the request and the field; its pairs go back to pending", () =>
    Effect.gen(function* () {
      const invalid = new ValidationFailed({
        request: "POST /api/ai/table/100/run",
        errors: [{ loc: ["body", "doc_id_col_id", 0], msg: "unknown document", type: "value_error" }]
      })
      const { dir, pipeline, service } = yield* setup({
        documents,
        fault: (operation) => (operation === "runTable" ? Option.some({ before: invalid }) : Option.none())
      })
      const summary = yield* runOnTestClock(service.layer, inputOf(pipeline))
      assert.strictEqual(summary.outcome, "invalid")
      assert.include(summary.note ?? "", "POST /api/ai/table/100/run")
      assert.include(summary.note ?? "", "doc_id_col_id")
      const cells = yield* cellsOf(dir)
      assert.isTrue(cells.every((c) => c.state === "pending"))
    })
  )

  it.scoped("exhausted retries stop the run as service-unavailable with the intents kept for the next run", () =>
    Effect.gen(function* () {
      const down = new ServerError({ request: "POST /api/ai/table/100/run", status: 503, detail: "down" })
      let broken = true
      const { dir, pipeline, service } = yield* setup(
        {
          documents,
          fault: (operation) => (operation === "runTable" && broken ? Option.some({ before: down }) : Option.none())
        },
        { retry: { attempts: 3, base_delay: "1s", max_delay: "4s" } }
      )
      const summary = yield* runOnTestClock(service.layer, inputOf(pipeline))
      assert.strictEqual(summary.outcome, "service-unavailable")
      assert.strictEqual(service.calls("runTable"), 3)
      const cells = yield* cellsOf(dir)
      assert.isTrue(cells.some((c) => c.state === "submitting"))
      // The next invocation reads the cell list first: nothing landed, so each pair is sent (once) now.
      broken = false
      const resumed = yield* runOnTestClock(service.layer, inputOf(pipeline))
      assert.strictEqual(resumed.outcome, "completed")
      everyPairRunOnce(service.runs(), 12)
    })
  )

  it.scoped("a Retry-After past the deadline stops at once instead of waiting", () =>
    Effect.gen(function* () {
      const later = rateLimited("POST /api/ai/table/100/run", "30 minutes")
      const { pipeline, service } = yield* setup(
        {
          documents,
          fault: (operation) => (operation === "runTable" ? Option.some({ before: later }) : Option.none())
        },
        { deadline: "10m" }
      )
      const summary = yield* runOnTestClock(service.layer, inputOf(pipeline), { step: "1 second" })
      assert.strictEqual(summary.outcome, "service-unavailable")
      assert.include(summary.note ?? "", "Retry-After")
      assert.strictEqual(service.calls("runTable"), 1)
    })
  )

  it.scoped("the deadline stops the run with outcome deadline; the next run picks up the pairs left", () =>
    Effect.gen(function* () {
      const { dir, pipeline, service } = yield* setup({ documents, latency: "10 minutes" }, { deadline: "1m" })
      const summary = yield* runOnTestClock(service.layer, inputOf(pipeline), { step: "1 second" })
      assert.strictEqual(summary.outcome, "deadline")
      const cells = yield* cellsOf(dir)
      assert.isTrue(cells.some((c) => c.state === "submitted"))
      assert.isTrue(cells.some((c) => c.state === "pending"))
      const unbounded = { ...pipeline, run: { ...pipeline.run, deadline: Option.none() } }
      const resumed = yield* runOnTestClock(service.layer, inputOf(unbounded), { step: "10 seconds", limit: "2 hours" })
      assert.strictEqual(resumed.outcome, "completed")
      everyPairRunOnce(service.runs(), 12)
    })
  )
})
