import { assert, describe, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { echoAuthorization, endless, fakeOpenAi, streamed } from "./FakeOpenAi.js"
import { cell, failureReason, key, run } from "./Harness.js"

/** Servers that misbehave in ways real endpoints and proxies do. */
describe("OpenAiEngine against hostile servers", () => {
  // The reason keeps the first 200 characters of the body: a key straddling that cut must not leave its head.
  it.scopedLive("an error body echoing the Authorization header leaves no part of the key in the reason", () =>
    Effect.gen(function* () {
      const server = yield* fakeOpenAi([echoAuthorization(401, `${"denied ".repeat(23)}: `)])
      const reason = failureReason(yield* run({ baseUrl: server.baseUrl }, cell("q")))
      assert.match(reason, /^model endpoint refused: 401 Unauthorized — denied /)
      assert.notInclude(reason, key.slice(0, 10))
      assert.strictEqual(server.received.length, 1)
    })
  )

  // Azure OpenAI and some gateways put the API version in the query: the path goes before it, the query stays.
  it.scopedLive("a base URL with a query string or a trailing slash keeps its query after /chat/completions", () =>
    Effect.gen(function* () {
      const server = yield* fakeOpenAi([streamed(["ok"])])
      for (const baseUrl of [`${server.baseUrl}?api-version=2024-06-01`, `${server.baseUrl}/?api-version=2024-06-01`]) {
        assert.deepStrictEqual(Either.getOrThrow(yield* run({ baseUrl }, cell("q"))), ["ok"])
      }
      assert.deepStrictEqual(
        server.received.map((request) => request.url),
        ["/v1/chat/completions?api-version=2024-06-01", "/v1/chat/completions?api-version=2024-06-01"]
      )
    })
  )

  // Small local models fall into repeating themselves and never stop: the cell must end, not hold a worker forever.
  it.scopedLive("an answer that never ends is cut at maxAnswerChars and the cell fails saying so", () =>
    Effect.gen(function* () {
      const server = yield* fakeOpenAi([endless("and again ")])
      const result = yield* run({ baseUrl: server.baseUrl, maxAnswerChars: 5000 }, cell("q")).pipe(
        Effect.timeout("10 seconds")
      )
      assert.strictEqual(
        failureReason(result),
        "model answer stream failed: the answer passed 5000 characters without ending (is the model repeating itself?)"
      )
      assert.strictEqual(server.received.length, 1)
    })
  )
})
