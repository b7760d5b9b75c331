import { NodeHttpClient } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Either, Fiber, Redacted } from "effect"
import { retryAfterWait as parseRetryAfter } from "../../src/api/RetryAfter.js"
import { collectChunks } from "../../src/service/engine/AnswerEngine.js"
import { makeOpenAiEngine } from "../../src/service/engine/OpenAiEngine.js"
import { fakeOpenAi, status, streamed } from "./FakeOpenAi.js"
import { cell, key, run } from "./Harness.js"

const waitBetween = (received: ReadonlyArray<{ readonly at: number }>, i: number) =>
  (received[i]?.at ?? 0) - (received[i - 1]?.at ?? 0)

describe("OpenAiEngine and Retry-After", () => {
  it("reads delay-seconds and HTTP dates; anything else is no wait asked", () => {
    const now = Date.parse("2026-03-01T12:00:00Z")
    assert.deepStrictEqual(parseRetryAfter("7", now), Duration.seconds(7))
    assert.deepStrictEqual(parseRetryAfter(" 1.5 ", now), Duration.seconds(1.5))
    assert.deepStrictEqual(parseRetryAfter("Sun, 01 Mar 2026 12:00:30 GMT", now), Duration.millis(30_000))
    assert.deepStrictEqual(parseRetryAfter("Sun, 01 Mar 2026 11:00:00 GMT", now), Duration.millis(0))
    assert.isUndefined(parseRetryAfter(undefined, now))
    assert.isUndefined(parseRetryAfter("soon", now))
    assert.isUndefined(parseRetryAfter("-3", now))
  })

  it.scopedLive("waits as long as a 429's Retry-After says (an HTTP date, then seconds) instead of its backoff", () =>
    Effect.gen(function* () {
      // An HTTP date has whole seconds: 3.5 s from now is 2.5 to 3.5 s away now, and at least 1.4 s away when the
      // first reply comes even if the server and engine take a second to start on a loaded machine (with 2.5 s, a
      // run under load waited 1.3 s).
      const soon = new Date(Date.now() + 3500).toUTCString()
      const server = yield* fakeOpenAi([
        status(429, "slow down", { "retry-after": soon }),
        status(429, "slow down", { "retry-after": "1" }),
        streamed(["Eng", "land"])
      ])
      const answer = yield* run({ baseUrl: server.baseUrl, retryBaseDelay: "1 millis" }, cell("law?"))
      assert.deepStrictEqual(Either.getOrThrow(answer), ["England"])
      assert.strictEqual(server.received.length, 3)
      // The backoff alone would retry after a few milliseconds.
      assert.isAtLeast(waitBetween(server.received, 1), 1400)
      assert.isAtLeast(waitBetween(server.received, 2), 950)
    })
  )

  it.scopedLive("caps a Retry-After longer than maxRetryAfter", () =>
    Effect.gen(function* () {
      const server = yield* fakeOpenAi([status(503, "busy", { "retry-after": "3600" }), streamed(["ok"])])
      const answer = yield* run(
        { baseUrl: server.baseUrl, retryBaseDelay: "1 millis", maxRetryAfter: "300 millis" },
        cell("q")
      )
      assert.deepStrictEqual(Either.getOrThrow(answer), ["ok"])
      const waited = waitBetween(server.received, 1)
      assert.isAtLeast(waited, 280)
      assert.isBelow(waited, 3000)
    })
  )

  // The service's workers share one engine: a rate limit told to one of them holds back the others too, instead
  // of each finding out with a request of its own.
  it.scopedLive("a 429's Retry-After holds back the other answers of the same engine until it has passed", () =>
    Effect.gen(function* () {
      const server = yield* fakeOpenAi([status(429, "rate limited", { "retry-after": "1" }), streamed(["ok"])])
      const engine = yield* makeOpenAiEngine({
        baseUrl: server.baseUrl,
        model: "m",
        apiKey: Redacted.make(key),
        retryBaseDelay: "1 millis"
      }).pipe(Effect.provide(NodeHttpClient.layer))
      const first = yield* Effect.fork(collectChunks(engine, cell("first")))
      yield* Effect.sleep("150 millis")
      const others = yield* Effect.all(
        Array.from({ length: 4 }, (_, i) => collectChunks(engine, cell(`other ${i}`))),
        { concurrency: "unbounded" }
      )
      assert.deepStrictEqual(others, [["ok"], ["ok"], ["ok"], ["ok"]])
      assert.deepStrictEqual(yield* Fiber.join(first), ["ok"])
      assert.strictEqual(server.received.length, 6)
      const refusedAt = server.received[0]?.at ?? 0
      for (const request of server.received.slice(1)) assert.isAtLeast(request.at - refusedAt, 950)
    })
  )
})
