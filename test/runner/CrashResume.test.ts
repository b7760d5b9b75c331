import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import BetterSqlite3 from "better-sqlite3"
import { Effect } from "effect"
import { answersOf, runCounts, runsByPair } from "./support/checks.js"
import { localService, type TestService, writePipeline } from "./support/localService.js"
import { runChild, runInProcess, stateFileOf, withCheckpoint } from "./support/runners.js"

const body = (service: TestService, run: { readonly batch?: number; readonly retries?: number } = {}) =>
  [
    "documents:",
    `  - ids: [${service.documentIds.join(", ")}]`,
    "columns:",
    '  - { name: Parties, query: "Who are the parties?" }',
    '  - { name: Term, query: "What is the term?" }',
    '  - { name: Law, query: "Which law governs?" }',
    "run:",
    "  concurrency: 4",
    `  batch_size: ${run.batch ?? 2}`,
    `  cell_retries: ${run.retries ?? 2}`,
    "  poll: { interval: 20ms, max_interval: 200ms }",
    ""
  ].join("\n")

/** Kill points of the exactly-once protocol (see src/runner/CrashHook.ts). */
const points = ["table-created:1", "column-created:2", "after-intent:2", "after-submit:2", "mid-poll:1"]

/** Counts cells in a state, reading the checkpoint file read-only while a runner writes it. */
const countState = (outputDir: string, state: string) => {
  const db = new BetterSqlite3(stateFileOf(outputDir), { readonly: true, fileMustExist: true })
  const row = db.prepare("SELECT COUNT(*) AS n FROM cells WHERE state = ?").get(state) as { n: number } | undefined
  db.close()
  return row?.n ?? 0
}

