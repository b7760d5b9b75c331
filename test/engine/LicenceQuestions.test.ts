import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answerOf, itGivesShortAnswers, type ShortAnswerCase, textDocument } from "./documentOf.js"

/** A UK-style licence: a non-exclusive grant, sub-licences allowed with conditions, no termination for convenience. */
const licence = textDocument(
  [
    "SOFTWARE LICENCE AGREEMENT",
    'This Software Licence Agreement is made on 15 July 2020 between Alpha Systems Ltd ("Licensor") and Beta Retail Ltd ("Licensee").',
    "2.1 Licensor grants to Licensee a non-exclusive, non-transferable licence to use the Software in the Territory.",
    "3.1 Licensee may grant sub-licences to its Affiliates without consent, and to other third parties with the prior written consent of Licensor.",
    "7.4 Neither Party may terminate this Agreement for convenience during the Initial Term."
  ].join("\n\n")
)

/** A licence that forbids sub-licensing outright. */
const closed = textDocument(
  "SOFTWARE LICENCE AGREEMENT\n\n2.1 Licensor grants to Licensee a licence to use the Software. Licensee may not sublicense any of its rights."
)

const cases: ReadonlyArray<ShortAnswerCase> = [
  {
    name: "a non-exclusive grant answers 'exclusive?' with a no",
    query: "Is the licence exclusive?",
    document: licence,
    short: "No."
  },
  { name: "tersely, the same", query: "Exclusivity?", document: licence, short: "No." },
  {
    name: "'Neither Party may terminate … for convenience' is no right to",
    query: "Can either party terminate for convenience?",
    document: licence,
    short: "No."
  },
  {
    name: "sub-licences the document allows, on its terms, asked in American spelling",
    query: "Can the licensee sublicense?",
    document: licence,
    short: "Yes, on the terms quoted."
  },
  {
    name: "sub-licensing forbidden is restricted",
    query: "Can the licensee sublicense?",
    document: closed,
    short: "No: the contract restricts it."
  }
]

describe("a new user's questions over a licence", () => {
  itGivesShortAnswers(cases)

  it.effect("the right to sub-license is quoted, not the licence's restriction on transfer", () =>
    Effect.map(answerOf("Can we sublicense to our affiliates?", licence), (answer) => {
      assert.include(answer, "3.1 Licensee may grant sub-licences to its Affiliates")
      assert.notInclude(answer, "non-transferable")
    })
  )
})
