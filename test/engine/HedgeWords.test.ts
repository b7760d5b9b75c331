import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { shortOf, textDocument } from "./documentOf.js"

/** An insurance clause with "similar products" and "in no event": the words of a non-compete, and none. */
const insuranceOnly = textDocument(
  "MANUFACTURING AGREEMENT\n\n9. Insurance. Each party shall maintain general liability insurance, including product liability insurance, in such amounts as it customarily maintains for similar products and activities, but in no event less than $1,000,000 per claim.\n\n" +
    "10. Governing Law. This Agreement is governed by the laws of England."
)

const nonCompete = textDocument(
  "DISTRIBUTION AGREEMENT\n\n7. Restrictions. During the Term the Distributor shall not sell similar products of any other manufacturer in the Territory.\n\n" +
    "8. Governing Law. This Agreement is governed by the laws of England."
)

describe("the words of a non-compete in another kind of clause", () => {
  it.effect(
    "an insurance clause for 'similar products', 'in no event less than' an amount, is no possible non-compete",
    () =>
      Effect.map(shortOf("Is there a non-compete?", insuranceOnly), (short) =>
        assert.strictEqual(short, "No clause found.")
      )
  )

  it.effect("a duty not to sell similar products is still found", () =>
    Effect.map(shortOf("Is there a non-compete?", nonCompete), (short) => assert.match(short, /^(?:Yes|Possibly)/))
  )
})

/** Definitions whose words are another kind's: freight and insurance in "Net Sales", revenue in "Competing Retailer". */
const definitions = textDocument(
  [
    "LICENSE AGREEMENT",
    '1.6 "Net Sales" means the gross amounts invoiced for the sale of Royalty-Bearing Products to Third Parties, less (a) trade discounts actually allowed, (b) credits for returns and (c) freight and insurance separately stated on the invoice.',
    '1.7 "Competing Retailer" means any retailer that derives more than forty percent (40%) of its annual revenue in the United States from sales in the Category.',
    '1.8 "Change of Control" means any transaction in which a person acquires more than fifty percent (50%) of the voting securities of Licensee.',
    "12. Governing Law. This Agreement is governed by the laws of Delaware."
  ].join("\n\n")
)

describe("a definition of another term is no clause of a kind", () => {
  it.effect("'freight and insurance' in the definition of Net Sales is no insurance clause", () =>
    Effect.map(shortOf("Is insurance required?", definitions), (short) => assert.strictEqual(short, "No clause found."))
  )

  it.effect("a retailer's share of its revenue in a definition is no revenue sharing", () =>
    Effect.map(shortOf("Is there revenue sharing?", definitions), (short) =>
      assert.strictEqual(short, "No clause found.")
    )
  )

  it.effect("a definition of the kind's own term is still read ('Change of Control' means …)", () =>
    Effect.map(shortOf("Change of control?", definitions), (short) => assert.match(short, /^(?:Yes|Possibly)/))
  )
})
