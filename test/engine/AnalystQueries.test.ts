import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { documentOf, idOf, shortOf } from "./documentOf.js"

/** Queries as analysts write them in a pipeline: a question, then how to answer it. */
const parties =
  "Who are the parties to this agreement? Give each party's full legal name and its role (for example supplier or customer)."
const effectiveDate = 'What is the effective date of this agreement? Answer as YYYY-MM-DD, or "not stated".'
const governingLaw = "Which jurisdiction's law governs this agreement?"
const terminationNotice = 'What notice period is required to terminate this agreement? Answer in days, or "not stated".'
const contractValue = "What is the total contract value or the fees payable, with currency and payment terms?"

const doc = (text: string) => documentOf(idOf(text), "document.txt", [text])

const lease = doc(
  `COMMERCIAL LEASE\n\nThis Lease is made on February 12, 2024 between Harborview Properties LLC, a Maine limited liability company ("Landlord"), and Quillfeather Books, Inc., a Maine corporation ("Tenant").\n\n3. RENT\n\nTenant shall pay base rent of $4,800 per month on the first day of each calendar month.\n\n5. IMPROVEMENTS\n\nLandlord shall provide a tenant improvement allowance of $36,000, payable against paid invoices.\n\n8. TERMINATION\n\nEither party may terminate this Lease on two (2) weeks' written notice.\n\n9. GOVERNING LAW\n\nThis Lease is governed by the laws of the State of Maine, and the courts of Cumberland County, Maine have exclusive jurisdiction.`
)

describe("analyst queries with answer-format instructions", () => {
  it.effect("parties: every party, with the role the document gives it", () =>
    Effect.gen(function* () {
      assert.strictEqual(
        yield* shortOf(parties, lease),
        "Harborview Properties LLC (Landlord) and Quillfeather Books, Inc. (Tenant)"
      )
      // Without defined roles: both sides of "between A and B".
      const plain = doc(
        "SERVICES AGREEMENT\n\nThis Agreement is made between Acme Widgets, Inc., a Delaware corporation, and Beta Stores LLC, a Texas limited liability company."
      )
      assert.strictEqual(yield* shortOf(parties, plain), "Acme Widgets, Inc. and Beta Stores LLC")
      // An offer letter: the company by its role, and the person who accepts it.
      const offer = doc(
        'On behalf of Brightline Robotics, Inc. (the "Company"), I am pleased to offer you the position of engineer.\n\nSincerely,\nAlan Brooks, Director of Engineering, Brightline Robotics, Inc.\n\nAccepted and agreed: Maria Delgado'
      )
      assert.strictEqual(yield* shortOf(parties, offer), "Brightline Robotics, Inc. (Company) and Maria Delgado")
      // A press release names no parties: any name would be a guess.
      const release = doc(
        "Larkspur Reports Results\n\nNet sales were $48.6 million. Investor contact: Laura Kim, Director of Investor Relations."
      )
      assert.strictEqual(yield* shortOf(parties, release), "Not found in the document.")
    })
  )

  it.effect("governing law: the state whose laws govern, not the county of the courts", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* shortOf(governingLaw, lease), "Maine")
      assert.strictEqual(yield* shortOf("Which courts have jurisdiction?", lease), "Cumberland County, Maine")
    })
  )

  it.effect("contract value: the price of the deal, not an allowance, a cap or a duration", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* shortOf(contractValue, lease), "$4,800 per month")
      const msa = doc(
        "MASTER SERVICES AGREEMENT\n\n4. FEES\n\nClient shall pay Provider a monthly platform retainer of $42,500, plus time-and-materials fees. Invoices are payable within forty-five (45) days.\n\n9. LIABILITY\n\nEach party's total liability shall not exceed the total fees paid or payable in the twelve (12) months before the claim, and in no event shall exceed $1,250,000."
      )
      assert.strictEqual(yield* shortOf(contractValue, msa), "$42,500")
    })
  )

  it.effect("answers in the format asked for, and in the query's words when nothing is stated", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* shortOf(effectiveDate, lease), "2024-02-12")
      assert.strictEqual(yield* shortOf(terminationNotice, lease), "14 days")
      const release = doc(
        "Larkspur Reports Third Quarter Results\n\nBoulder, Colorado — October 24, 2024 — Net sales were $48.6 million. Capital expenditures for the first nine months were $11.8 million."
      )
      // Not an agreement at all: its date and its periods answer nothing about one.
      assert.strictEqual(yield* shortOf(effectiveDate, release), "Not stated.")
      assert.strictEqual(yield* shortOf(terminationNotice, release), "Not stated.")
      assert.strictEqual(yield* shortOf(governingLaw, release), "Not found in the document.")
    })
  )
})
