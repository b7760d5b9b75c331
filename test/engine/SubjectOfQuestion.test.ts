import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answerOf, itGivesShortAnswers, textDocument } from "./documentOf.js"

/**
 * A licence whose term, cure period and confidentiality period are all periods: "after termination" and "survive"
 * in a question about confidentiality pulled the ranking toward the term and termination clauses.
 */
const licence = textDocument(
  'CONTENT LICENSE AGREEMENT\n\nThis Content License Agreement is entered into between Northwind Media Ltd. ("Licensor") and Fabrikam Streaming, Inc. ("Licensee").\n\n7. Term and Termination. (a) The Term of this Agreement shall commence on the Effective Date and continue for ten (10) years, unless sooner terminated. (b) Either party may terminate this Agreement if the other party materially breaches it and fails to cure such breach within thirty (30) days after written notice.\n\n9. Confidentiality. Each party agrees that, during the Term and for three (3) years thereafter, it will not disclose to any third party any Confidential Information disclosed to it by the other party.\n\n10. Ownership. All intellectual property developed by Licensee in performing this Agreement shall be owned exclusively by Licensor, and Licensee hereby assigns to Licensor all right, title and interest in it.\n\nNORTHWIND MEDIA LTD. By: /s/ Jane Holloway Name: Jane Holloway Title: Chief Executive Officer'
)

/** A confidentiality clause that states no period of its own, beside a term and a cure period. */
const noPeriod = textDocument(
  "SUPPLY AGREEMENT\n\n2. Term. This Agreement shall continue for five (5) years from the Effective Date.\n\n8. Confidentiality. Each party shall keep the other party's Confidential Information in confidence and use it only to perform this Agreement.\n\n12. Termination. Either party may terminate this Agreement if the other fails to cure a material breach within sixty (60) days after written notice."
)

/** A lease that never mentions confidentiality: its only periods are the term and an option to renew. */
const lease = textDocument(
  "LEASE AGREEMENT\n\n2.1 The term of this Lease is five (5) years, commencing on April 1, 2024.\n\n2.2 Tenant has one (1) option to renew this Lease for an additional term of three (3) years, exercisable by written notice given at least one hundred eighty (180) days before the end of the initial term."
)

/** A consulting agreement with a notice period and no non-solicitation. */
const consulting = textDocument(
  "CONSULTING AGREEMENT\n\n2. Either party may terminate this Agreement for any reason by giving fourteen (14) days' written notice to the other party.\n\n3. The Client shall pay the Consultant a fee of $185 per hour."
)

/** A right to terminate early beside a survival clause that also speaks of termination (and ranks first). */
const nda = textDocument(
  "MUTUAL NON-DISCLOSURE AGREEMENT\n\n4.1 This Agreement remains in effect for two (2) years from the effective date of this Agreement. Either party may terminate it earlier on thirty (30) days' written notice.\n\n4.2 The obligations of confidentiality under this Agreement survive for three (3) years after the date of each disclosure, notwithstanding any termination or expiration of this Agreement."
)

/** A term that ends on a stated date and no right to terminate for convenience. */
const fixedTerm = textDocument(
  'SERVICES AGREEMENT\n\nThis Services Agreement is made on January 1, 2020 between Contoso Ltd. ("Customer") and Tailspin Services LLC ("Provider").\n\n3. Term. This Agreement shall continue for five (5) years from January 1, 2020.\n\n4. Termination for Breach. Either party may terminate this Agreement if the other party breaches it and does not cure the breach within thirty (30) days.'
)

const convenience = textDocument(
  'SERVICES AGREEMENT\n\nThis Services Agreement is made on January 1, 2020 between Contoso Ltd. ("Customer") and Tailspin Services LLC ("Provider").\n\n3. Term. This Agreement shall continue for five (5) years from January 1, 2020.\n\n4. Termination for Convenience. Customer may terminate this Agreement for convenience at any time upon ninety (90) days\' prior written notice to Provider.'
)

/** A warranty period with a floor in a proviso. */
const warrantyFloor = textDocument(
  'DEVELOPMENT AGREEMENT\n\nThis Agreement is made between Corvane Retail, Inc. ("Client") and Brightwater Apps LLC ("Developer").\n\n8.1 Performance Warranty. Developer warrants that each Deliverable will conform to its Acceptance Criteria for a period of ninety (90) days after Acceptance of that Deliverable (the "Warranty Period"); provided that, for any Deliverable forming part of the initial public release of an Application, the Warranty Period shall not end earlier than sixty (60) days after such Application first becomes available for download.'
)

