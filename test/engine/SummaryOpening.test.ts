import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { agreementMade } from "../../src/service/engine/extractive/PassageIndex.js"
import { answerOf, textDocument } from "./documentOf.js"

/**
 * A preamble after an agreement summary, definitions and precedence boilerplate that share the document's commonest
 * words (LexRank's favourites), a lead-in ending in a colon, and the clauses that say what the deal is.
 */
const sponsorship = textDocument(
  [
    "SPONSORSHIP AGREEMENT SUMMARY",
    "In the event of a conflict between the terms of this Agreement Summary and the General Provisions of this Agreement, the terms of the General Provisions of this Agreement shall prevail.",
    'This Sponsorship Agreement (the "Agreement") is made as of November 1, 2007 by and between Harbor Ballpark Funding LLC ("HBF") and Pelican Grill, Inc. ("Sponsor").',
    '1. "Sponsor Marks" shall mean the names, logos and marks of the Sponsor used under this Agreement and the General Provisions of this Agreement.',
    "2. During the Term, the Sponsor shall have the following rights under this Agreement:",
    "3. HBF shall display the Sponsor Marks on the left field scoreboard at every home game of the season under this Agreement.",
    "4. The Sponsor shall pay HBF an annual sponsorship fee of $120,000 under this Agreement, in two equal instalments each season.",
    "5. This Agreement may be executed in counterparts, each of which shall be an original of this Agreement."
  ].join("\n\n")
)

/** An amendment whose preamble holds "No. 2", and clauses that share more of its words. */
const amendment = textDocument(
  [
    'Exhibit 10.1 CERTAIN CONFIDENTIAL PORTIONS OF THIS EXHIBIT WERE OMITTED AND REPLACED WITH "[***]". A COMPLETE VERSION OF THIS EXHIBIT HAS BEEN FILED SEPARATELY WITH THE COMMISSION.',
    "AMENDMENT NO. 2 TO SUPPLY AGREEMENT",
    'THIS AMENDMENT NO. 2 (this "Amendment") to the Supply Agreement dated as of March 8, 2019 is made by and between Granite Labs Ltd. ("Granite") and Fleetwood Pharma Limited ("Fleetwood").',
    "1. Granite has provided Fleetwood with the equipment listed in Exhibit B, which Fleetwood uses to manufacture the Products under the Supply Agreement.",
    "2. Fleetwood shall not use the equipment for any purpose other than supplying Granite with the Products under the Supply Agreement.",
    "3. The costs of raw materials for the Products shall be included in the purchase price of the Products under the Supply Agreement.",
    "4. Except as amended by this Amendment, the Supply Agreement remains in full force and effect."
  ].join("\n\n")
)

/** A title that defines the document before naming its parties, with no "this" before it; clauses that share more words. */
const servicing = textDocument(
  [
    "EXECUTION VERSION",
    'TRANSFER AND SERVICING AGREEMENT, dated as of January 29, 2020 (this "Agreement"), among Harbor Owner Trust 2020-A, a Delaware statutory trust, as issuer (the "Issuer"), Harbor ABS LLC, as depositor (the "Depositor"), and Harbor Wireless LLC, as servicer (the "Servicer").',
    "1. The Servicer will service the Receivables and collect all payments on the Receivables for the Issuer under this Agreement.",
    "2. The Servicer will deposit all collections on the Receivables into the Collection Account of the Issuer under this Agreement.",
    "3. The Servicer will deliver a monthly report on the Receivables and the collections to the Issuer and the Depositor under this Agreement.",
    "4. The Depositor will transfer the Receivables to the Issuer, and the Issuer will pay the Depositor the purchase price of the Receivables."
  ].join("\n\n")
)

