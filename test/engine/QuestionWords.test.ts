import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { terms } from "../../src/service/engine/extractive/Terms.js"
import { itGivesShortAnswers, shortOf, textDocument } from "./documentOf.js"

/** A cooperation agreement with no payment terms: its only period is when a director resigns after a breach. */
const noPaymentTerms = textDocument(
  "COOPERATION AGREEMENT\n\n" +
    "10. Expenses. Each party shall bear its own expenses, and all fees incurred in connection with this Agreement will be paid by the party incurring them. " +
    "The Company shall appoint the Designee to its Board at its next meeting. " +
    "The Designee shall resign from the Board on the date that is ten (10) days following any material breach of this Agreement by the Investor Group.\n\n" +
    "11. Governing Law. This Agreement is governed by the laws of the State of Delaware."
)

/** Payment terms under a heading: the sentence with the period names no payment itself. */
const paymentUnderHeading = textDocument(
  "SUPPLY AGREEMENT\n\n7. Payment.\n\nThe Buyer shall remit each amount invoiced within forty-five (45) days of receipt.\n\n" +
    "8. Cure. A party in breach has thirty (30) days to cure it after notice."
)

/** A reseller agreement whose termination clause says "due to" (because of) beside a cure period. */
const causalDue = textDocument(
  "RESELLER AGREEMENT\n\n" +
    "5. Payment will be made by Reseller to Company within 5 days of receipt of payment from the customer.\n\n" +
    "10. This Agreement may be terminated by Reseller for cause immediately if the sale of the Products is enjoined due to any claim of infringement, " +
    "or if Company breaches any provision of this Agreement and fails to cure such breach within fifteen (15) business days of written notice."
)

describe("a value is read from a sentence that holds the question's words", () => {
  it.effect(
    "'When must invoices be paid?' over a contract with no payment terms gives no period from a breach clause",
    () =>
      Effect.map(shortOf("When must invoices be paid?", noPaymentTerms), (short) => {
        assert.notInclude(short, "10 days")
        assert.match(short, /^Not found|^No .* is stated/)
      })
  )

  itGivesShortAnswers([
    {
      name: "a period under a heading that names the question's subject is still the answer",
      query: "When is payment due?",
      document: paymentUnderHeading,
      short: "45 days"
    },
    {
      name: "a period in the sentence that names the subject is the answer",
      query: "How long does a party have to cure a breach?",
      document: paymentUnderHeading,
      short: "30 days"
    }
  ])
})

describe("'due to' meaning 'because of' is no payment falling due", () => {
  it("reads 'due' only where something is owed", () => {
    assert.notInclude(terms("the sale is enjoined due to any claim"), "due")
    for (const owed of ["all amounts due to Supplier", "the fees then due to Licensor", "any sum that is due to it"]) {
      assert.include(terms(owed), "due", owed)
    }
  })

  it.effect("'When is payment due?' gives the payment period, not a cure period beside 'due to any claim'", () =>
    Effect.map(shortOf("When is payment due?", causalDue), (short) => assert.strictEqual(short, "5 days"))
  )
})
