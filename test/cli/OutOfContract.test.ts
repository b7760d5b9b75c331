import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { misbehavingService } from "../support/MisbehavingService.js"
import { allOutput, runCli } from "./CliHarness.js"
import { setup } from "./MisbehavingRun.js"

/** Replies the interface does not describe: statuses, doubled cells, a proxy's page, a column named otherwise. */
describe("docsweep against replies out of contract", () => {
  it.scopedLive(
    "a status outside the interface is not asked again; a pair listed twice is read by its furthest copy",
    () =>
      Effect.gen(function* () {
        // Answers come back as "completed": each pair fails once, with why, and is not asked again (cell_retries 2).
        const renamed = yield* misbehavingService({
          listed: (cells) => cells.map((c) => (c.task_status === "success" ? { ...c, task_status: "completed" } : c))
        })
        const unknown = yield* setup(renamed.baseUrl)
        const run = yield* runCli(["run", unknown.file], { env: unknown.env })
        assert.strictEqual(run.code, 3, allOutput(run))
        assert.deepStrictEqual([...renamed.runs().values()], [1, 1, 1, 1], allOutput(run))
        const status = yield* runCli(["status", unknown.file], { env: unknown.env })
        assert.include(allOutput(status), 'task_status "completed" is not one the interface knows')
        // Every cell listed twice, an answered copy and a stale pending one, in either order: the answer is taken.
        const doubled = yield* misbehavingService({
          listed: (cells) =>
            cells.flatMap((c) => {
              const stale = { ...c, task_status: "pending", response: "" }
              return c.document_id === 11 ? [c, stale] : [stale, c]
            })
        })
        const twice = yield* setup(doubled.baseUrl, ["cell_timeout: 2s", "cell_retries: 0"])
        const answered = yield* runCli(["run", twice.file], { env: twice.env })
        assert.strictEqual(answered.code, 0, allOutput(answered))
        assert.deepStrictEqual([...doubled.runs().values()], [1, 1, 1, 1], allOutput(answered))
      })
  )

  it.scopedLive(
    "a run request answered with a proxy's page stops the run (exit 1, saying so); the next asks nothing twice",
    () =>
      Effect.gen(function* () {
        // The pairs are run, but the reply is a sign-in page: whether they ran is for the next run's cell list to say.
        const page = { contentType: "text/html", body: "<html><head><title>Sign in</title></head></html>" }
        const service = yield* misbehavingService({ garbleRun: (n) => (n === 1 ? page : undefined) })
        const { env, file } = yield* setup(service.baseUrl)
        const first = yield* runCli(["run", file], { env })
        assert.strictEqual(first.code, 1, allOutput(first))
        assert.match(
          allOutput(first),
          /POST \/api\/ai\/table\/\d+\/run: unexpected reply: the body is no JSON array or object \(Content-Type: text\/html\): an HTML page "Sign in"/
        )
        const second = yield* runCli(["run", file], { env })
        assert.strictEqual(second.code, 0, allOutput(second))
        assert.deepStrictEqual([...service.runs().values()], [1, 1, 1, 1], allOutput(second))
      })
  )

  it.scopedLive("a column the service names its own way is found again after a lost reply, not created twice", () =>
    Effect.gen(function* () {
      // "A" is created as "A (1)", and the reply to the first create is lost after the column was made.
      const service = yield* misbehavingService({
        columnName: (asked) => `${asked} (1)`,
        onColumn: (n) => (n === 1 ? "drop" : "ok")
      })
      const { env, file } = yield* setup(service.baseUrl)
      const run = yield* runCli(["run", file], { env })
      assert.strictEqual(run.code, 0, allOutput(run))
      const created = [...service.columns().values()].flat()
      assert.deepStrictEqual(created.map((c) => c.name).sort(), ["A (1)", "B (1)"], allOutput(run))
      assert.deepStrictEqual([...service.runs().values()], [1, 1, 1, 1])
      assert.match(allOutput(run), /column "[AB]" is named "[AB] \(1\)" on the service/)
    })
  )

  it.scopedLive("a skewed or unreadable clock and polls slower than the poll interval change nothing", () =>
    Effect.gen(function* () {
      // Stamps a thousand years ahead, or no date at all; every poll takes 300 ms against a 50 ms interval.
      const service = yield* misbehavingService({
        onList: () => 300,
        listed: (cells) =>
          cells.map((c) => ({ ...c, modified_at: c.document_id === 11 ? "2999-01-01T00:00:00Z" : "yesterday" }))
      })
      const { env, file } = yield* setup(service.baseUrl, ["poll: { interval: 50ms, max_interval: 100ms }"])
      const run = yield* runCli(["run", file], { env })
      assert.strictEqual(run.code, 0, allOutput(run))
      assert.deepStrictEqual([...service.runs().values()], [1, 1, 1, 1], allOutput(run))
    })
  )
})
