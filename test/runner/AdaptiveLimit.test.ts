import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, STM } from "effect"
import { grow, halve, makeAdaptiveLimit } from "../../src/runner/AdaptiveLimit.js"

describe("AdaptiveLimit", () => {
  it("halves on 429, never below 1", () => {
    const limits = [16, 8, 4, 2, 1].map((limit) => halve({ limit, inFlight: 0, streak: 5 }).limit)
    assert.deepStrictEqual(limits, [8, 4, 2, 1, 1])
  })

  it("grows by one after `limit` successes in a row, up to the maximum", () => {
    const after4 = grow({ limit: 4, inFlight: 0, streak: 0 }, 4, 16)
    assert.strictEqual(after4.limit, 5)
    const after9 = grow({ limit: 4, inFlight: 0, streak: 0 }, 9, 16)
    assert.strictEqual(after9.limit, 6)
    assert.strictEqual(grow({ limit: 15, inFlight: 0, streak: 0 }, 1000, 16).limit, 16)
  })

  it.effect("takes as many slots as are free, and waits when none is", () =>
    Effect.gen(function* () {
      const limit = yield* makeAdaptiveLimit(3)
      assert.strictEqual(yield* STM.commit(limit.acquireUpTo(2)), 2)
      assert.strictEqual(yield* STM.commit(limit.acquireUpTo(5)), 1)
      const waiting = yield* Effect.fork(STM.commit(limit.acquireUpTo(5)))
      yield* Effect.yieldNow()
      assert.isTrue((yield* Fiber.poll(waiting))._tag === "None")
      yield* STM.commit(limit.release(2))
      assert.strictEqual(yield* Fiber.join(waiting), 2)
    })
  )

  it.effect("after a 429 no new slot is given until the cells in flight drop under the halved limit", () =>
    Effect.gen(function* () {
      const limit = yield* makeAdaptiveLimit(8)
      yield* STM.commit(limit.acquireUpTo(8))
      yield* limit.onThrottled
      yield* STM.commit(limit.release(4))
      const waiting = yield* Effect.fork(STM.commit(limit.acquireUpTo(8)))
      yield* Effect.yieldNow()
      assert.isTrue((yield* Fiber.poll(waiting))._tag === "None")
      yield* STM.commit(limit.release(1))
      assert.strictEqual(yield* Fiber.join(waiting), 1)
      yield* limit.onSuccess(4)
      assert.strictEqual((yield* STM.commit(limit.state)).limit, 5)
    })
  )
})
