import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import type { ProgressSnapshot } from "../../src/runner/Progress.js"
import { type FakeOptions, makeFakeService } from "./support/FakeService.js"
import { scratchDir } from "./support/localService.js"
import { inputOf, pipelineOf, runOnTestClock } from "./support/testClockRun.js"

/**
 * The real runner with `concurrency: auto` (the default) against a simulated service on the test clock: `workers`
 * answer first-in first-out, each answer takes its time, and a cap on pending work answers 429. The window the
 * controller keeps is read from the run's progress as it changes; no figure depends on wall-clock speed.
 */
const simulate = (service: Omit<FakeOptions, "documents">, documents: number, columns: number) =>
  Effect.gen(function* () {
    const dir = join(yield* scratchDir, "out")
    const ids = Array.from({ length: documents }, (_, i) => 1000 + i)
    const fake = makeFakeService({ ...service, documents: ids })
    const pipeline = pipelineOf(
      {
        documents: [{ ids }],
        columns: Array.from({ length: columns }, (_, i) => ({ name: `C${i}`, query: `Question ${i}?` }))
      },
      dir
    )
    const windows: Array<{ readonly at: number; readonly window: number; readonly left: number }> = []
    const watch = (snapshot: ProgressSnapshot) =>
      windows.push({
        at: snapshot.updatedAt,
        window: snapshot.limit,
        left: snapshot.cells.total - snapshot.cells.done - snapshot.cells.skipped
      })
    const summary = yield* runOnTestClock(fake.layer, inputOf(pipeline), {
      step: "1 second",
      limit: "20 minutes",
      watch
    })
    return { fake, summary, windows, cells: documents * columns }
  })

/** The windows the controller kept from `from` on, while more than `tail` cells were still to be answered. */
const windowsBetween = (
  windows: ReadonlyArray<{ readonly at: number; readonly window: number; readonly left: number }>,
  from: number,
  to: number,
  tail: number
) => windows.filter((w) => w.at >= from && w.at < to && w.left > tail).map((w) => w.window)

const everyPairOnce = (runs: ReadonlyMap<string, number>, cells: number) => {
  assert.strictEqual(runs.size, cells)
  assert.isTrue(
    [...runs.values()].every((n) => n === 1),
    "a pair was run twice"
  )
}

describe("flow control against a simulated service", () => {
  it.scoped("converges between W and 4 W within a few answer times and keeps the service busy", () =>
    Effect.gen(function* () {
      const workers = 10
      const { cells, fake, summary, windows } = yield* simulate({ workers, latency: "1 second" }, 40, 10)
      assert.strictEqual(summary.outcome, "completed")
      everyPairOnce(fake.runs(), cells)
      const settled = windowsBetween(windows, 5_000, Number.POSITIVE_INFINITY, 4 * workers)
      assert.isAbove(settled.length, 0)
      assert.isAtLeast(Math.min(...settled), workers)
      assert.isAtMost(Math.max(...settled), 4 * workers)
      assert.isAtMost(fake.peakPending(), 4 * workers)
      // 400 answers of 1 s on 10 workers: 40 s at best.
      assert.isAtMost(summary.seconds, 1.2 * 40)
    })
  )

  it.scoped("backs off on 429 from a capped queue, then works under the cap without asking twice", () =>
    Effect.gen(function* () {
      const workers = 10
      // A queue capped just above the workers: less than the controller would keep on its own.
      const maxPending = workers + 2
      const { cells, fake, summary, windows } = yield* simulate(
        { workers, latency: "1 second", maxPending, answerTime: (n) => 600 + (n % 9) * 100 },
        30,
        10
      )
      assert.strictEqual(summary.outcome, "completed")
      assert.strictEqual(summary.cells.failed, 0)
      everyPairOnce(fake.runs(), cells)
      // It ran into the cap, and learned it: a handful of refusals in 300 answers, not one per batch.
      assert.isAtLeast(fake.throttled(), 1)
      assert.isAtMost(fake.throttled(), 10)
      assert.isAtMost(Math.max(...windowsBetween(windows, 10_000, Number.POSITIVE_INFINITY, 0)), maxPending + 4)
      // 300 answers of 1 s on average on 10 workers: 30 s at best, a refused batch waits Retry-After (1 s).
      assert.isAtMost(summary.seconds, 1.25 * 30)
    })
  )

  it.scoped("under a queue cap well below the workers, probes the cap a few times a run, not every few rounds", () =>
    Effect.gen(function* () {
      // A fast service whose cap (10 tasks pending or running) is what limits it: rounds take 200 ms, and each
      // refused probe stops every submission for its Retry-After (1 s) while the 10 answers finish.
      const { cells, fake, summary } = yield* simulate({ workers: 50, latency: "200 millis", maxPending: 10 }, 100, 20)
      assert.strictEqual(summary.outcome, "completed")
      assert.strictEqual(summary.cells.failed, 0)
      everyPairOnce(fake.runs(), cells)
      // Finding the cap while starting up costs two refusals, and one more probe comes once its hold is over.
      assert.isAtMost(fake.throttled(), 4)
      // 2,000 answers of 200 ms, 10 at a time: 40 s at best.
      assert.isAtMost(summary.seconds, 1.12 * 40)
    })
  )

  it.scoped("sees the last answers soon after they are done, though one took far longer than any before", () =>
    Effect.gen(function* () {
      // A slow service with a heavy tail: answers take 8 to 12 s, one of the last ones 40 s. While the run waits on
      // it alone, its age passes every answer time learned.
      const answerTime = (task: number) => (task === 90 ? 40_000 : 8_000 + (task % 5) * 1_000)
      const { cells, fake, summary } = yield* simulate({ workers: 8, latency: "10 seconds", answerTime }, 10, 10)
      assert.strictEqual(summary.outcome, "completed")
      everyPairOnce(fake.runs(), cells)
      // The run ends within a second or two of the last answer (a tenth of the usual answer time between reads),
      // not after polls backing off to 1.4 × the unit's age.
      assert.isAtMost(summary.seconds - fake.lastAnswerAt() / 1000, 2)
    })
  )

  it.scoped("follows a capacity drop down to the workers left, and back up when they return", () =>
    Effect.gen(function* () {
      const workers = (now: number) => (now < 15_000 || now >= 40_000 ? 20 : 5)
      const { cells, fake, summary, windows } = yield* simulate({ workers, latency: "1 second" }, 75, 12)
      assert.strictEqual(summary.outcome, "completed")
      everyPairOnce(fake.runs(), cells)
      const before = windowsBetween(windows, 6_000, 15_000, 0)
      const dropped = windowsBetween(windows, 25_000, 40_000, 0)
      const recovered = windowsBetween(windows, 48_000, Number.POSITIVE_INFINITY, 80)
      assert.isAtLeast(Math.min(...before), 20)
      assert.isAtMost(Math.max(...before), 80)
      assert.isAtLeast(Math.min(...dropped), 5)
      assert.isAtMost(Math.max(...dropped), 20)
      assert.isAbove(recovered.length, 0)
      assert.isAtLeast(Math.min(...recovered), 20)
      assert.isAtMost(Math.max(...recovered), 80)
    })
  )
})
