import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { itGivesShortAnswers, shortOf, textDocument } from "./documentOf.js"

const lateFee =
  "3.3 Late Fees. Provider reserves the right to charge interest of one and one-half percent (1.5%) per month compounded for the entire overdue period if fees are not paid by their due date."

/** The fees are in a price list the text does not hold: the only figure is what a late payment costs. */
const priceList = textDocument(
  `RESELLER AGREEMENT\n\n3.1 Fees. Reseller shall pay the fees set out in the price list in effect from time to time.\n\n3.2 All payments are due within thirty (30) days after the date of invoice.\n\n${lateFee}`
)

const monthlyFee = textDocument(
  `SERVICES AGREEMENT\n\n3.1 Fees. Customer shall pay Provider a service fee of $5,000 per month.\n\n${lateFee}`
)

describe("a late-payment interest rate is not what is paid", () => {
  it.effect("'What fees are payable?' over a price list the text does not hold gives no amount, not 1.5 %", () =>
    Effect.map(shortOf("What fees are payable?", priceList), (short) => {
      assert.notInclude(short, "1.5%")
      assert.match(short, /^No amount is stated|^Not found/)
    })
  )

  itGivesShortAnswers([
    {
      name: "'How much does the customer pay?' gives the fee beside a late-payment rate",
      query: "How much does the customer pay?",
      document: monthlyFee,
      short: "$5,000 per month"
    },
    {
      name: "a question about interest on late payments still gets the rate",
      query: "What interest is charged on late payments?",
      document: priceList,
      short: "1.5%"
    }
  ])
})

/** The royalties are in a schedule the text does not hold: the only figure is an audit's threshold. */
const auditedRoyalties = textDocument(
  "LICENSE AGREEMENT\n\n5. Royalties. The Licensee shall pay the royalties set out in Schedule B within thirty (30) days after each quarter.\n\n" +
    "6. Audit. If an audit reveals that the Licensee underpaid by more than five percent (5%) of the amount owed, the Licensee shall also pay the cost of the audit."
)

describe("an audit's underpayment threshold is not what is paid", () => {
  it.effect("'What does the licensee pay?' gives no 5 % from the audit clause", () =>
    Effect.map(shortOf("What does the licensee pay?", auditedRoyalties), (short) => assert.notInclude(short, "5%"))
  )

  itGivesShortAnswers([
    {
      name: "a question about the audit still gets the threshold",
      query: "What underpayment percentage makes the licensee pay for the audit?",
      document: auditedRoyalties,
      short: "5%"
    }
  ])
})
