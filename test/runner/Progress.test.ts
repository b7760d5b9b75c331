import { assert, describe, it } from "@effect/vitest"
import { Effect, TestClock } from "effect"
import { RunProgress } from "../../src/runner/Progress.js"

describe("RunProgress", () => {
  it.effect("a backoff reason stands until it ends: a poll round's routine reason does not overwrite it", () =>
    Effect.gen(function* () {
      const progress = yield* RunProgress
      yield* progress.backingOff("backing off 12 s after 429 on POST /api/ai/table/3/run", 12_000)
      yield* progress.waiting("waiting on 37 cells")
      assert.strictEqual((yield* progress.get).waiting, "backing off 12 s after 429 on POST /api/ai/table/3/run")
      yield* TestClock.adjust("12 seconds")
      yield* progress.waiting("waiting on 12 cells")
      assert.strictEqual((yield* progress.get).waiting, "waiting on 12 cells")
    }).pipe(Effect.provide(RunProgress.Default))
  )
})
