import { assert, describe, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import {
  type AnswerRequest,
  collectChunks,
  type EngineDocument,
  type HistoryTurn
} from "../../src/service/engine/AnswerEngine.js"
import { makeExtractiveEngine, noDocumentsAnswer } from "../../src/service/engine/ExtractiveEngine.js"
import { chunk } from "../../src/service/engine/extractive/AnswerText.js"
import { splitPassages } from "../../src/service/engine/extractive/Passages.js"
import { loadSample } from "./loadSample.js"

const documentOf = (id: number, filename: string, pages: ReadonlyArray<string>): EngineDocument => ({
  id,
  filename,
  passages: splitPassages(id, pages)
})

const lease = documentOf(1, "lease.txt", [
  `COMMERCIAL LEASE\n\nThis Lease is made on February 12, 2024 between Harborview Properties LLC, a Maine limited liability company ("Landlord"), and Quillfeather Books, Inc., a Maine corporation ("Tenant").\n\n1. TERM\n\nThe term of this Lease is five (5) years, commencing on April 1, 2024 and ending on March 31, 2029.`,
  `2. RENT\n\nTenant shall pay base rent of $4,800 per month on the first day of each calendar month.\n\n3. RENEWAL\n\nTenant has one option to renew this Lease for five (5) years by written notice given at least one hundred eighty (180) days before the end of the term.`,
  `4. GOVERNING LAW\n\nThis Lease shall be governed by the laws of the State of Maine.`
])

const nda = documentOf(2, "orchid-nda.docx", [
  `MUTUAL NON-DISCLOSURE AGREEMENT\n\nThis Agreement is made effective as of June 3, 2024 by and between Orchid Biosciences Ltd. ("Orchid") and Tessera Capital Partners LP ("Tessera").\n\n1. CONFIDENTIALITY\n\nThe obligations of confidentiality survive for three (3) years after each disclosure.\n\n2. GOVERNING LAW\n\nThis Agreement is governed by the laws of the State of California.`
])

const request = (
  query: string,
  documents: ReadonlyArray<EngineDocument>,
  history: ReadonlyArray<HistoryTurn> = [],
  kind: AnswerRequest["kind"] = "cell"
): AnswerRequest => ({ kind, query, documents, history })

const engine = makeExtractiveEngine()
const chunksOf = (req: AnswerRequest) => collectChunks(engine, req)
const answerOf = (req: AnswerRequest) => chunksOf(req).pipe(Effect.map((chunks) => chunks.join("")))

describe("makeExtractiveEngine", () => {
  it("is called extractive", () => {
    assert.strictEqual(makeExtractiveEngine().name, "extractive")
  })

  it.effect("answers with the short answer, then the quote and its page", () =>
    Effect.gen(function* () {
      const answer = yield* answerOf(request("When does the lease term end?", [lease]))
      assert.strictEqual(
        answer,
        'March 31, 2029\n\n"The term of this Lease is five (5) years, commencing on April 1, 2024 and ending on March 31, 2029." (p. 1)'
      )
    })
  )

  it.effect("answers each kind of question from the right clause", () =>
    Effect.gen(function* () {
      const cases: ReadonlyArray<readonly [string, string]> = [
        ["What is the monthly base rent?", "$4,800 per month"],
        ["How much notice is needed to renew?", "180 days"],
        ["Which state's law governs the lease?", "Maine"],
        ["Who is the tenant?", "Quillfeather Books, Inc."],
        ["When does the lease commence?", "April 1, 2024"],
        ["Who are the parties?", "Harborview Properties LLC (Landlord) and Quillfeather Books, Inc. (Tenant)"]
      ]
      for (const [question, short] of cases) {
        const answer = yield* answerOf(request(question, [lease]))
        assert.strictEqual(answer.split("\n\n")[0], short, question)
      }
    })
  )

  it.effect("says Yes with the clause, or No clause found when nothing relevant ranks", () =>
    Effect.gen(function* () {
      const yes = yield* answerOf(request("Does the tenant have an option to renew?", [lease]))
      assert.match(yes, /^Yes\.\n\n"Tenant has one option to renew this Lease.*" \(p\. 2\)$/s)
      const no = yield* answerOf(request("Is there a non-compete clause?", [lease]))
      assert.strictEqual(no, "No clause found.")
      const escrow = yield* answerOf(request("Is there a source code escrow?", [lease]))
      assert.strictEqual(escrow, "No clause found.")
    })
  )

  it.effect("says so when a question finds nothing relevant", () =>
    Effect.gen(function* () {
      const answer = yield* answerOf(request("What is the airspeed velocity of an unladen swallow?", [lease]))
      assert.strictEqual(answer, "Not found in the document.")
      const empty = yield* answerOf(request("What is the effective date?", [documentOf(9, "empty.txt", [""])]))
      assert.strictEqual(empty, "Not found in the document.")
    })
  )

  it.effect("ranks across several documents in a chat and names each quote's document", () =>
    Effect.gen(function* () {
      const answer = yield* answerOf(request("Which law governs each agreement?", [lease, nda], [], "chat"))
      assert.include(answer, "— lease.txt, p. 3")
      assert.include(answer, "— orchid-nda.docx, p. 1")
      assert.include(answer, "Maine")
      assert.include(answer, "California")
      const single = yield* answerOf(
        request("How long do confidentiality obligations survive?", [lease, nda], [], "chat")
      )
      assert.match(single, /^3 years\n\n".*" — orchid-nda\.docx, p\. 1/)
    })
  )

  it.effect("uses the chat history for a follow-up that refers back", () =>
    Effect.gen(function* () {
      const documents = [lease, nda]
      const first = yield* answerOf(request("Who is the landlord?", documents, [], "chat"))
      assert.strictEqual(first.split("\n\n")[0], "Harborview Properties LLC")
      const history = [{ query: "Who is the landlord?", response: first }]
      const other = yield* answerOf(request("what about the other party?", documents, history, "chat"))
      assert.strictEqual(other.split("\n\n")[0], "Quillfeather Books, Inc.")
      const end = yield* answerOf(
        request(
          "and when does it end?",
          documents,
          [...history, { query: "what about the other party?", response: other }],
          "chat"
        )
      )
      assert.strictEqual(end.split("\n\n")[0], "March 31, 2029")
      assert.include(end, "— lease.txt")
    })
  )

  it.effect("ignores history for table cells", () =>
    Effect.gen(function* () {
      const history = [{ query: "Who is the landlord?", response: "Harborview Properties LLC" }]
      const withHistory = yield* answerOf(request("what about the other party?", [lease], history, "cell"))
      const without = yield* answerOf(request("what about the other party?", [lease], [], "cell"))
      assert.strictEqual(withHistory, without)
    })
  )

  it.effect("streams the answer in 3 to 6 chunks that add up to the whole answer", () =>
    Effect.gen(function* () {
      for (const question of [
        "When does the lease term end?",
        "Is there a non-compete clause?",
        "Who is the landlord?"
      ]) {
        const chunks = yield* chunksOf(request(question, [lease]))
        assert.isAtLeast(chunks.length, 3, question)
        assert.isAtMost(chunks.length, 6, question)
        for (const piece of chunks) assert.isAbove(piece.length, 0)
      }
      const long = "word ".repeat(400)
      assert.strictEqual(chunk(long).length, 6)
      assert.strictEqual(chunk(long).join(""), long)
      assert.deepStrictEqual(chunk("No clause found."), ["No ", "clause ", "found."])
    })
  )

  it.effect("is deterministic: same input, same chunks, across calls and engines", () =>
    Effect.gen(function* () {
      const sample = yield* loadSample("northwind-halcyon-msa.pdf", 1)
      const questions = ["What is the effective date?", "Is there a non-solicitation clause?", "Who is the client?"]
      for (const question of questions) {
        const req = request(question, [sample, lease], [], "chat")
        const once = yield* chunksOf(req)
        const twice = yield* chunksOf(req)
        const fresh = yield* collectChunks(makeExtractiveEngine(), req)
        assert.deepStrictEqual(once, twice)
        assert.deepStrictEqual(once, fresh)
      }
    })
  )

  it.effect("a cell without its document fails with EngineFailure; a chat over no documents says it has none", () =>
    Effect.gen(function* () {
      const result = yield* Effect.either(answerOf(request("What is the effective date?", [])))
      assert.isTrue(Either.isLeft(result))
      if (Either.isLeft(result)) assert.strictEqual(result.left._tag, "EngineFailure")
      const chat = yield* answerOf(request("What is the effective date?", [], [], "chat"))
      assert.strictEqual(chat, noDocumentsAnswer)
    })
  )
})
