import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Option, Random, Ref, TestClock } from "effect"
import { type AnswerRequest, collectChunks } from "../../src/service/engine/AnswerEngine.js"
import { drawLatency, makeLatencyEngine } from "../../src/service/engine/LatencyEngine.js"

const request: AnswerRequest = {
  kind: "cell",
  query: "Governing law?",
  documents: [{ id: 12, filename: "lease.pdf", passages: [] }],
  history: []
}

describe("LatencyEngine", () => {
  it.effect("answers deterministically in two chunks, at once when latency is 0", () =>
    Effect.gen(function* () {
      const engine = makeLatencyEngine({ latencyMs: 0 })
      assert.strictEqual(engine.name, "latency")
      const first = yield* collectChunks(engine, request)
      assert.deepStrictEqual(first, ['Answer to "Governing law?"', " for document 12 (lease.pdf)"])
      assert.deepStrictEqual(yield* collectChunks(engine, request), first)

      const two = yield* collectChunks(engine, {
        ...request,
        documents: [...request.documents, { id: 13, filename: "b.pdf", passages: [] }]
      })
      assert.strictEqual(two.join(""), 'Answer to "Governing law?" for documents 12 (lease.pdf), 13 (b.pdf)')
      const none = yield* collectChunks(engine, { ...request, kind: "chat", documents: [] })
      assert.strictEqual(none.join(""), 'Answer to "Governing law?" without documents')
    })
  )

  it.effect("waits latencyMs on the test clock, half before each chunk", () =>
    Effect.gen(function* () {
      const seen = yield* Ref.make<ReadonlyArray<string>>([])
      const engine = makeLatencyEngine({ latencyMs: 1000 })
      const fiber = yield* engine
        .answer(request, (chunk) =>
          Effect.as(
            Ref.update(seen, (chunks) => [...chunks, chunk]),
            true
          )
        )
        .pipe(Effect.fork)
      yield* TestClock.adjust("499 millis")
      assert.deepStrictEqual(yield* Ref.get(seen), [])
      yield* TestClock.adjust("1 millis")
      assert.deepStrictEqual(yield* Ref.get(seen), ['Answer to "Governing law?"'])
      yield* TestClock.adjust("499 millis")
      assert.isTrue(Option.isNone(yield* Fiber.poll(fiber)))
      yield* TestClock.adjust("1 millis")
      yield* Fiber.join(fiber)
      assert.strictEqual((yield* Ref.get(seen)).join(""), 'Answer to "Governing law?" for document 12 (lease.pdf)')
    })
  )

  // Under load the service stores 50 first chunks one after another: the second is still due at latencyMs.
  it.effect("keeps the answer due latencyMs after the start when storing the first chunk is slow", () =>
    Effect.gen(function* () {
      const engine = makeLatencyEngine({ latencyMs: 1000 })
      const slowSink = (chunk: string) =>
        Effect.as(chunk.startsWith("Answer") ? Effect.sleep("300 millis") : Effect.void, true)
      const fiber = yield* Effect.fork(engine.answer(request, slowSink))
      yield* TestClock.adjust("999 millis")
      assert.isTrue(Option.isNone(yield* Fiber.poll(fiber)))
      yield* TestClock.adjust("1 millis")
      assert.isTrue(Option.isSome(yield* Fiber.poll(fiber)))
    })
  )

  it.effect("stops after the first chunk when the sink says stop", () =>
    Effect.gen(function* () {
      const seen: Array<string> = []
      yield* makeLatencyEngine({ latencyMs: 0 }).answer(request, (chunk) => Effect.sync(() => seen.push(chunk) < 1))
      assert.deepStrictEqual(seen, ['Answer to "Governing law?"'])
    })
  )

  // On the test clock a sleep would never end: finishing proves latency 0 never waits.
  it.effect("never touches the clock at latency 0", () =>
    Effect.gen(function* () {
      const engine = makeLatencyEngine({ latencyMs: 0 })
      const total = yield* Effect.reduce(
        Array.from({ length: 2_000 }, (_, i) => i),
        0,
        (sum, i) => Effect.map(collectChunks(engine, { ...request, query: `q${i}` }), (chunks) => sum + chunks.length)
      )
      assert.strictEqual(total, 4_000)
    })
  )

  it.effect("answer times follow the distribution around the median, reproducibly from a seed", () =>
    Effect.gen(function* () {
      const sample = (distribution: "fixed" | "exponential" | "lognormal", seed: number) =>
        Effect.gen(function* () {
          const random = Random.make(seed)
          return yield* Effect.forEach(Array.from({ length: 4000 }), () =>
            drawLatency({ latencyMs: 200, distribution, spread: 0.5 }, random)
          )
        })
      const quantile = (values: ReadonlyArray<number>, q: number) =>
        [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))] ?? Number.NaN
      assert.deepStrictEqual(new Set(yield* sample("fixed", 1)), new Set([200]))
      const exponential = yield* sample("exponential", 7)
      assert.approximately(quantile(exponential, 0.5), 200, 20)
      // Exponential: p95 is ln 20 / ln 2 ≈ 4.3 medians.
      assert.approximately(quantile(exponential, 0.95), 864, 120)
      const lognormal = yield* sample("lognormal", 7)
      assert.approximately(quantile(lognormal, 0.5), 200, 20)
      // Lognormal σ 0.5: p95 is e^(1.645 × 0.5) ≈ 2.28 medians.
      assert.approximately(quantile(lognormal, 0.95), 455, 60)
      assert.deepStrictEqual(yield* sample("lognormal", 7), lognormal)
      assert.notDeepEqual(yield* sample("lognormal", 8), lognormal)
    })
  )
})