/** The parties named first, then the contract ("… have entered into this Transportation Contract"). */
const partiesFirst = textDocument(
  [
    "TRANSPORTATION CONTRACT",
    "Astana January 31, 2000",
    'JSC Steppe Oil, hereinafter referred to as the "Company", in the person of its Marketing Director, on the one side and JSC Karatau Petroleum, hereinafter referred to as the "Principal", on the other side, have entered into this Transportation Contract (the "Contract") and hereby agree as follows:',
    "1.1 The Company shall arrange transportation of the Principal's crude oil for export in batches under the Contract.",
    "1.2 The Principal shall pay the Company a fee for each batch of crude oil transported under the Contract.",
    "1.3 The Company shall deliver the shipping documents for each batch of crude oil to the Principal under the Contract.",
    "IN WITNESS WHEREOF, the Parties have executed this Contract on the date first written above."
  ].join("\n\n")
)

/** Clauses that share their words with each other and none with the preambles: LexRank alone would not pick those. */
const clauses = [
  "1. The seller shall ship each pallet of frozen goods to the warehouse every week.",
  "2. The warehouse shall store each pallet of frozen goods at minus twenty degrees.",
  "3. The seller shall inspect the frozen goods in the warehouse before each shipment.",
  "4. The warehouse shall report any damaged pallet of goods to the seller within one day.",
  "5. The seller shall insure the frozen goods while they are stored in the warehouse.",
  "6. The warehouse shall release each pallet of goods only on the seller's written order."
]