describe("the period of the thing a question names, not another period of the contract", () => {
  itGivesShortAnswers([
    {
      name: "the period a clause states, not the floor its proviso adds",
      query: "How long is the warranty period?",
      document: warrantyFloor,
      short: "90 days"
    },
    {
      name: "confidentiality obligations that last three years after the term: not the ten-year term",
      query: "How long do confidentiality obligations last after termination?",
      document: licence,
      short: "3 years"
    },
    {
      name: "the same asked with 'survive': not the thirty-day cure period",
      query: "How long does the confidentiality obligation survive?",
      document: licence,
      short: "3 years"
    },
    {
      name: "the agreement's own length is still its term",
      query: "How long does the agreement last?",
      document: licence,
      short: "10 years"
    }
  ])

  it.effect("a document that never mentions confidentiality gives no period for it: not the renewal option's", () =>
    Effect.map(answerOf("How long do confidentiality obligations last?", lease), (answer) => {
      const short = answer.split("\n\n")[0] ?? ""
      assert.notMatch(short, /\d+ (?:years|days)/)
      assert.match(short, /^No period is stated|^Not found/)
    })
  )

  it.effect(
    "'How long is the non-solicitation period?' over a contract with none gives no period, not its notice",
    () =>
      Effect.map(answerOf("How long is the non-solicitation period?", consulting), (answer) =>
        assert.match(answer.split("\n\n")[0] ?? "", /^No period is stated|^Not found/)
      )
  )

  it.effect("'Can the agreement be terminated early?' finds a right to terminate that never says 'early'", () =>
    Effect.map(answerOf("Can the agreement be terminated early?", consulting), (answer) => {
      assert.strictEqual(answer.split("\n\n")[0], "Yes.")
      assert.include(answer, "may terminate this Agreement for any reason")
    })
  )

  it.effect("'Can the agreement be terminated early?' quotes the right to terminate, not a survival clause", () =>
    Effect.map(answerOf("Can the agreement be terminated early?", nda), (answer) => {
      assert.strictEqual(answer.split("\n\n")[0], "Yes.")
      assert.match(answer.split("\n\n")[1] ?? "", /^"Either party may terminate it earlier/)
    })
  )

  it.effect("a right to terminate on notice is found in a paragraph whose other sentence names the expiration", () =>
    Effect.map(answerOf("Can either party terminate for convenience?", nda), (answer) => {
      assert.strictEqual(answer.split("\n\n")[0], "Yes.")
      assert.match(answer.split("\n\n")[1] ?? "", /^"Either party may terminate it earlier/)
    })
  )

  it.effect("a confidentiality clause with no period of its own gives none: neither the term nor the cure period", () =>
    Effect.map(answerOf("How long do the confidentiality obligations last?", noPeriod), (answer) => {
      const short = answer.split("\n\n")[0] ?? ""
      assert.notMatch(short, /5 years|60 days/)
      assert.match(short, /^No period is stated|^Not found/)
    })
  )
})

describe("who and when questions that name a kind of clause ask what that clause says", () => {
  it.effect("'Who owns the intellectual property?' quotes the ownership clause, not a signatory or a party", () =>
    Effect.map(answerOf("Who owns the intellectual property developed under the agreement?", licence), (answer) => {
      assert.include(answer, "shall be owned exclusively by Licensor")
      assert.notInclude(answer, "Jane Holloway")
    })
  )

  it.effect("'When can either party terminate for convenience?' quotes that clause, not the expiry date", () =>
    Effect.map(answerOf("When can either party terminate for convenience?", convenience), (answer) => {
      assert.include(answer, "may terminate this Agreement for convenience at any time")
      assert.notInclude(answer, "2025")
    })
  )

  it.effect("with no such clause, no date is given for it", () =>
    Effect.map(answerOf("When can either party terminate for convenience?", fixedTerm), (answer) => {
      assert.notInclude(answer.split("\n\n")[0] ?? "", "2025")
      assert.notMatch(answer.split("\n\n")[0] ?? "", /January/)
    })
  )

  itGivesShortAnswers([
    {
      name: "'Who is the licensee?' still asks for a party",
      query: "Who is the licensee?",
      document: licence,
      short: "Fabrikam Streaming, Inc."
    }
  ])
})
