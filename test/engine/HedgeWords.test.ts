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
