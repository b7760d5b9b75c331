import { assert, describe, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { events, fakeOpenAi, status } from "./FakeOpenAi.js"
import { cell, failureReason, run } from "./Harness.js"

const json = (value: unknown) => JSON.stringify(value)

/** 200 replies of the shapes OpenAI-compatible servers send besides the plain text stream. */
describe("OpenAiEngine and unusual 200 replies", () => {
  // Some servers and gateways ignore `stream: true` and send the whole completion as one JSON object.
  it.scopedLive("a whole JSON completion is the answer; a JSON error or no choices fails with what it says", () =>
    Effect.gen(function* () {
      const whole = json({
        object: "chat.completion",
        choices: [{ message: { content: "England" }, finish_reason: "stop" }]
      })
      const server = yield* fakeOpenAi([
        status(200, whole),
        status(200, json({ error: { message: "model 'local' is still loading" } })),
        status(200, json({ id: "x", object: "chat.completion", usage: {} }))
      ])
      assert.deepStrictEqual(Either.getOrThrow(yield* run({ baseUrl: server.baseUrl }, cell("q"))), ["England"])
      assert.strictEqual(
        failureReason(yield* run({ baseUrl: server.baseUrl }, cell("q"))),
        "model answer stream failed: model 'local' is still loading"
      )
      assert.strictEqual(
        failureReason(yield* run({ baseUrl: server.baseUrl }, cell("q"))),
        "model answer stream failed: the reply held no answer (no choices[0].message.content)"
      )
    })
  )

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
        ]),
        status(200, json({ choices: [{ message: { content: [{ type: "text", text: "Wales" }] } }] }))
      ])
      assert.deepStrictEqual(Either.getOrThrow(yield* run({ baseUrl: server.baseUrl }, cell("q"))), ["England"])
      assert.deepStrictEqual(Either.getOrThrow(yield* run({ baseUrl: server.baseUrl }, cell("q"))), ["Wales"])
    })
  )

  // An answer the model stopped at its token limit is cut: it must not pass for a complete one.
  it.scopedLive("finish_reason length or content_filter fails the task, keeping the reason", () =>
    Effect.gen(function* () {
      const server = yield* fakeOpenAi([
        events([{ choices: [{ delta: { content: "The governing law is" }, finish_reason: "length" }] }]),
        events([{ choices: [{ delta: { content: "" }, finish_reason: "content_filter" }] }]),
        status(200, json({ choices: [{ message: { content: "The governing" }, finish_reason: "length" }] }))
      ])
      assert.strictEqual(
        failureReason(yield* run({ baseUrl: server.baseUrl }, cell("q"))),
        "model answer stream failed: the model stopped at its length limit (finish_reason: length); the answer is cut"
      )
      assert.strictEqual(
        failureReason(yield* run({ baseUrl: server.baseUrl }, cell("q"))),
        "model answer stream failed: the endpoint's content filter stopped the answer (finish_reason: content_filter)"
      )
      assert.match(failureReason(yield* run({ baseUrl: server.baseUrl }, cell("q"))), /finish_reason: length/)
    })
  )

  // Another API's stream (Anthropic's events, a proxy's own) that ends with `[DONE]` is not an empty answer.
  it.scopedLive("a stream ending with [DONE] but holding no choice fails", () =>
    Effect.gen(function* () {
      const server = yield* fakeOpenAi([
        status(
          200,
          [{ type: "message_start" }, { type: "content_block_delta", delta: { text: "England" } }, "[DONE]"]
            .map((event) => `data: ${typeof event === "string" ? event : json(event)}\n\n`)
            .join(""),
          { "content-type": "text/event-stream" }
        ),
        events([{ choices: [{ delta: {}, finish_reason: "stop" }] }])
      ])
      assert.strictEqual(
        failureReason(yield* run({ baseUrl: server.baseUrl }, cell("q"))),
        "model answer stream failed: the stream held no completion choices (is the base URL an OpenAI-compatible chat completions API?)"
      )
      // A choice that says nothing is the model's own (empty) answer, not a broken stream.
      assert.deepStrictEqual(Either.getOrThrow(yield* run({ baseUrl: server.baseUrl }, cell("q"))), [])
    })
  )
})
