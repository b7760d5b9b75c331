import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answerOf, itGivesShortAnswers, type ShortAnswerCase, textDocument } from "./documentOf.js"

/**
 * A lease that gives its dates in words ("the first (1st) day of March, 2022") and its term in a basic-terms table
 * of one field a line, which the term clause names ("the Lease Term", "the Expiration Date").
 */
const lease = textDocument(
  [
    'OFFICE LEASE AGREEMENT\nThis Office Lease Agreement (this "Lease") is made and entered into as of the first (1st) day of March, 2022 (the "Effective Date"), by and between Harborview Properties LLC, a Delaware limited liability company ("Landlord"), and Bluefin Analytics, Inc., a California corporation ("Tenant").',
    [
      "BASIC LEASE TERMS",
      "Premises: Suite 1200, on the twelfth (12th) floor of the Building",
      "Lease Term: Sixty-three (63) months, beginning on the Commencement Date and ending on the Expiration Date",
      "Commencement Date: the first (1st) day of May, 2022",
      "Expiration Date: the thirty-first (31st) day of July, 2027",
      "Security Deposit: Ninety-five Thousand Dollars ($95,000.00)"
    ].join("\n"),
    "3. TERM\n3.1 Term. The term of this Lease shall be the Lease Term, commencing on the Commencement Date and expiring at 11:59 p.m. on the Expiration Date, unless sooner terminated as provided herein.",
    "4. RENT\n4.1 Tenant shall pay Base Rent in monthly installments in advance on the first day of each calendar month."
  ].join("\n\n")
)

/** A term clause that names a date the preamble defines in a parenthesis. */
const namedInPreamble = textDocument(
  'SERVICES AGREEMENT\n\nThis Services Agreement is made on the twenty-first day of June, 2021 between Acme Widgets, Inc. ("Supplier") and Contoso Ltd. ("Customer"). The Supplier shall deliver the last of the Services on December 31, 2024 (the "End Date").\n\n2. Term. This Agreement shall commence on the date hereof and continue until the End Date.'
)

const cases: ReadonlyArray<ShortAnswerCase> = [
  {
    name: "a date in words, its day in brackets",
    query: "When was the lease signed?",
    document: lease,
    short: "March 1, 2022"
  },
  {
    name: "a date in words, in the format asked",
    query: "What is the effective date? Answer as YYYY-MM-DD.",
    document: lease,
    short: "2022-03-01"
  },
  {
    name: "the end the term clause names, as the table defines it",
    query: "When does the lease end?",
    document: lease,
    short: "July 31, 2027"
  },
  {
    name: "the length the term clause names, as the table defines it",
    query: "How long is the lease term?",
    document: lease,
    short: "63 months"
  },
  { name: "a table's field, asked tersely", query: "Security deposit?", document: lease, short: "$95,000.00" },
  {
    name: "the end the term clause names, defined by a parenthesis elsewhere",
    query: "When does the agreement expire?",
    document: namedInPreamble,
    short: "December 31, 2024"
  },
  {
    name: "a date in words without a numeral",
    query: "What is the date of the agreement?",
    document: namedInPreamble,
    short: "June 21, 2021"
  }
]

describe("a lease with a basic-terms table and dates in words", () => {
  itGivesShortAnswers(cases)

  it.effect("each field of the table is quoted as a line of its own", () =>
    Effect.map(answerOf("What is the expiration date?", lease), (answer) =>
      assert.include(answer, '"Expiration Date: the thirty-first (31st) day of July, 2027" (p. 1)')
    )
  )
})
