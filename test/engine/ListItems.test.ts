import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answerOf, rulesAnswerOf, textDocument } from "./documentOf.js"

/** Covenants stated as the items of one lead-in: no item says "shall not" itself. */
const covenants = textDocument(
  [
    "CONSULTING AGREEMENT",
    'This Agreement is made between Acme Inc. ("Company") and Jane Roe ("Consultant").',
    "7. Restrictive Covenants. During the Term and for one (1) year thereafter, Consultant shall not, directly or indirectly:\n(a) solicit any customer of the Company for the purpose of selling competing products;\n(b) hire or solicit any employee of the Company; or\n(c) make any disparaging statement about the Company.",
    "8. Services. Consultant shall (a) attend meetings, (b) solicit feedback from customers of the Company, and (c) report monthly."
  ].join("\n\n")
)

describe("a kind of clause stated as an item of a list", () => {
  it.effect("is read with the lead-in it completes, and the item quoted", () =>
    Effect.gen(function* () {
      const customers = yield* answerOf("Is there a non-solicitation of customers clause?", covenants)
      assert.match(customers, /^Yes\./)
      assert.include(customers, "(a) solicit any customer of the Company")
      const employees = yield* answerOf("No-solicit of employees?", covenants)
      assert.match(employees, /^Yes\./)
      assert.include(employees, "(b) hire or solicit any employee of the Company")
    })
  )

  it.effect("an item under a lead-in that restricts nothing is no restriction", () =>
    Effect.map(rulesAnswerOf("Is there a non-solicitation of customers clause?", covenants), (answer) =>
      assert.notInclude(answer, "solicit feedback")
    )
  )
})
