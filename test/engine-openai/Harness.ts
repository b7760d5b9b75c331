import { NodeHttpClient } from "@effect/platform-node"
import { assert } from "@effect/vitest"
import { Effect, Either, Redacted } from "effect"
import { type AnswerRequest, collectChunks, type EngineDocument } from "../../src/service/engine/AnswerEngine.js"
import { makeOpenAiEngine, type OpenAiEngineSettings } from "../../src/service/engine/OpenAiEngine.js"

export const key = "sk-test-SECRET-4242"

export const contract: EngineDocument = {
  id: 7,
  filename: "lease.pdf",
  passages: [
    { documentId: 7, page: 1, index: 0, text: "This lease is made between Acme Ltd and Beta GmbH." },
    { documentId: 7, page: 4, index: 1, text: "Governing law: this agreement is governed by the laws of England." },
    { documentId: 7, page: 9, index: 2, text: "Either party may terminate with ninety days written notice." }
  ]
}

export const cell = (query: string, documents: ReadonlyArray<EngineDocument> = [contract]): AnswerRequest => ({
  kind: "cell",
  query,
  documents,
  history: []
})

export type Message = { role: string; content: string }
export const messagesOf = (body: unknown): ReadonlyArray<Message> =>
  (body as { messages: ReadonlyArray<Message> }).messages

/** Runs answers one after another through one fresh engine over real HTTP; each one's chunks, or its failure. */
export const runEach = (
  settings: Partial<OpenAiEngineSettings> & { baseUrl: string },
  requests: ReadonlyArray<AnswerRequest>
) =>
  Effect.gen(function* () {
    const engine = yield* makeOpenAiEngine({ model: "test-model", apiKey: Redacted.make(key), ...settings })
    assert.strictEqual(engine.name, "openai")
    return yield* Effect.forEach(requests, (request) => Effect.either(collectChunks(engine, request)))
  }).pipe(Effect.provide(NodeHttpClient.layer))

/** Runs one answer through a fresh engine over real HTTP; the whole answer's chunks, or the failure. */
export const run = (settings: Partial<OpenAiEngineSettings> & { baseUrl: string }, request: AnswerRequest) =>
  Effect.map(runEach(settings, [request]), (results) => results[0] ?? assert.fail("no result"))

export const failureReason = (result: Either.Either<ReadonlyArray<string>, { reason: string }>) =>
  Either.match(result, { onLeft: (failure) => failure.reason, onRight: () => assert.fail("expected a failure") })
