import { assert, describe, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { events, fakeOpenAi } from "./FakeOpenAi.js"
import { cell, run } from "./Harness.js"

/** 200 replies of the shapes OpenAI-compatible servers send besides the plain text stream. */
describe("OpenAiEngine and unusual 200 replies", () => {
  it.scopedLive("content sent as an array of parts is joined from its text parts", () =>
    Effect.gen(function* () {
      const server = yield* fakeOpenAi([
        events([
          {
            choices: [
              {
                delta: {
                  content: [
                    { type: "thinking", thinking: [] },
                    { type: "text", text: "Eng" }
                  ]
                }
              }
            ]
          },
          { choices: [{ delta: { content: [{ type: "text", text: "land" }] }, finish_reason: "stop" }] }
        ])
      ])
      assert.deepStrictEqual(Either.getOrThrow(yield* run({ baseUrl: server.baseUrl }, cell("q"))), ["England"])
    })
  )
})
