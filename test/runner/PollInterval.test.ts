import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Fiber, Option, Ref, TestClock } from "effect"
import { nextInterval, pollDelay, pollUntilDone } from "../../src/runner/PollInterval.js"

const settings = { pollInterval: Duration.seconds(1), maxPollInterval: Duration.seconds(10) }
const ms = Duration.toMillis

describe("PollInterval", () => {
  it("backs off ×1.5 while nothing changes, up to max_interval; progress resets it", () => {
    const grown = [1, 2, 3, 4, 5, 6, 7].reduce(
      (acc) => [...acc, nextInterval(settings, acc.at(-1) ?? settings.pollInterval, false)],
      [settings.pollInterval]
    )
    assert.deepStrictEqual(grown.map(ms), [1000, 1500, 2250, 3375, 5062.5, 7593.75, 10000, 10000])
    assert.strictEqual(ms(nextInterval(settings, Duration.seconds(10), true)), 1000)
  })

  it("with a latency estimate: waits for the oldest request's due time, then polls at interval, then backs off", () => {
    const backoff = Duration.seconds(5)
    const expected = Option.some(4000)
    assert.strictEqual(ms(pollDelay(settings, backoff, Option.none(), Option.some(0), 0)), 5000)
    assert.strictEqual(ms(pollDelay(settings, backoff, expected, Option.some(0), 1000)), 3000)
    assert.strictEqual(ms(pollDelay(settings, backoff, Option.some(60_000), Option.some(0), 0)), 10_000)
    assert.strictEqual(ms(pollDelay(settings, backoff, expected, Option.some(0), 4500)), 1000)
    assert.strictEqual(ms(pollDelay(settings, backoff, expected, Option.some(0), 9000)), 5000)
  })

  it.effect("pollUntilDone repeats on the test clock with the adaptive waits until the round says done", () =>
    Effect.gen(function* () {
      const times = yield* Ref.make<ReadonlyArray<number>>([])
      const round = Effect.gen(function* () {
        const now = yield* TestClock.currentTimeMillis
        const seen = yield* Ref.updateAndGet(times, (t) => [...t, now])
        return { changed: seen.length === 3, done: seen.length === 5, oldestSubmittedAt: Option.none<number>() }
      })
      const fiber = yield* Effect.fork(pollUntilDone(settings, round))
      yield* TestClock.adjust("1 minute")
      yield* Fiber.join(fiber)
      // first after 1 s; then 1.5 s, 2.25 s (unchanged), 1 s after the change, 1.5 s.
      assert.deepStrictEqual(yield* Ref.get(times), [1000, 2500, 4750, 5750, 7250])
    })
  )
})
