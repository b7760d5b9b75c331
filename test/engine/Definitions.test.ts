import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answerOf, shortOf, textDocument } from "./documentOf.js"

/** A group defined in a parenthesis that names it again before it closes; a person, then the group, then a role. */
const cooperation = textDocument(
  'COOPERATION AGREEMENT\n\nThis Cooperation Agreement (this "Agreement") dated March 3, 2021, is by and among the persons and entities listed on Schedule A (collectively, the "Investor Group", and individually a "member" of the Investor Group), Harbor Lane Holdings, Inc. (the "Company") and Maria T. Lopez, in her individual capacity and as a member of the Investor Group (the "Investor Designee").\n\n1. Board. The Company shall appoint the Investor Designee to its Board.'
)

describe("who each defined role is", () => {
  it.effect(
    "a role's party is read after the parenthesis of the definition before it, the first name that follows",
    () =>
      Effect.map(shortOf("Who are the parties?", cooperation), (short) => {
        assert.include(short, "Harbor Lane Holdings, Inc. (Company)")
        assert.include(short, "Maria T. Lopez (Investor Designee)")
        assert.notInclude(short, "Investor Group (Company)")
      })
  )

  it.effect("a group given by a list elsewhere is named as the list, not as the schedule ('Schedule A')", () =>
    Effect.map(shortOf("Who are the parties?", cooperation), (short) => {
      assert.include(short, "the persons and entities listed on Schedule A (Investor Group)")
      assert.notMatch(short, /(?:^|, )Schedule A \(/)
    })
  )
})

/** A cover sheet gives the territory as a label; the body only uses the word. */
const coverSheet = textDocument(
  "RESELLER AGREEMENT\n\nTerritory: Canada and Mexico, retail customers only. Agreement Term: 2 Years\n\n" +
    "1. Appointment. The Company develops the Products and desires that the Reseller promote and solicit orders for the Products in the Territory. " +
    "The Reseller shall have the right to solicit orders for the Products within the Territory."
)

describe("a term given its value as a label", () => {
  it.effect(
    "'What is the territory?' quotes the cover sheet's 'Territory:' line, not a sentence that uses the word",
    () =>
      Effect.map(answerOf("What is the territory?", coverSheet), (answer) =>
        assert.include(answer, "Territory: Canada and Mexico")
      )
  )
})