describe("resume after kill -9, exactly once", () => {
  it.scopedLive(
    "kills at each point of the protocol; the resumed run asks no pair twice and ends with an uninterrupted run's answers",
    () =>
      Effect.gen(function* () {
        // One worker: cells finish one at a time, so some poll always sees cells settled while others still run
        // (the mid-poll kill point); with many workers a whole round could settle between two polls.
        const service = yield* localService({ documents: 4, latencyMs: 60, workers: 1 })
        const baseline = writePipeline(service.dir, "baseline", body(service))
        assert.strictEqual((yield* runInProcess(service, baseline)).outcome, "completed")
        const expected = yield* answersOf(join(service.dir, "out-baseline"))
        assert.strictEqual(Object.keys(expected).length, 12)

        yield* Effect.forEach(
          points,
          (point) =>
            Effect.gen(function* () {
              const name = `crash-${point.replace(":", "-")}`
              const file = writePipeline(service.dir, name, body(service))
              const crashed = yield* runChild(service, file, { crashAt: point })
              assert.strictEqual(crashed.signal, "SIGKILL", `${point}: ${crashed.stderr}`)
              const resumed = yield* runChild(service, file)
              assert.strictEqual(resumed.code, 0, `${point}: ${resumed.stderr}`)
              const answers = yield* answersOf(join(service.dir, `out-${name}`))
              assert.deepStrictEqual(answers, expected, point)
            }),
          { concurrency: 3, discard: true }
        )
        const counts = yield* runCounts(service)
        for (const count of counts)
          assert.strictEqual(
            count.runs,
            1,
            `table ${count.ai_table_id} pair ${count.document_id}:${count.ai_column_id}`
          )
        assert.strictEqual(counts.length, 12 * (points.length + 1))
      }),
    90_000
  )

  it.scopedLive("a re-run of the same cell (cell retry) is adopted when the cell changed, never sent blind", () =>
    Effect.gen(function* () {
      // Every first attempt fails: each pair is run twice, the second time into the same remote cell.
      const service = yield* localService({ documents: 2, latencyMs: 30, failRate: 1 })
      const lostRetry = writePipeline(service.dir, "retry-intent", body(service, { batch: 6, retries: 1 }))
      const landedRetry = writePipeline(service.dir, "retry-submit", body(service, { batch: 6, retries: 1 }))
      const first = yield* runChild(service, lostRetry, { crashAt: "after-intent:2" })
      const second = yield* runChild(service, landedRetry, { crashAt: "after-submit:2" })
      assert.deepStrictEqual([first.signal, second.signal], ["SIGKILL", "SIGKILL"])
      // Killed before the re-run request left: the cell shows what it showed (this service changes task_id on a
      // re-run, but the killed run saw no re-run reply to learn that from). Nothing can tell whether the request
      // landed, so the pairs are failed with the reason rather than sent blind; the next run asks them.
      const unsure = yield* runChild(service, lostRetry)
      assert.strictEqual(unsure.code, 3, unsure.stderr)
      assert.include(unsure.stderr, "not sent again")
      assert.strictEqual((yield* runChild(service, lostRetry)).code, 0)
      assert.strictEqual((yield* runChild(service, landedRetry)).code, 0)
      // Each pair of each pipeline: one failed run and one retry, nothing more.
      const byPair = runsByPair(yield* runCounts(service))
      assert.strictEqual(byPair.size, 12)
      for (const runs of byPair.values()) assert.strictEqual(runs, 2)
      // Attempts count requests that may have left: the unsure intent counts, though the service never got it.
      for (const [name, attempts] of [
        ["retry-intent", [2, 3]],
        ["retry-submit", [2]]
      ] as const) {
        const cells = yield* withCheckpoint(join(service.dir, `out-${name}`), (store) => store.cells())
        assert.isTrue(
          cells.every(
            (cell) => cell.state === "success" && (attempts as ReadonlyArray<number>).includes(cell.attempts)
          ),
          name
        )
      }
    })
  )

  it.scopedLive(
    "a query changed while its pairs were in flight: the resumed run asks the new query; --only-failed settles the old requests in their own column",
    () =>
      Effect.gen(function* () {
        const service = yield* localService({ documents: 2, latencyMs: 1500 })
        // Every batch sent at once; no cell retries and a cell timeout the test can wait for: a pair looked for in
        // the wrong column fails.
        const withLaw = (query: string) =>
          body(service, { batch: 2, retries: 0 })
            .replace('"Which law governs?"', `"${query}"`)
            .replace("concurrency: 4", "concurrency: 8")
            .concat("  cell_timeout: 8s\n")
        const lawAnswers = (name: string) =>
          Effect.map(answersOf(join(service.dir, `out-${name}`)), (answers) =>
            service.documentIds.map((id) => answers[`${id}/Law`] ?? "")
          )
        // Killed once the third batch's run request landed: document 1's Law pair is left `submitted`, document
        // 2's `submitting`; then the Law query is edited.
        const crashThenEdit = (name: string) =>
          Effect.gen(function* () {
            const file = writePipeline(service.dir, name, withLaw("Which law governs?"))
            const crashed = yield* runChild(service, file, { crashAt: "after-submit:3" })
            assert.strictEqual(crashed.signal, "SIGKILL", crashed.stderr)
            return writePipeline(service.dir, name, withLaw("Which courts decide disputes?"))
          })

        const edited = yield* crashThenEdit("edited")
        const resumed = yield* runChild(service, edited)
        assert.strictEqual(resumed.code, 0, resumed.stderr)
        for (const answer of yield* lawAnswers("edited")) assert.include(answer, "Which courts decide disputes?")
        // What the checkpoint holds answers the pipeline as it is: nothing is left to ask.
        const again = yield* runChild(service, edited, { args: ["--dry-run"] })
        assert.strictEqual(again.summary?.plan?.toRun, 0, again.stderr)

        // --only-failed asks no changed pair: the requests in flight are settled where they went, old answers kept.
        const onlyFailed = yield* crashThenEdit("only-failed")
        const settled = yield* runChild(service, onlyFailed, { args: ["--only-failed"] })
        assert.strictEqual(settled.code, 0, settled.stderr)
        for (const answer of yield* lawAnswers("only-failed")) assert.include(answer, "Which law governs?")
        assert.strictEqual((yield* runChild(service, onlyFailed)).code, 0)
        for (const answer of yield* lawAnswers("only-failed")) assert.include(answer, "Which courts decide disputes?")

        for (const runs of runsByPair(yield* runCounts(service)).values()) assert.strictEqual(runs, 1)
      }),
    60_000
  )

  it.scopedLive("Ctrl-C stops gracefully with 130 and a consistent checkpoint; the next run finishes the work", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 4, latencyMs: 1500 })
      const file = writePipeline(service.dir, "sigint", body(service))
      const outputDir = join(service.dir, "out-sigint")
      const interrupted = yield* runChild(service, file, {
        signal: { name: "SIGINT", when: () => countState(outputDir, "submitted") > 0 }
      })
      assert.strictEqual(interrupted.code, 130, interrupted.stderr)
      const runs = yield* withCheckpoint(outputDir, (store) => store.runs())
      assert.strictEqual(runs.at(-1)?.outcome, "interrupted")
      const resumed = yield* runChild(service, file)
      assert.strictEqual(resumed.code, 0, resumed.stderr)
      for (const runs of runsByPair(yield* runCounts(service)).values()) assert.strictEqual(runs, 1)
    })
  )
})
