import { assert, describe, it } from "@effect/vitest"
import { Chunk, Effect, Fiber, Option, Ref, Stream, TestClock } from "effect"
import type { AnswerRequest } from "../../src/service/engine/AnswerEngine.js"
import { makeLatencyEngine } from "../../src/service/engine/LatencyEngine.js"

const request: AnswerRequest = {
  kind: "cell",
  query: "Governing law?",
  documents: [{ id: 12, filename: "lease.pdf", passages: [] }],
  history: []
}

const collect = <E>(stream: Stream.Stream<string, E>) => Effect.map(Stream.runCollect(stream), Chunk.toArray)

describe("LatencyEngine", () => {
  it.effect("answers deterministically in two chunks, at once when latency is 0", () =>
    Effect.gen(function* () {
      const engine = makeLatencyEngine({ latencyMs: 0 })
      assert.strictEqual(engine.name, "latency")
      const first = yield* collect(engine.answer(request))
      assert.deepStrictEqual(first, ['Answer to "Governing law?"', " for document 12 (lease.pdf)"])
      assert.deepStrictEqual(yield* collect(engine.answer(request)), first)

      const two = yield* collect(
        engine.answer({ ...request, documents: [...request.documents, { id: 13, filename: "b.pdf", passages: [] }] })
      )
      assert.strictEqual(two.join(""), 'Answer to "Governing law?" for documents 12 (lease.pdf), 13 (b.pdf)')
      const none = yield* collect(engine.answer({ ...request, kind: "chat", documents: [] }))
      assert.strictEqual(none.join(""), 'Answer to "Governing law?" without documents')
    })
  )

  it.effect("waits latencyMs on the test clock, half before each chunk", () =>
    Effect.gen(function* () {
      const seen = yield* Ref.make<ReadonlyArray<string>>([])
      const engine = makeLatencyEngine({ latencyMs: 1000 })
      const fiber = yield* engine.answer(request).pipe(
        Stream.runForEach((chunk) => Ref.update(seen, (chunks) => [...chunks, chunk])),
        Effect.fork
      )
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

  // On the test clock a sleep would never end: finishing proves latency 0 never waits.
  it.effect("never touches the clock at latency 0", () =>
    Effect.gen(function* () {
      const engine = makeLatencyEngine({ latencyMs: 0 })
      const total = yield* Effect.reduce(
        Array.from({ length: 2_000 }, (_, i) => i),
        0,
        (sum, i) => Effect.map(collect(engine.answer({ ...request, query: `q${i}` })), (chunks) => sum + chunks.length)
      )
      assert.strictEqual(total, 4_000)
    })
  )
})
