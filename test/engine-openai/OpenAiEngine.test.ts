import { assert, describe, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import type { AnswerRequest, EngineDocument } from "../../src/service/engine/AnswerEngine.js"
import { fakeOpenAi, streamed } from "./FakeOpenAi.js"
import { cell, contract, key, messagesOf, run } from "./Harness.js"

describe("OpenAiEngine", () => {
  it.scopedLive("streams the deltas in order, coalesced, and sends model, labelled context and history", () =>
    Effect.gen(function* () {
      const deltas = Array.from({ length: 40 }, (_, i) => `part ${String(i).padStart(2, "0")} of the answer; `)
      const server = yield* fakeOpenAi([streamed(deltas)])
      const request: AnswerRequest = {
        kind: "chat",
        query: "Which law governs?",
        documents: [contract],
        history: [{ query: "Who are the parties?", response: "Acme Ltd and Beta GmbH (p. 1)" }]
      }
      const chunks = Either.getOrThrow(yield* run({ baseUrl: server.baseUrl }, request))
      assert.strictEqual(chunks.join(""), deltas.join(""))
      assert.isAtLeast(chunks.length, 2)
      assert.isBelow(chunks.length, deltas.length)
      for (const chunk of chunks.slice(0, -1)) assert.isAtLeast(chunk.length, 200)

      assert.strictEqual(server.received.length, 1)
      const sent = server.received[0]
      assert.strictEqual(sent?.url, "/v1/chat/completions")
      assert.strictEqual(sent?.headers.authorization, `Bearer ${key}`)
      const body = sent?.body as { model: string; stream: boolean }
      assert.strictEqual(body.model, "test-model")
      assert.strictEqual(body.stream, true)
      const messages = messagesOf(sent?.body)
      assert.deepStrictEqual(
        messages.map((message) => message.role),
        ["system", "user", "assistant", "user"]
      )
      const system = messages[0]?.content ?? ""
      assert.include(system, "No clause found")
      assert.include(system, "[lease.pdf, p. 4]\nGoverning law: this agreement is governed by the laws of England.")
      assert.include(system, "[lease.pdf, p. 9]")
      assert.strictEqual(messages[1]?.content, "Who are the parties?")
      assert.strictEqual(messages[2]?.content, "Acme Ltd and Beta GmbH (p. 1)")
      assert.strictEqual(messages[3]?.content, "Which law governs?")
    })
  )

  it.scopedLive("keeps the context within the token budget and prefers the passages matching the query", () =>
    Effect.gen(function* () {
      const filler = "Boilerplate recital about the background of the parties and definitions. ".repeat(40)
      const huge: EngineDocument = {
        id: 9,
        filename: "huge.pdf",
        passages: [
          ...Array.from({ length: 300 }, (_, i) => ({ documentId: 9, page: i + 1, index: i, text: filler })),
          { documentId: 9, page: 301, index: 300, text: "Indemnity is capped at twice the annual fees." },
          { documentId: 9, page: 302, index: 301, text: "x".repeat(200_000) }
        ]
      }
      const server = yield* fakeOpenAi([streamed(["ok"])])
      yield* run({ baseUrl: server.baseUrl, contextTokens: 1000 }, cell("What is the indemnity cap?", [huge]))
      const system = messagesOf(server.received[0]?.body)[0]?.content ?? ""
      const context = system.slice(system.indexOf("Context:"))
      assert.isAtMost(context.length, 1000 * 4 + 100)
      assert.isAbove(context.length, 1000 * 4 * 0.5)
      assert.include(context, "[huge.pdf, p. 301]\nIndemnity is capped at twice the annual fees.")

      // A single passage larger than the whole budget is cut, not sent whole.
      const server2 = yield* fakeOpenAi([streamed(["ok"])])
      const giant: EngineDocument = {
        id: 1,
        filename: "g.pdf",
        passages: [{ documentId: 1, page: 302, index: 0, text: "x".repeat(200_000) }]
      }
      yield* run({ baseUrl: server2.baseUrl, contextTokens: 500 }, cell("anything", [giant]))
      const system2 = messagesOf(server2.received[0]?.body)[0]?.content ?? ""
      assert.isAtMost(system2.slice(system2.indexOf("Context:")).length, 500 * 4 + 100)
      assert.include(system2, "[g.pdf, p. 302]\nxxx")
    })
  )

  // A passage cut to fit the budget is labelled with the pages its kept text stands on, not the whole passage's.
  it.scopedLive("a passage cut to the budget cites only the pages of the text that was kept", () =>
    Effect.gen(function* () {
      const text = `${"a".repeat(1999)} ${"b".repeat(1999)} ${"c".repeat(1999)}`
      const long: EngineDocument = {
        id: 3,
        filename: "long.pdf",
        passages: [
          {
            documentId: 3,
            page: 3,
            index: 0,
            text,
            pageStarts: [
              [2000, 4],
              [4000, 5]
            ]
          }
        ]
      }
      const server = yield* fakeOpenAi([streamed(["ok"])])
      yield* run({ baseUrl: server.baseUrl, contextTokens: 300 }, cell("anything", [long]))
      const system = messagesOf(server.received[0]?.body)[0]?.content ?? ""
      assert.include(system, "[long.pdf, p. 3]\naaa")
      assert.notInclude(system, "pp. 3")

      const server2 = yield* fakeOpenAi([streamed(["ok"])])
      yield* run({ baseUrl: server2.baseUrl, contextTokens: 700 }, cell("anything", [long]))
      const system2 = messagesOf(server2.received[0]?.body)[0]?.content ?? ""
      assert.include(system2, "[long.pdf, pp. 3–4]\naaa")
      assert.notInclude(system2, "ccc")
    })
  )

  // A long session must not outgrow the model's context: the latest turns go, in order, within their own budget.
  it.scopedLive("sends only the latest chat turns that fit the history budget, oldest first", () =>
    Effect.gen(function* () {
      const history = Array.from({ length: 300 }, (_, i) => ({
        query: `question ${i}`,
        response: `answer ${i} ${"words of an earlier answer ".repeat(15)}`
      }))
      const server = yield* fakeOpenAi([streamed(["ok"])])
      const request: AnswerRequest = { kind: "chat", query: "And now?", documents: [contract], history }
      yield* run({ baseUrl: server.baseUrl, historyTokens: 1000 }, request)
      const messages = messagesOf(server.received[0]?.body)
      const turns = messages.slice(1, -1)
      assert.isAbove(turns.length, 4)
      assert.isAtMost(turns.map((message) => message.content).join("").length, 1000 * 4)
      assert.strictEqual(turns.at(-2)?.content, "question 299")
      assert.match(turns.at(-1)?.content ?? "", /^answer 299 /)
      assert.deepStrictEqual(
        turns.map((message) => message.role),
        turns.map((_, i) => (i % 2 === 0 ? "user" : "assistant"))
      )
      assert.strictEqual(messages.at(-1)?.content, "And now?")

      // One earlier answer larger than the whole budget is cut, not sent whole and not dropped.
      const server2 = yield* fakeOpenAi([streamed(["ok"])])
      const summary = [{ query: "Summarise", response: "y".repeat(100_000) }]
      yield* run({ baseUrl: server2.baseUrl, historyTokens: 1000 }, { ...request, history: summary })
      const sent = messagesOf(server2.received[0]?.body)
      assert.strictEqual(sent.length, 4)
      assert.strictEqual(sent[1]?.content, "Summarise")
      assert.isAtMost(sent[2]?.content.length ?? 0, 1000 * 4)
      assert.isAbove(sent[2]?.content.length ?? 0, 1000)
    })
  )
})
