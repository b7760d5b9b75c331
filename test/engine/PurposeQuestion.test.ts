import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { purposeQuestion } from "../../src/service/engine/extractive/Purpose.js"
import { answerOf, chatAnswerOf, documentOf, idOf, textDocument } from "./documentOf.js"

/** Recitals, and clauses that say "purpose" about something else, which a search for the word would quote. */
const resellerText = [
  'This Reseller Agreement (the "Agreement") is made as of May 2, 2021 by and between Lantern Devices, Inc. ("Company") and Ferrous Systems LLC ("Reseller").',
  "WHEREAS, Company designs and manufactures wireless inventory scanners; and",
  "WHEREAS, Reseller sells warehouse equipment to retailers in the Midwest; and",
  "WHEREAS, Company desires to appoint Reseller as a reseller of its scanners, and Reseller desires to accept that appointment, on the terms below.",
  "NOW, THEREFORE, in consideration of the mutual covenants herein, the parties agree as follows:",
  "1. Reseller shall attend the Company's annual meeting for quorum purposes.",
  "2. Except as modified hereby, the prior agreements are ratified and confirmed for all purposes.",
  "3. Reseller shall pay each invoice within thirty (30) days of its date."
].join("\n\n")
const withRecitals = textDocument(resellerText)

/** A document that says its purpose in a clause of its own, well after the start. */
const developmentText = [
  'This Development Agreement (the "Agreement") is made as of January 4, 2019 by and between Sunfield Grill Corp. ("Franchisor") and Castle Foods LLC ("Developer").',
  "1. Developer shall open four restaurants in the Development Area.",
  "2. Each restaurant shall be opened according to the Development Schedule.",
  "3. The purpose of this Agreement is to promote orderly growth of the Sunfield Grill system in the Development Area.",
  "4. Developer shall use the restaurants for no purpose other than the operation of a Sunfield Grill restaurant."
].join("\n\n")
const statedLater = textDocument(developmentText)

/** A purpose defined as a term, under a heading. */
const definedPurpose = textDocument(
  [
    'This Mutual Non-Disclosure Agreement (this "Agreement") is made on June 3, 2024 by and between Aster Labs Ltd. ("Aster") and Ridge Capital LP ("Ridge").',
    "Purpose",
    'The parties wish to evaluate a possible equity investment by Ridge in Aster (the "Purpose").',
    "The Receiving Party shall use the Confidential Information solely for the Purpose."
  ].join("\n\n")
)

/** No recital and no stated purpose: what the document is about is its summary. */
const plainTerms = textDocument(
  [
    'This Services Agreement (the "Agreement") is made on March 1, 2024 by and between Northgate Data, Inc. ("Provider") and Willow Retail LLC ("Client").',
    "1. Provider shall host and support the Client's order management software.",
    "2. Client shall pay Provider a monthly fee of $4,000 for the hosting and support services.",
    "3. Either party may terminate this Agreement on ninety (90) days' written notice."
  ].join("\n\n")
)

const quotesOf = (answer: string) => answer.split("\n\n")

describe("questions about a document's purpose", () => {
  it("are told from questions about the purpose of one of its clauses or terms", () => {
    for (const question of [
      "What is the purpose of the agreement?",
      "What's the purpose of this contract?",
      "Why was this agreement signed?",
      "What is the NDA for?",
      "What is the main objective of this license agreement?"
    ]) {
      assert.match(question, purposeQuestion, question)
    }
    for (const question of [
      "What is the purpose of the audit right?",
      "For what purpose may the Confidential Information be used?",
      "Why may the agreement be terminated?",
      "What is the fee for?"
    ]) {
      assert.notMatch(question, purposeQuestion, question)
    }
  })

  it.effect("are answered by the recitals, the one saying what the parties want first, not by 'for all purposes'", () =>
    Effect.gen(function* () {
      for (const question of ["What is the purpose of the agreement?", "Why was this contract signed?"]) {
        const quotes = quotesOf(yield* answerOf(question, withRecitals))
        assert.strictEqual(quotes.length, 3, question)
        assert.match(quotes[2] ?? "", /^"WHEREAS, Company desires to appoint Reseller/, question)
        const answer = quotes.join("\n\n")
        for (const unwanted of ["quorum purposes", "all purposes", "NOW, THEREFORE"])
          assert.notInclude(answer, unwanted)
      }
      const one = yield* answerOf("In one sentence, what is the purpose of the agreement?", withRecitals)
      assert.match(one, /^"WHEREAS, Company desires to appoint Reseller/)
    })
  )

  it.effect("are answered by the sentence stating the purpose, wherever it stands", () =>
    Effect.gen(function* () {
      const answer = yield* answerOf("What is the purpose of this agreement?", statedLater)
      assert.match(answer, /^"3\. The purpose of this Agreement is to promote orderly growth/)
      assert.notInclude(answer, "no purpose other than")
      const defined = yield* answerOf("What is the agreement for?", definedPurpose)
      assert.match(defined, /^"The parties wish to evaluate a possible equity investment/)
    })
  )

  it.effect("are answered with a summary where the document states no purpose, never 'not found'", () =>
    Effect.gen(function* () {
      const answer = yield* answerOf("What is the purpose of the agreement?", plainTerms)
      assert.match(answer, /^"This Services Agreement \(the "Agreement"\) is made on March 1, 2024/)
      assert.notMatch(answer, /not found/i)
    })
  )

  it.effect("over several documents, name each", () =>
    Effect.gen(function* () {
      const named = (text: string, filename: string) => documentOf(idOf(filename + text), filename, [text])
      const answer = yield* chatAnswerOf("What is the purpose of each agreement?", [
        named(resellerText, "reseller.txt"),
        named(developmentText, "development.txt")
      ])
      assert.match(answer, /^reseller\.txt:\n\n"WHEREAS/)
      assert.match(answer, /development\.txt:\n\n"3\. The purpose of this Agreement/)
    })
  )
})
