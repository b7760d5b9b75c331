import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answerOf, itGivesShortAnswers, type ShortAnswerCase, textDocument } from "./documentOf.js"

/** A consulting agreement whose parties are named by their roles alone after the preamble. */
const consulting = textDocument(
  [
    "CONSULTING SERVICES AGREEMENT",
    'This Consulting Services Agreement is entered into as of January 12, 2023 by and between Harbor Analytics Corp., a California corporation ("Company"), and Maria Lopez, an individual residing in Oakland, California ("Consultant").',
    "1. Services. Consultant shall determine the method, details and means of performing the Services.",
    "2. Compensation. Consultant shall submit invoices monthly, and Company shall pay each undisputed invoice within thirty (30) days after receipt. Company shall reimburse Consultant for reasonable pre-approved travel expenses.",
    "3. Term. Either party may terminate this Agreement upon fifteen (15) days' prior written notice.",
    "4. Independent Contractor. Consultant is an independent contractor and not an employee of Company. Consultant shall be responsible for all taxes on amounts paid under this Agreement.",
    "5. Governing Law. This Agreement shall be governed by the laws of the State of California."
  ].join("\n\n")
)

const cases: ReadonlyArray<ShortAnswerCase> = [
  {
    name: "a party named by its role alone is the answer, with its name",
    query: "Who pays taxes?",
    document: consulting,
    short: "Maria Lopez (Consultant)"
  },
  {
    name: "the party that acts is the clause's subject, not the nearest role",
    query: "Who pays the travel expenses?",
    document: consulting,
    short: "Harbor Analytics Corp. (Company)"
  },
  {
    name: "of two clauses in one sentence, the subject of the one asked about",
    query: "Who pays invoices?",
    document: consulting,
    short: "Harbor Analytics Corp. (Company)"
  },
  {
    name: "a sentence that holds the question's words only with the one before it is no yes",
    query: "Is the consultant an employee?",
    document: consulting,
    short: "No."
  }
]

describe("a new user's questions over a consulting agreement", () => {
  itGivesShortAnswers(cases)

  it.effect("a denial is quoted from its own sentence", () =>
    Effect.map(answerOf("Is the consultant an employee?", consulting), (answer) =>
      assert.include(answer, '"Consultant is an independent contractor and not an employee of Company." (p. 1)')
    )
  )

  it.effect("a short sentence that states something is quoted whole, without the next section's heading", () =>
    Effect.map(answerOf("Are expenses reimbursed?", consulting), (answer) => {
      assert.include(answer, '"Company shall reimburse Consultant for reasonable pre-approved travel expenses." (p. 1)')
      assert.notInclude(answer, "3. Term")
    })
  )
})
