import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answerOf, textDocument } from "./documentOf.js"

/** No insurance anywhere; "policies" is a word insurance questions are read with. */
const noInsurance = textDocument(
  "CONSULTING AGREEMENT\n\n4. Conduct. The Consultant shall comply with all policies, procedures and codes of conduct of the Company that apply to its personnel.\n\n" +
    "5. Fees. The Company shall pay the Consultant $200 per hour."
)

/** Insurance stated only with the verb. */
const insuredShipment = textDocument(
  "SUPPLY AGREEMENT\n\n3. Delivery. Upon acceptance of a purchase order, the Supplier shall package, crate and insure the Products for shipment to the Buyer's warehouse.\n\n" +
    "4. Price. The Buyer shall pay the prices in Schedule A."
)

const insured = textDocument(
  "SERVICES AGREEMENT\n\n9. Insurance. The Provider shall maintain commercial general liability insurance of at least $1,000,000 per occurrence.\n\n" +
    "10. Notices. Notices shall be in writing."
)

describe("a question for what a kind of clause says, over a document without one", () => {
  it.effect("'What insurance is required?' finds none, rather than quoting a sentence about policies", () =>
    Effect.map(answerOf("What insurance is required?", noInsurance), (answer) =>
      assert.strictEqual(answer, "Not found in the document.")
    )
  )

  it.effect("insurance stated with the verb ('package, crate and insure the Products') is quoted", () =>
    Effect.map(answerOf("What insurance is required?", insuredShipment), (answer) =>
      assert.include(answer, "package, crate and insure the Products")
    )
  )

  it.effect("an insurance clause is quoted", () =>
    Effect.map(answerOf("What insurance is required?", insured), (answer) =>
      assert.include(answer, "commercial general liability insurance of at least $1,000,000")
    )
  )
})
