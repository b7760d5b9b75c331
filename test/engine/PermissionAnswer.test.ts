import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answerOf, shortOf, textDocument } from "./documentOf.js"

const withConsent = textDocument(
  "DISTRIBUTION AGREEMENT\n\n12. Assignment. Neither party may assign this Agreement or any of its rights hereunder without the prior written consent of the other party.\n\n14. Governing Law. This Agreement is governed by the laws of Ohio."
)
const forbidden = textDocument(
  "LICENCE AGREEMENT\n\n3. Grant. Licensor grants Licensee a licence to use the Software.\n\n9. Assignment. This Agreement shall not be assigned or otherwise transferred by Licensee in whole or in part, and any attempted assignment shall be null and void."
)
const nonTransferable = textDocument(
  "SOFTWARE LICENCE\n\n2. Grant. Licensor grants Licensee a non-exclusive, non-transferable licence to use the Software at its own sites."
)
const nonCompete = textDocument(
  "CONSULTING AGREEMENT\n\n7. Non-Competition. During the Term and for one (1) year thereafter, the Consultant shall not engage in any business that competes with the Company in the Territory."
)

/** The restriction stated twice: both places are quoted under the one answer. */
const twice = textDocument(
  "DISTRIBUTION AGREEMENT\n\n12. Assignment. Neither party may assign this Agreement without the prior written consent of the other party.\n\n14. Governing Law. This Agreement is governed by the laws of Ohio.\n\n" +
    "20. Change of Control. The Distributor shall not assign or transfer any of its rights under this Agreement to an acquirer without the prior written consent of the Supplier."
)

describe("a restriction asked as a permission", () => {
  it.effect('"Can the contract be assigned?" over a clause that needs consent: only with consent, not "Yes."', () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* shortOf("Can the contract be assigned?", withConsent), "Only with consent.")
      assert.strictEqual(yield* shortOf("May a party assign the agreement?", withConsent), "Only with consent.")
      // Asked whether there is a restriction, the same clause says yes.
      assert.strictEqual(yield* shortOf("Is consent required to assign the agreement?", withConsent), "Yes.")
      assert.strictEqual(yield* shortOf("Does the contract restrict assignment?", withConsent), "Yes.")
    })
  )

  it.effect("a clause that forbids it: no", () =>
    Effect.gen(function* () {
      assert.strictEqual(
        yield* shortOf("Can the licensee assign this agreement?", forbidden),
        "No: the contract restricts it."
      )
      assert.strictEqual(
        yield* shortOf("Can the licence be transferred?", nonTransferable),
        "No: the contract restricts it."
      )
      assert.strictEqual(
        yield* shortOf("Is the consultant allowed to work for competitors?", nonCompete),
        "No: the contract restricts it."
      )
    })
  )

  it.effect("says its answer once above every clause it quotes, not 'Yes.' again before the second", () =>
    Effect.gen(function* () {
      const answer = yield* answerOf("Can either party assign the agreement?", twice)
      const paragraphs = answer.split("\n\n")
      assert.strictEqual(paragraphs[0], "Only with consent.")
      assert.isAtLeast(paragraphs.length, 3)
      assert.isTrue(
        paragraphs.slice(1).every((paragraph) => paragraph.startsWith('"')),
        answer
      )
    })
  )
})

/** One party may assign freely, to whom the clause names; the other only with consent. */
const oneSided = textDocument(
  'MAINTENANCE AGREEMENT\n\nThis Agreement is made between Brightwater Imaging Services, Inc. ("BIS") and Northgate Health, Inc. ("Customer").\n\n14.1 Assignment. This Agreement is personal to Customer, and Customer may not assign or transfer it without BIS\'s prior written consent. BIS may assign this Agreement without consent to any Affiliate or to any purchaser of all or substantially all of its service business.'
)

describe("an assignment clause that treats the parties differently", () => {
  it.effect("asked of the party that may assign freely, or of assigning to an affiliate: yes, quoting it", () =>
    Effect.gen(function* () {
      assert.strictEqual(
        yield* shortOf("Can BIS assign the agreement?", oneSided),
        "Yes: BIS may, without consent, as quoted."
      )
      const affiliate = yield* answerOf("Can the agreement be assigned to an affiliate without consent?", oneSided)
      assert.match(
        affiliate,
        /^Yes: BIS may, without consent, as quoted\.\n\n"BIS may assign this Agreement without consent/
      )
    })
  )

  it.effect("asked of the other party: only with consent", () =>
    Effect.map(shortOf("Can the customer assign the agreement?", oneSided), (short) =>
      assert.strictEqual(short, "Only with consent.")
    )
  )
})

/** One party may assign to an affiliate on notice alone; the other only with consent. */
const onNotice = textDocument(
  'HOSTING SERVICES AGREEMENT\n\nThis Agreement is made between Meridian DataWorks, Inc. ("Provider") and Halcyon Retail Group, Inc. ("Customer").\n\n16.2 Assignment. Provider shall not assign, delegate or subcontract any of its rights or obligations under this Agreement without Customer\'s prior written consent, and any attempted assignment in violation hereof shall be null and void. Customer may assign this Agreement to any Affiliate or to any successor to all or substantially all of its business or assets upon written notice to Provider.'
)

describe("an assignment a party may make on notice alone", () => {
  it.effect("asked of that party, or of assigning to an affiliate: yes, on notice", () =>
    Effect.gen(function* () {
      assert.strictEqual(
        yield* shortOf("Can Customer assign to an affiliate?", onNotice),
        "Yes: Customer may, on notice, as quoted."
      )
      assert.strictEqual(
        yield* shortOf("Can the agreement be assigned to an affiliate?", onNotice),
        "Yes: Customer may, on notice, as quoted."
      )
    })
  )

  it.effect("asked of the other party: only with consent", () =>
    Effect.map(shortOf("Can the provider assign the agreement?", onNotice), (short) =>
      assert.strictEqual(short, "Only with consent.")
    )
  )

  it.effect("notice given with a consent still needed is no free assignment", () =>
    Effect.map(
      shortOf(
        "Can Customer assign to an affiliate?",
        textDocument(
          'SERVICES AGREEMENT\n\nThis Agreement is made between Meridian DataWorks, Inc. ("Provider") and Halcyon Retail Group, Inc. ("Customer").\n\n16.2 Assignment. Customer may assign this Agreement to any Affiliate upon written notice to Provider and with Provider\'s prior written consent.'
        )
      ),
      (short) => assert.strictEqual(short, "Only with consent.")
    )
  )
})
