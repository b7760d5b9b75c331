import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answerOf, documentOf, idOf, shortOf } from "./documentOf.js"

const renewal = 'Does this agreement renew automatically? Answer "yes" or "no", then the renewal term if any.'
const cap = 'Is either party\'s liability capped? Give the cap (amount or formula), or "no cap".'
const confidentiality = 'Does this document impose confidentiality obligations? Answer "yes" or "no".'

/** The engine caches indexes by document id and size: each test document gets an id of its own text. */
const contract = (clauses: ReadonlyArray<string>) =>
  documentOf(idOf(clauses.join("")), "contract.txt", [
    `SERVICES AGREEMENT\n\nThis Services Agreement is made between Acme Widgets, Inc. ("Supplier") and Beta Stores LLC ("Customer").\n\n${clauses.join("\n\n")}`
  ])

describe("yes/no questions over known clause types", () => {
  it.effect(
    "automatic renewal: yes with the renewal term, no for a negation, an option or an extension by agreement",
    () =>
      Effect.gen(function* () {
        const cases: ReadonlyArray<readonly [string, string]> = [
          [
            "3. TERM. The initial term is two (2) years. This Agreement renews automatically for successive one (1) year terms unless either party gives ninety (90) days' notice of non-renewal.",
            "Yes — renewal term of 1 year"
          ],
          [
            "3. TERM. The term is two (2) years and will be extended for successive twelve (12) month periods unless either party notifies the other that it does not wish to renew.",
            "Yes — renewal term of 12 months"
          ],
          // Evergreen continuations renew in all but the word.
          [
            "2.1 Term. The initial term of this Agreement is one (1) year from the Effective Date. Thereafter, this Agreement shall continue in effect on a month-to-month basis until terminated by either party upon thirty (30) days' prior written notice.",
            "Yes — renewal term of 1 month"
          ],
          [
            "3. TERM. The term is three (3) years and shall continue from year to year thereafter unless either party gives notice of termination.",
            "Yes — renewal term of 1 year"
          ],
          ["3. TERM. The term is two (2) years. This Agreement does not automatically renew.", "No."],
          ["3. TERM. The term is two (2) years. The Agreement shall not renew at the end of the term.", "No."],
          ["3. TERM. The term is two (2) years, after which the Agreement will not renew.", "No."],
          ["3. TERM. Customer has an option to renew this Agreement for one further term of two (2) years.", "No."],
          [
            "3. TERM. This Agreement ends on December 31, 2025, unless extended by written agreement of the parties.",
            "No."
          ],
          ["3. PAYMENT. Customer shall pay each invoice within thirty (30) days.", "No clause found."],
          [
            "9. CONFIDENTIALITY. The obligations of this Section 9 shall continue for an additional period of two (2) years after termination.",
            "No clause found."
          ]
        ]
        for (const [clause, short] of cases)
          assert.strictEqual(yield* shortOf(renewal, contract([clause])), short, clause)
      })
  )

  it.effect(
    "liability cap: leads with the cap; insurance limits are not a cap; an exclusion alone is a limitation",
    () =>
      Effect.gen(function* () {
        const capped = yield* answerOf(
          cap,
          contract([
            "7. LIABILITY. Each party's total liability under this Agreement is limited to the fees paid or payable by Customer in the twelve (12) months before the claim arose, except for breach of confidentiality."
          ])
        )
        assert.match(
          capped,
          /^Yes — limited to the fees paid or payable by Customer in the 12 months before the claim arose\n\n"Each party's/
        )
        const amount = yield* shortOf(
          cap,
          contract(["7. LIABILITY. In no event shall Supplier's aggregate liability exceed $500,000."])
        )
        assert.strictEqual(amount, "Yes — not to exceed $500,000")
        const insurance = yield* shortOf(
          cap,
          contract([
            "7. INSURANCE. Supplier shall maintain commercial general liability insurance with limits of at least $1,000,000 per occurrence and $2,000,000 in the aggregate."
          ])
        )
        assert.strictEqual(insurance, "No clause found.")
        const exclusion = yield* shortOf(
          cap,
          contract([
            "7. LIABILITY. Neither party shall be liable for any indirect, incidental or consequential damages."
          ])
        )
        assert.strictEqual(exclusion, "Yes — indirect and consequential damages excluded, no amount stated")
      })
  )

  it.effect("confidentiality: yes with the duty, no clause found without one", () =>
    Effect.gen(function* () {
      const duty = yield* answerOf(
        confidentiality,
        contract([
          "8. CONFIDENTIALITY. Each party shall keep confidential all non-public information of the other party."
        ])
      )
      assert.match(duty, /^Yes\.\n\n"Each party shall keep confidential/)
      const none = yield* shortOf(confidentiality, contract(["8. NOTICES. Notices must be in writing."]))
      assert.strictEqual(none, "No clause found.")
    })
  )

  it.effect("other questions: No when the clause denies what is asked, Yes when another clause affirms it", () =>
    Effect.gen(function* () {
      const denied = yield* shortOf(
        "Can the customer terminate for convenience?",
        contract(["9. TERMINATION. Customer may not terminate for convenience during the term."])
      )
      assert.strictEqual(denied, "No.")
      // A prohibition is the clause a "non-solicitation" question asks about.
      const prohibition = yield* shortOf(
        "Is there a non-solicitation clause?",
        contract(["10. NON-SOLICITATION. Supplier shall not solicit any employee of Customer for twelve (12) months."])
      )
      assert.strictEqual(prohibition, "Yes.")
      const exception = yield* shortOf(
        "Does the agreement grant a license to the software?",
        contract([
          "4. LICENSE. Supplier grants Customer a non-exclusive license to use the software.",
          "5. SOURCE. No license to the source code of the software is granted."
        ])
      )
      assert.strictEqual(exception, "Yes.")
    })
  )
})
