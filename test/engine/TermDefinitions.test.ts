import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answerOf, textDocument } from "./documentOf.js"

/** A defined term, used far more often than it is defined. */
const reseller = textDocument(
  [
    "RESELLER AGREEMENT",
    'This Reseller Agreement is made between Veridian Systems, Inc. ("Veridian") and Lone Star Partners LLC ("Partner").',
    'Section 1.02 "Territory" means the States of Texas, Louisiana, Oklahoma and New Mexico.',
    "Section 2.01 Veridian appoints Partner as a reseller of the Licensed Products in the Territory.",
    "Section 2.03 Partner shall not actively solicit customers for the Licensed Products outside the Territory, and shall refer to Veridian any inquiries received from prospective customers outside the Territory."
  ].join("\n\n")
)

describe("what a defined term is", () => {
  it.effect("is answered by its definition, not by a sentence that only uses it", () =>
    Effect.gen(function* () {
      for (const question of ["What is the territory?", "What territory is covered?", "Territory?"]) {
        const answer = yield* answerOf(question, reseller)
        assert.match(answer, /^"Section 1\.02 "Territory" means the States of Texas/, question)
      }
    })
  )
})
