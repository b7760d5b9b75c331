import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { echoAuthorization, fakeOpenAi } from "./FakeOpenAi.js"
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
})
