import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Exit, Fiber, Option, Random, Ref, TestClock } from "effect"
import { type ClientError, NotFound, ServerError, Transport } from "../../src/client/ClientError.js"
import { cappedExponential, withRetry } from "../../src/runner/RetryPolicy.js"
import { rateLimited } from "./support/FakeService.js"

const settings = { attempts: 5, baseDelay: Duration.millis(100), maxDelay: Duration.millis(1000) }
const server = new ServerError({ request: "GET /x", status: 503, detail: "" })

/** A call failing with `errors` in turn, then succeeding; counts its attempts. */
const scripted = (errors: ReadonlyArray<ClientError>) =>
  Effect.gen(function* () {
    const attempts = yield* Ref.make(0)
    const call = Effect.flatMap(
      Ref.updateAndGet(attempts, (n) => n + 1),
      (n) => {
        const error = errors[n - 1]
        return error === undefined ? Effect.succeed("ok") : Effect.fail(error)
      }
    )
    return { attempts, call }
  })

const hooks = (overrides: Partial<Parameters<typeof withRetry>[1]> = {}) => ({
  deadlineAt: Option.none<number>(),
  onBackoff: () => Effect.void,
  onThrottled: () => Effect.void,
  ...overrides
})

describe("RetryPolicy", () => {
  it("caps the exponential at max_delay", () => {
    assert.deepStrictEqual(
      [0, 1, 2, 3, 4, 5].map((n) => Duration.toMillis(cappedExponential(settings, n))),
      [100, 200, 400, 800, 1000, 1000]
    )
  })

  it.effect("full jitter: each wait is a uniform draw below the capped exponential (draw 0.5 → half)", () =>
    Effect.gen(function* () {
      const { attempts, call } = yield* scripted([server, server, server])
      const fiber = yield* Effect.fork(withRetry(settings, hooks())(call).pipe(Effect.withRandom(Random.fixed([0.5]))))
      yield* TestClock.adjust("49 millis")
      assert.strictEqual(yield* Ref.get(attempts), 1)
      yield* TestClock.adjust("1 millis")
      assert.strictEqual(yield* Ref.get(attempts), 2)
      yield* TestClock.adjust("100 millis")
      assert.strictEqual(yield* Ref.get(attempts), 3)
      yield* TestClock.adjust("199 millis")
      assert.strictEqual(yield* Ref.get(attempts), 3)
      yield* TestClock.adjust("1 millis")
      assert.strictEqual(yield* Fiber.join(fiber), "ok")
      assert.strictEqual(yield* Ref.get(attempts), 4)
    })
  )

  it.effect("honours Retry-After exactly, without jitter, and reports each 429", () =>
    Effect.gen(function* () {
      const throttled = rateLimited("POST /run", "3 seconds")
      const { attempts, call } = yield* scripted([throttled])
      const throttles = yield* Ref.make(0)
      const waits = yield* Ref.make<ReadonlyArray<number>>([])
      const retried = withRetry(
        settings,
        hooks({
          onThrottled: () => Ref.update(throttles, (n) => n + 1),
          onBackoff: (_, delay) => Ref.update(waits, (w) => [...w, Duration.toMillis(delay)])
        })
      )(call)
      const fiber = yield* Effect.fork(retried.pipe(Effect.withRandom(Random.fixed([0.1]))))
      yield* TestClock.adjust("2999 millis")
      assert.strictEqual(yield* Ref.get(attempts), 1)
      yield* TestClock.adjust("1 millis")
      assert.strictEqual(yield* Fiber.join(fiber), "ok")
      assert.strictEqual(yield* Ref.get(throttles), 1)
      assert.deepStrictEqual(yield* Ref.get(waits), [3000])
    })
  )

  it.effect("a Retry-After of zero (or a date already past) is no wait to honour: the backoff applies", () =>
    Effect.gen(function* () {
      const { attempts, call } = yield* scripted([rateLimited("POST /run", 0), rateLimited("POST /run", 0)])
      const waits = yield* Ref.make<ReadonlyArray<number>>([])
      const onBackoff = (_: unknown, delay: Duration.Duration) =>
        Ref.update(waits, (w) => [...w, Duration.toMillis(delay)])
      const fiber = yield* Effect.fork(
        withRetry(settings, hooks({ onBackoff }))(call).pipe(Effect.withRandom(Random.fixed([0.5])))
      )
      yield* TestClock.adjust("1 millis")
      assert.strictEqual(yield* Ref.get(attempts), 1)
      yield* TestClock.adjust("149 millis")
      assert.strictEqual(yield* Fiber.join(fiber), "ok")
      assert.deepStrictEqual(yield* Ref.get(waits), [50, 100])
    })
  )

  it.effect("a Retry-After ending past the deadline fails at once with ServiceUnavailable", () =>
    Effect.gen(function* () {
      const throttled = rateLimited("POST /run", "1 hour")
      const { attempts, call } = yield* scripted([throttled])
      const exit = yield* Effect.exit(withRetry(settings, hooks({ deadlineAt: Option.some(60_000) }))(call))
      assert.strictEqual(yield* Ref.get(attempts), 1)
      assert.isTrue(Exit.isFailure(exit))
      const error = Exit.isFailure(exit) ? exit.cause : undefined
      assert.include(String(error), "ServiceUnavailable")
    })
  )

  it.effect("400-class errors are not retried", () =>
    Effect.gen(function* () {
      const { attempts, call } = yield* scripted([new NotFound({ detail: "no such table", request: "GET /t" })])
      const error = yield* Effect.flip(withRetry(settings, hooks())(call))
      assert.strictEqual(error._tag, "NotFound")
      assert.strictEqual(yield* Ref.get(attempts), 1)
    })
  )

  it.effect("gives up after `attempts` tries with the last error", () =>
    Effect.gen(function* () {
      const lost = new Transport({ request: "GET /x", reason: "connection reset" })
      const { attempts, call } = yield* scripted([server, lost, server, lost, server, lost])
      const fiber = yield* Effect.fork(Effect.flip(withRetry(settings, hooks())(call)))
      yield* TestClock.adjust("10 seconds")
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error._tag, "ServerError")
      assert.strictEqual(yield* Ref.get(attempts), 5)
    })
  )
})