describe("a summary of a contract", () => {
  it.effect("opens with what the document is and who it binds, and quotes no boilerplate, definition or lead-in", () =>
    Effect.gen(function* () {
      const answer = yield* answerOf("Summarize this document in three sentences.", sponsorship)
      const quotes = answer.split("\n\n")
      assert.strictEqual(quotes.length, 3)
      assert.match(quotes[0] ?? "", /^"This Sponsorship Agreement \(the "Agreement"\) is made as of November 1, 2007/)
      for (const unwanted of ["In the event of a conflict", "shall mean", "following rights", "counterparts"])
        assert.notInclude(answer, unwanted)
    })
  )

  it.effect("a summary on a topic is about the topic, preamble or not", () =>
    Effect.map(answerOf("Summarize the fees in one sentence.", sponsorship), (answer) =>
      assert.match(answer, /^"4\. The Sponsor shall pay HBF an annual sponsorship fee/)
    )
  )

  it("reads an amendment numbered 'No. 2' as a contract saying what it is ('No.' before a number ends no sentence)", () =>
    assert.match(
      'THIS AMENDMENT NO. 2 (this "Amendment") to the Supply Agreement dated as of March 8, 2019 is made by and between Granite Labs Ltd. and Fleetwood Pharma Limited.',
      new RegExp(`${agreementMade}\\b(?:between|among)\\b`, "i")
    ))

  it.effect("an amendment numbered 'No. 2' opens with its preamble too", () =>
    Effect.map(answerOf("What is this agreement about?", amendment), (answer) =>
      assert.match(
        answer.split("\n\n")[0] ?? "",
        /THIS AMENDMENT NO\. 2 \(this "Amendment"\) to the Supply Agreement dated/
      )
    )
  )

  it.effect(
    "opens with a preamble that defines the document ('… AGREEMENT, dated as of … (this \"Agreement\"), among …')",
    () =>
      Effect.map(answerOf("What is this agreement about?", servicing), (answer) =>
        assert.match(answer.split("\n\n")[0] ?? "", /^"TRANSFER AND SERVICING AGREEMENT, dated as of January 29, 2020/)
      )
  )

  it.effect("opens with a preamble that names the parties before the contract, not with its witness clause", () =>
    Effect.map(answerOf("Summarize this document.", partiesFirst), (answer) => {
      assert.match(answer.split("\n\n")[0] ?? "", /^"JSC Steppe Oil, hereinafter referred to as the "Company"/)
      assert.notInclude(answer, "IN WITNESS WHEREOF")
    })
  )

  it.effect("finds the preamble after a long table of contents, with an alias in its parenthesis, or in a letter", () =>
    Effect.gen(function* () {
      const contents = Array.from({ length: 40 }, (_, i) => `${i + 1}. HEADING NUMBER ${i + 1}. ${i + 4}`)
      const afterContents = textDocument(
        [
          "FRANCHISE DEVELOPMENT AGREEMENT",
          "TABLE OF CONTENTS",
          ...contents,
          'THIS FRANCHISE DEVELOPMENT AGREEMENT ("Agreement") dated as of March 3, 2019, is made and entered into by and between Sunfield Grill, Inc. ("Licensor") and Castle Foods LLC ("Licensee").',
          ...clauses
        ].join("\n\n")
      )
      const alias = textDocument(
        [
          'This INTELLECTUAL PROPERTY AGREEMENT (this "Agreement" or "IPA"), effective as of this 30 day of June 2016 (the "Effective Date") among Harbor Rentals Inc. (hereinafter "Licensor") and Quay Systems Inc. (hereinafter "Licensee").',
          ...clauses
        ].join("\n\n")
      )
      const letter = textDocument(
        [
          "AGENCY AGREEMENT",
          "Ladies and Gentlemen:",
          'Mesa Financial Corporation (the "Licensor") and Mesa Savings Bank (the "Bank") hereby confirm, jointly and severally, their agreement with Webb & Company (the "Licensee"), as follows:',
          ...clauses
        ].join("\n\n")
      )
      const first = (answer: string) => answer.split("\n\n")[0] ?? ""
      assert.match(
        first(yield* answerOf("Summarize this document.", afterContents)),
        /^"THIS FRANCHISE DEVELOPMENT AGREEMENT/
      )
      assert.match(first(yield* answerOf("Summarize this document.", alias)), /^"This INTELLECTUAL PROPERTY AGREEMENT/)
      assert.match(
        first(yield* answerOf("Summarize this document.", letter)),
        /^"Mesa Financial Corporation \(the "Licensor"\)/
      )
    })
  )
})

/** Recitals lettered under "BACKGROUND" instead of "WHEREAS", and clauses that share more of the document's words. */
const development = textDocument(
  [
    "MASTER DEVELOPMENT SERVICES AGREEMENT",
    'This Master Development Services Agreement (this "Agreement") is made on January 9, 2015 by and between Brightwater Digital Studios, LLC ("Developer") and Corvane Outdoor, Inc. ("Client").',
    "BACKGROUND",
    "A. Client is a multi-channel retailer of outdoor apparel and equipment.",
    "B. Client wishes to engage Developer to design and develop a consumer mobile shopping application under statements of work.",
    "NOW, THEREFORE, the Parties agree as follows:",
    "1. Developer shall perform the Services under each statement of work, and Client shall pay Developer the fees of each statement of work.",
    "2. Client may terminate any statement of work on notice, and Developer shall deliver the work of that statement of work.",
    "3. Developer shall invoice Client monthly for the Services of each statement of work, and Client shall pay each invoice of Developer within thirty days.",
    "4. Developer warrants to Client that the Services of each statement of work shall be performed by Developer in a workmanlike manner."
  ].join("\n\n")
)

describe("what a document is about, in its recitals' words", () => {
  it.effect("'What is this agreement about?' quotes the preamble and the recital of what the parties want", () =>
    Effect.map(answerOf("What is this agreement about?", development), (answer) => {
      const quotes = answer.split("\n\n")
      assert.match(quotes[0] ?? "", /^"This Master Development Services Agreement/)
      assert.match(quotes[1] ?? "", /^"B\. Client wishes to engage Developer/)
    })
  )

  it.effect("'What is the purpose of this agreement?' reads lettered recitals as recitals", () =>
    Effect.map(answerOf("What is the purpose of this agreement?", development), (answer) =>
      assert.match(answer, /^"A\. Client is a multi-channel retailer[^\n]*\n\n"B\. Client wishes to engage Developer/)
    )
  )
})
