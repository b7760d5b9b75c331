import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { itGivesShortAnswers, shortOf, textDocument } from "./documentOf.js"

const recital =
  "NOW, THEREFORE, in consideration of the mutual promises and the representations, warranties and covenants contained herein, the parties agree as follows."

const warranted = textDocument(
  `SUPPLY AGREEMENT\n\n${recital}\n\n6. Warranty. The Supplier warrants that the Products will be free from defects in materials and workmanship for twelve (12) months after delivery.`
)
const disclaimed = textDocument(
  `SOFTWARE LICENSE\n\n${recital}\n\n8. Disclaimer. THE SOFTWARE IS PROVIDED AS IS AND THE LICENSOR DISCLAIMS ALL WARRANTIES, EXPRESS OR IMPLIED.`
)
const doesNotWarrant = textDocument(
  `SERVICES AGREEMENT\n\n${recital}\n\n5. Service Levels. The Provider does not warrant that the Services will be uninterrupted or error free.`
)
const recitalOnly = textDocument(`CONSULTING AGREEMENT\n\n${recital}\n\n2. Fees. The Company shall pay $150 per hour.`)

describe("whether a contract gives a warranty", () => {
  it.effect("a party that warrants its products: yes, quoting the warranty", () =>
    Effect.map(shortOf("Is there a warranty?", warranted), (short) => assert.strictEqual(short, "Yes."))
  )

  itGivesShortAnswers([
    {
      name: "warranties disclaimed: no",
      query: "Is there a warranty?",
      document: disclaimed,
      short: "No."
    },
    {
      name: "'does not warrant that …': no",
      query: "Does the provider give any warranty?",
      document: doesNotWarrant,
      short: "No."
    },
    {
      name: "warranties only listed in the recital among the contract's parts: no clause",
      query: "Is there a warranty?",
      document: recitalOnly,
      short: "No clause found."
    },
    {
      name: "'Warranty period?' still asks for the period",
      query: "Warranty period?",
      document: warranted,
      short: "12 months"
    }
  ])
})
