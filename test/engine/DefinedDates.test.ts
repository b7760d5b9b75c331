import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answerOf, itGivesShortAnswers, type ShortAnswerCase, shortOf, textDocument } from "./documentOf.js"

/** Dates given by definitions: the term starts on a defined Commencement Date and ends on a stated date. */
const alliance = textDocument(
  [
    "CO-BRANDING AND STRATEGIC ALLIANCE AGREEMENT",
    'This Co-Branding and Strategic Alliance Agreement (this "Agreement") is dated as of September 30, 2021, and is entered into by and between Meridian Outfitters Corp. ("Meridian") and Solvane Beverage Co. ("Solvane").',
    'ARTICLE I DEFINITIONS\n1.3 "Commencement Date" means January 1, 2022.\n1.4 "Contract Year" means each successive twelve (12) month period beginning on the Commencement Date.',
    'ARTICLE II TERM\n2.1 The term of the Alliance shall begin on the Commencement Date and, unless earlier terminated pursuant to Article XI, shall continue through December 31, 2024 (the "Initial Term").'
  ].join("\n\n")
)

/** An Effective Date defined by an event, and a term that runs to an event the text dates nowhere. */
const development = textDocument(
  [
    "EXCLUSIVE DEVELOPMENT AND LICENSE AGREEMENT",
    'THIS EXCLUSIVE DEVELOPMENT AND LICENSE AGREEMENT is entered into this 22nd day of September, 2019, by and between Helixon Therapeutics, Inc. ("Helixon") and Marrowgate Biologics Ltd. ("Marrowgate").',
    '1.2 "Effective Date" means the date on which Helixon pays the Upfront Payment described in Section 5.1, which the Parties anticipate will occur on or about October 1, 2019.',
    '1.7 "Royalty Term" means, on a country-by-country basis, the period beginning on the first commercial sale of a Licensed Product in such country and ending twelve (12) years after such first commercial sale.',
    "7.1 This Agreement shall commence on the Effective Date and, unless earlier terminated in accordance with this Article 7, shall remain in force until the expiration of the last-to-expire Royalty Term.",
    "7.4 Upon any termination of this Agreement, Helixon may sell off existing inventory for a period of six (6) months following such termination."
  ].join("\n\n")
)

/** A term counted from an event, not from the agreement's start. */
const fromFirstSale = textDocument(
  'LICENSE AGREEMENT\n\nThis License Agreement is entered into effective as of March 1, 2020 (the "Effective Date") between Helixon Therapeutics, Inc. ("Licensee") and Marrowgate Biologics Ltd. ("Licensor").\n\n7.1 This Agreement shall continue for ten (10) years after the first commercial sale of a Licensed Product.'
)

const cases: ReadonlyArray<ShortAnswerCase> = [
  {
    name: "a term counted from an event is no end date counted from the start",
    query: "When does the agreement expire?",
    document: fromFirstSale,
    short: "No end date is stated; the term clause:"
  },
  {
    name: "a named date, as the definitions give it",
    query: "What is the Commencement Date?",
    document: alliance,
    short: "January 1, 2022"
  },
  {
    name: "when it commences: the defined Commencement Date, not the end date in the term clause",
    query: "When does the alliance commence?",
    document: alliance,
    short: "January 1, 2022"
  },
  {
    name: "the effective date of a term that begins on the defined Commencement Date",
    query: "What is the effective date?",
    document: alliance,
    short: "January 1, 2022"
  },
  {
    name: "the end the term clause states",
    query: "When does the agreement expire?",
    document: alliance,
    short: "December 31, 2024"
  },
  {
    name: "an Effective Date defined by an event is quoted, not replaced by the signing date",
    query: "What is the effective date?",
    document: development,
    short: "No calendar date is stated; it takes effect as follows:"
  },
  {
    name: "a term that runs to an event no date gives has no computed end",
    query: "When does the agreement expire?",
    document: development,
    short: "No end date is stated; the term clause:"
  }
]

describe("dates a contract gives by its definitions", () => {
  itGivesShortAnswers(cases)

  it.effect("the term clause is quoted, not a sell-off period added to the signing date", () =>
    Effect.map(answerOf("When does the agreement expire?", development), (answer) => {
      assert.include(answer, "7.1 This Agreement shall commence on the Effective Date")
      assert.notInclude(answer, "2020")
    })
  )
})

/** An effective date counted from the signing, not the signing date itself. */
const monthAfterSigning = textDocument(
  [
    "CO-MARKETING AND MILES PURCHASE AGREEMENT",
    'THIS AGREEMENT is entered into on June 2, 2014, by and between SkyHarbor Loyalty, LLC ("SkyHarbor") and Pemberton Home & Garden, Inc. ("Pemberton").',
    '9.1 Term. This Agreement shall become effective on the first day of the first full calendar month following the date on which it has been executed by both Parties (the "Effective Date") and shall expire three (3) years later.'
  ].join("\n\n")
)

describe("an effective date counted from the signing", () => {
  it.effect("'the first day of the first full calendar month following the date on which it has been executed'", () =>
    Effect.map(shortOf("What is the effective date?", monthAfterSigning), (short) =>
      assert.strictEqual(short, "July 1, 2014 (the first day of the month after it was signed, June 2, 2014)")
    )
  )
})
