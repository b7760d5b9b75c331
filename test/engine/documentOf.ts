import { assert, it } from "@effect/vitest"
import { Effect } from "effect"
import { collectChunks, type EngineDocument } from "../../src/service/engine/AnswerEngine.js"
import { makeExtractiveEngine } from "../../src/service/engine/ExtractiveEngine.js"
import { splitPassages } from "../../src/service/engine/extractive/Passages.js"
import { withoutRelated } from "../../src/service/engine/extractive/RelatedClauses.js"

/** A document made of pages of text, as the engine sees it after extraction. */
export const documentOf = (id: number, filename: string, pages: ReadonlyArray<string>): EngineDocument => ({
  id,
  filename,
  passages: splitPassages(id, pages)
})

/** A document id made from its text: the engine caches indexes by id and size, so test documents need their own. */
export const idOf = (text: string): number => {
  let hash = 0
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 2_147_483_647
  return hash
}

const engine = makeExtractiveEngine()

/** The whole answer of the extractive engine to a cell question over one document. */
export const answerOf = (query: string, document: EngineDocument) =>
  collectChunks(engine, { kind: "cell", query, documents: [document], history: [] }).pipe(
    Effect.map((chunks) => chunks.join(""))
  )

/** The answer the rules give, without the passages the clause model relates to it (`RelatedClauses`). */
export const rulesAnswerOf = (query: string, document: EngineDocument) =>
  answerOf(query, document).pipe(Effect.map(withoutRelated))

/** The short answer: the first paragraph of the answer. */
export const shortOf = (query: string, document: EngineDocument) =>
  answerOf(query, document).pipe(Effect.map((answer) => answer.split("\n\n")[0] ?? ""))

/** A one-page text document, its id made from its text. */
export const textDocument = (text: string): EngineDocument => documentOf(idOf(text), "document.txt", [text])

/** A question over a document, and the short answer (the answer's first paragraph) it must get. */
export interface ShortAnswerCase {
  readonly name: string
  readonly query: string
  readonly document: EngineDocument
  readonly short: string
}

/** One test per case: the short answer is exactly the one expected. */
export const itGivesShortAnswers = (cases: ReadonlyArray<ShortAnswerCase>): void => {
  for (const { name, query, document, short } of cases) {
    it.effect(name, () => Effect.map(shortOf(query, document), (answer) => assert.strictEqual(answer, short)))
  }
}

/** The whole answer of the extractive engine to a chat question over several documents, with no history. */
export const chatAnswerOf = (query: string, documents: ReadonlyArray<EngineDocument>) =>
  collectChunks(engine, { kind: "chat", query, documents, history: [] }).pipe(Effect.map((chunks) => chunks.join("")))
