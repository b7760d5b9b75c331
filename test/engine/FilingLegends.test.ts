import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { withoutFilingLegends } from "../../src/service/engine/extractive/PageFurniture.js"
import { answerOf, shortOf, textDocument } from "./documentOf.js"

/** An SEC filing's redaction notices on every page, and no confidentiality clause. */
const redacted = textDocument(
  [
    "SPONSORSHIP AGREEMENT",
    "1. Sponsor shall pay $*** to the Club on or before April 30, 2008.",
    "*** Portions of this page have been omitted pursuant to a request for Confidential Treatment filed separately with the Commission.",
    "2. The Club shall display the Sponsor's sign at every home game.",
    "*** Confidential treatment has been requested for redacted portions of this exhibit. This copy omits the information subject to the confidentiality request. Omissions are designated as [***].",
    "3. This Agreement is governed by the laws of the State of California."
  ].join("\n\n")
)

/** A notice run into the clause it heads, which is about confidentiality. */
const headed = textDocument(
  [
    "SUPPLY AGREEMENT",
    "Execution version CONFIDENTIAL TREATMENT REQUESTED 9. Each party shall keep the other's Confidential Information confidential for five (5) years.",
    "10. The Buyer shall pay each invoice within thirty (30) days."
  ].join("\n\n")
)

describe("a filing's redaction notices", () => {
  it("are blanked to spaces of their length, and the text around them kept", () => {
    const text = "*** Confidential treatment has been requested for redacted portions of this exhibit. Fees are due."
    const blanked = withoutFilingLegends(text)
    assert.strictEqual(blanked.length, text.length)
    assert.strictEqual(blanked.replace(/\s+/g, " "), "*** . Fees are due.")
    const clause = "The Recipient shall seek confidential treatment of the Confidential Information it must disclose."
    assert.strictEqual(withoutFilingLegends(clause), clause)
  })

  it.effect("are no confidentiality clause, nor a quote for a question about one", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* shortOf("Is there a confidentiality clause?", redacted), "No clause found.")
      const answer = yield* answerOf("What are the confidentiality obligations?", redacted)
      assert.notMatch(answer, /omit|confidential treatment|confidentiality request/i)
    })
  )

  it.effect("in the 2019 wording ('would likely cause competitive harm') are no non-compete", () =>
    Effect.gen(function* () {
      const notice = textDocument(
        [
          "PROMOTION AGREEMENT",
          "[***] indicates that information has been excluded. Such excluded information is not material and would likely cause competitive harm to the registrant if publicly disclosed.",
          "1. Brand shall pay Publisher a fee of $10,000 per month."
        ].join("\n\n")
      )
      assert.strictEqual(yield* shortOf("Non-compete?", notice), "No clause found.")
    })
  )

  it.effect("do not hide the clause they are run into", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* shortOf("Is there a confidentiality clause?", headed), "Yes.")
      assert.include(
        yield* answerOf("What are the confidentiality obligations?", headed),
        "keep the other's Confidential Information"
      )
    })
  )
})
