import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answerOf, shortOf, textDocument } from "./documentOf.js"

/** A late-payment rate of 1.5% beside a cap measured in fees: ranking by amounts quoted the rate. */
const reseller = textDocument(
  "RESELLER AGREEMENT\n\n3.3 Late Fees. The Company may charge interest of one and one-half percent (1.5%) per month on fees not paid by their due date, up to the maximum amount allowed by law.\n\n9. Limitation of Liability. Each party's aggregate liability under this Agreement shall not exceed the fees paid by the Reseller in the twelve (12) months preceding the claim."
)
const supply = textDocument(
  "SUPPLY AGREEMENT\n\n8.1 The Supplier's total liability under this Agreement in any contract year is limited to EUR 2,000,000, except for liability for death or personal injury caused by negligence."
)
const noCap = textDocument(
  "MAINTENANCE AGREEMENT\n\n4. Fees. Fees may rise by no more than 5% a year, at least sixty (60) days in advance.\n\n7. Governing Law. This Agreement is governed by the laws of Georgia."
)
/** "Person" defined with an "unlimited liability company" among the kinds of entity; no cap anywhere. */
const personDefined = textDocument(
  'COOPERATION AGREEMENT\n\n1. Definitions. The term "person" shall mean any individual, corporation, general or limited partnership, limited liability or unlimited liability company, joint venture, estate, trust or other entity.\n\n2. Governing Law. This Agreement is governed by the laws of the State of Delaware.'
)

/** Damages excluded, "including, but not limited to, loss of profits": a limitation with no amount, not a cap. */
const excludedOnly = textDocument(
  "CONTENT LICENSE AGREEMENT\n\n16. NEITHER PARTY SHALL BE LIABLE TO THE OTHER FOR ANY INCIDENTAL, CONSEQUENTIAL, SPECIAL OR PUNITIVE DAMAGES ARISING OUT OF THIS AGREEMENT (INCLUDING, BUT NOT LIMITED TO, LOSS OF PROFITS), WHETHER IN AN ACTION OR ARISING OUT OF BREACH OF CONTRACT OR TORT.\n\n17. Governing Law. This Agreement is governed by the laws of the State of New York."
)

describe("the cap on liability asked for as an amount", () => {
  it.effect("quotes the cap the yes/no wording quotes, not a late-payment rate", () =>
    Effect.gen(function* () {
      const asAmount = yield* answerOf("What is the cap on liability?", reseller)
      const asYesNo = yield* answerOf("Is there a cap on liability?", reseller)
      assert.notMatch(asAmount, /^1\.5%/)
      assert.include(asAmount, "shall not exceed the fees paid by the Reseller in the twelve (12) months")
      const quoteOf = (answer: string) => answer.split("\n\n").find((part) => part.startsWith('"'))
      assert.strictEqual(quoteOf(asAmount), quoteOf(asYesNo))
    })
  )

  it.effect("an amount in the cap's own sentence", () =>
    Effect.map(shortOf("What is the maximum liability of the supplier?", supply), (answer) =>
      assert.strictEqual(answer, "EUR 2,000,000")
    )
  )

  it.effect("no cap: no percentage from another clause", () =>
    Effect.map(shortOf("What is the cap on liability?", noCap), (answer) => assert.notMatch(answer, /^5%/))
  )

  it.effect("an 'unlimited liability company' among the kinds of person is no sign that liability is unlimited", () =>
    Effect.map(shortOf("Is there a cap on liability?", personDefined), (answer) =>
      assert.strictEqual(answer, "No clause found.")
    )
  )

  it.effect("'including, but not limited to, loss of profits' is no cap 'limited to' what follows", () =>
    Effect.map(shortOf("Is there a cap on liability?", excludedOnly), (answer) =>
      assert.strictEqual(answer, "Yes — indirect and consequential damages excluded, no amount stated")
    )
  )
})
