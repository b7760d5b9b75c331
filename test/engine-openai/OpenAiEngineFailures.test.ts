import { assert, describe, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { closedPort, dropped, fakeOpenAi, hang, status, streamed, unfinished } from "./FakeOpenAi.js"
import { cell, failureReason, key, run, runEach } from "./Harness.js"

describe("OpenAiEngine failures", () => {
  it.scopedLive("retries 503 and 429 with backoff, then streams the answer", () =>
    Effect.gen(function* () {
      const server = yield* fakeOpenAi([status(503, "overloaded"), status(429, "slow down"), streamed(["Eng", "land"])])
      const chunks = Either.getOrThrow(
        yield* run({ baseUrl: server.baseUrl, retryBaseDelay: "10 millis" }, cell("law?"))
      )
      assert.deepStrictEqual(chunks, ["England"])
      assert.strictEqual(server.received.length, 3)
    })
  )

  it.scopedLive("gives up after maxAttempts and reports the last refusal", () =>
    Effect.gen(function* () {
      const server = yield* fakeOpenAi([status(502, "bad gateway")])
      const result = yield* run({ baseUrl: server.baseUrl, retryBaseDelay: "5 millis", maxAttempts: 3 }, cell("law?"))
      assert.strictEqual(failureReason(result), "model endpoint refused: 502 Bad Gateway — bad gateway")
      assert.strictEqual(server.received.length, 3)
    })
  )

  // The key is the engine's for its life: once refused, later tasks fail with that refusal without a call.
  it.scopedLive("401 fails at once, and later tasks too, with a clear reason that never contains the key", () =>
    Effect.gen(function* () {
      const body = JSON.stringify({
        error: { message: `Incorrect API key provided: ${key}.`, code: "invalid_api_key" }
      })
      const server = yield* fakeOpenAi([status(401, body), streamed(["England"])])
      const results = yield* runEach({ baseUrl: server.baseUrl, retryBaseDelay: "5 millis" }, [
        cell("law?"),
        cell("term?")
      ])
      for (const result of results) {
        const reason = failureReason(result)
        assert.match(reason, /^model endpoint refused: 401 Unauthorized — Incorrect API key provided: /)
        assert.notInclude(reason, key)
        assert.notInclude(JSON.stringify(result), key)
      }
      assert.strictEqual(server.received.length, 1)
    })
  )

  it.scopedLive("400 is not retried; no key means no Authorization header", () =>
    Effect.gen(function* () {
      const server = yield* fakeOpenAi([status(400, "model not found")])
      const result = yield* run({ baseUrl: server.baseUrl, apiKey: undefined, retryBaseDelay: "5 millis" }, cell("q"))
      assert.strictEqual(failureReason(result), "model endpoint refused: 400 Bad Request — model not found")
      assert.strictEqual(server.received.length, 1)
      assert.isUndefined(server.received[0]?.headers.authorization)
    })
  )

  it.live("an unreachable endpoint fails with 'unreachable' after the retries", () =>
    Effect.gen(function* () {
      const port = yield* closedPort
      const baseUrl = `http://127.0.0.1:${port}/v1`
      const result = yield* run({ baseUrl, retryBaseDelay: "5 millis", maxAttempts: 2 }, cell("q"))
      const reason = failureReason(result)
      assert.strictEqual(reason, `model endpoint unreachable at ${baseUrl}/chat/completions: connection refused`)
      assert.notInclude(JSON.stringify(result), key)
    })
  )

  it.scopedLive("a stream broken after content has started is not retried", () =>
    Effect.gen(function* () {
      const server = yield* fakeOpenAi([dropped(["partial "]), streamed(["second try"])])
      const result = yield* run({ baseUrl: server.baseUrl, retryBaseDelay: "5 millis" }, cell("q"))
      assert.match(failureReason(result), /^model answer stream failed: /)
      assert.strictEqual(server.received.length, 1)
    })
  )

  it.scopedLive("a stream that ends without [DONE] or a finish reason is a failure, not a short answer", () =>
    Effect.gen(function* () {
      const server = yield* fakeOpenAi([unfinished(["The governing law is"])])
      const result = yield* run({ baseUrl: server.baseUrl }, cell("q"))
      assert.strictEqual(
        failureReason(result),
        "model answer stream failed: the stream ended before the answer was complete"
      )
    })
  )

  it.scopedLive("an endpoint that sends no headers times out and is retried; a silent stream times out", () =>
    Effect.gen(function* () {
      const server = yield* fakeOpenAi([hang(false)])
      const settings = {
        baseUrl: server.baseUrl,
        timeout: "150 millis" as const,
        retryBaseDelay: "5 millis" as const,
        maxAttempts: 2
      }
      const result = yield* run(settings, cell("q"))
      assert.strictEqual(
        failureReason(result),
        `model endpoint at ${server.baseUrl}/chat/completions did not respond within 150ms`
      )
      assert.strictEqual(server.received.length, 2)

      const silent = yield* fakeOpenAi([hang(true)])
      const stalled = yield* run({ ...settings, baseUrl: silent.baseUrl }, cell("q"))
      assert.match(failureReason(stalled), /did not respond within 150ms$/)
      assert.strictEqual(silent.received.length, 1)
    })
  )

  it.scopedLive("an answer stream without content is an empty answer", () =>
    Effect.gen(function* () {
      const server = yield* fakeOpenAi([streamed([])])
      const empty = yield* run({ baseUrl: server.baseUrl }, cell("q"))
      assert.deepStrictEqual(Either.getOrThrow(empty), [])
    })
  )
})
