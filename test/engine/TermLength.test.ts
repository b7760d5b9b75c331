import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answerOf, itGivesShortAnswers, type ShortAnswerCase, shortOf, textDocument } from "./documentOf.js"

/** The renewal notice comes first and shares the question's words ("term", "agreement"): ranking alone chose it. */
const franchise = textDocument(
  "FRANCHISE AGREEMENT\n\n1.04. Renewal. You shall give the Franchisor notice in writing of your election to renew this Agreement at least 3 months prior to the expiration of the then-current term of this Agreement.\n\n2.01. The term of this Agreement shall be for 10 years commencing on the date of execution of this Agreement by the Franchisor.\n\n5.01. You shall pay an initial franchise fee of $25,000.00 upon execution of this Agreement."
)

/** A cover sheet that gives the term as a field. */
const coverSheet = textDocument(
  'RESELLER AGREEMENT\n\nTHIS RESELLER AGREEMENT is made and entered into effect the 7th day of April, 2017 ("Effective Date"), by and between Northwind Resale LLC ("Reseller") and Fabrikam Software, Inc. ("Company").\n\nTerritory: United States. Agreement Term: 1 Year\n\n5. Exclusivity. During the Term and for a period of six (6) months following the termination of this Agreement, the Reseller shall have the exclusive right to commission for any Registered Referrals.'
)

/** No term at all: the only periods are a time to cure and one that runs after the end. */
const noTerm = textDocument(
  "CONSULTING AGREEMENT\n\n6. Non-Solicitation. The Consultant will not solicit any employee of the Company for a period of one (1) year following the termination of this Agreement.\n\n9. Termination. Either party may terminate this Agreement for any material breach which is not cured within 30 days after written notice of the breach."
)

/** The initial term in "full calendar months", then successive renewal terms of a year. */
const renewing = textDocument(
  'CHANNEL PARTNER AGREEMENT\n\n10.1 Term. This Agreement shall commence on the Effective Date and shall continue for a period of twelve (12) full calendar months ("Initial Term"). The Agreement shall automatically renew for successive one (1) year terms (each a "Renewal Term") unless either party gives notice.\n\n10.4 Effect of Termination. Upon expiration or termination of this Agreement, all licenses granted in the Agreement will immediately terminate and Channel Partner will return all Confidential Information.'
)

/** Only a renewal gives a period. */
const renewalOnly = textDocument(
  "MAINTENANCE AGREEMENT\n\n2. Following the completion of the maintenance term, the Bank may, at its option, renew maintenance for subsequent periods of one (1) year each."
)

const dated = textDocument(
  'SPONSORSHIP AGREEMENT\n\nTERM: The term (the "Term") shall commence on November 1, 2007 and end on October 31, 2008 (unless terminated earlier in accordance with the General Provisions).'
)

const consulting = textDocument(
  'CONSULTING AGREEMENT\n\n3.1 The Company will pay the Consultant basic remuneration for its services in the sum of $10,000 per month (the "Consulting Fee") commencing on the 1st day of February, 2020, and payable on the last day of each month thereafter.\n\n4.2 The term of this Agreement is for a period of five (5) years commencing on the Effective Date.'
)

const endorsement = textDocument(
  "ENDORSEMENT AGREEMENT\n\n(1) The Sponsor will provide monthly payment of Ten Thousand and NO/100 Dollars ($10,000) made payable to Talent for Talent's posts on social media."
)

/** A term in the present tense, beside obligations that run on for years after the agreement ends. */
const presentTense = textDocument(
  'MASTER SERVICES AGREEMENT\n\n3.1 This Agreement begins on the Effective Date and continues for an initial term of three (3) years (the "Initial Term").\n\n5.3 The obligations in this Section 5 continue during the term of this Agreement and for five (5) years after its termination or expiration.'
)

/** No term clause: the only period runs after the agreement ends. */
const afterItsEnd = textDocument(
  "SERVICES AGREEMENT\n\n5.3 The obligations in this Section 5 continue during the term of this Agreement and for five (5) years after its termination or expiration."
)

/**
 * The term as the second of two verbs, after a parenthesis ("shall become effective on … (the "Effective Date") and
 * shall continue for …"); the renewal after it speaks of "the end of the then-current term", so it ranks first.
 */
const twoVerbs = textDocument(
  'SUPPLY AGREEMENT\n\nThis Supply Agreement is entered into by and between Acme Widgets, Inc. ("Supplier") and Beta Foods LLC ("Buyer") on March 5, 2019.\n\n1. Term. This Agreement shall become effective on the date of the last signature below (the "Effective Date") and shall continue for a period of three (3) years, unless terminated earlier.\n\n2. Renewal. Thereafter this Agreement renews automatically for successive one-year periods unless either party gives notice of non-renewal at least ninety (90) days before the end of the then-current term.'
)

const cases: ReadonlyArray<ShortAnswerCase> = [
  {
    name: "a term clause in the present tense",
    query: "What is the term of the agreement?",
    document: presentTense,
    short: "3 years"
  },
  {
    name: "a term clause in the present tense, not the years obligations run on after it",
    query: "How long does the agreement last?",
    document: presentTense,
    short: "3 years"
  },
  {
    name: "the term clause, not the notice to renew",
    query: "What is the term of the agreement?",
    document: franchise,
    short: "10 years"
  },
  { name: "in a reader's own words", query: "How long does it last?", document: franchise, short: "10 years" },
  { name: "tersely", query: "Agreement term?", document: franchise, short: "10 years" },
  { name: "the length of the contract", query: "How long is the contract?", document: franchise, short: "10 years" },
  { name: "a cover sheet's field", query: "How long does the agreement last?", document: coverSheet, short: "1 year" },
  {
    name: "a cover sheet's field gives the end date too",
    query: "When does the agreement expire?",
    document: coverSheet,
    short: "April 7, 2018 (1 year from April 7, 2017)"
  },
  {
    name: "a renewal question still asks for the renewal",
    query: "How much notice is needed to renew?",
    document: franchise,
    short: "3 months"
  },
  {
    name: "full calendar months, not the renewal after them",
    query: "How long does it last?",
    document: renewing,
    short: "12 calendar months"
  },
  {
    name: "the dates it runs between",
    query: "How long does the agreement last?",
    document: dated,
    short: "November 1, 2007 to October 31, 2008"
  },
  {
    name: "the term as a second verb, after the effective date's definition",
    query: "What is the term of the agreement?",
    document: twoVerbs,
    short: "3 years"
  },
  { name: "the term, asked as 'the term'", query: "How long is the term?", document: twoVerbs, short: "3 years" },
  { name: "the contract's duration", query: "What is the contract's duration?", document: twoVerbs, short: "3 years" },
  {
    name: "the end is the initial term's, not the renewal's that ranks first",
    query: "When does the agreement expire?",
    document: twoVerbs,
    short: "March 5, 2022 (3 years from March 5, 2019)"
  },
  {
    name: "an amount asked with its timing",
    query: "How much is paid and when?",
    document: consulting,
    short: "$10,000 per month"
  },
  {
    name: 'the amount of "Ten Thousand and NO/100 Dollars ($10,000)", not its cents',
    query: "How much is paid?",
    document: endorsement,
    short: "$10,000"
  }
]

describe("how long the agreement lasts, and amounts asked with their timing", () => {
  itGivesShortAnswers(cases)

  it.effect("what happens on termination: the clause that says so", () =>
    Effect.map(shortOf("What happens on termination?", renewing), (answer) =>
      assert.match(answer, /^"Upon expiration or termination of this Agreement, all licenses granted/)
    )
  )

  it.effect("a renewal's period is not the term", () =>
    Effect.map(shortOf("How long does it last?", renewalOnly), (answer) => assert.notMatch(answer, /^1 year/))
  )

  it.effect("no term clause: neither a time to cure nor a period after the end is given as the term", () =>
    Effect.gen(function* () {
      for (const query of ["How long does it last?", "What is the term of the agreement?"]) {
        const answer = yield* shortOf(query, noTerm)
        assert.notMatch(answer, /^(?:30 days|1 year)/, query)
        assert.match(answer, /^(?:No period is stated|Not found in the document)/, query)
      }
    })
  )

  it.effect("no term clause: years that run on 'after its termination' are no term", () =>
    Effect.map(shortOf("How long does the agreement last?", afterItsEnd), (answer) =>
      assert.match(answer, /^(?:No period is stated|Not found in the document)/)
    )
  )

  it.effect("notice to stop renewal: a period of notice about the end, never the initial term or other notice", () =>
    Effect.gen(function* () {
      const question = "What is the renewal notice period?"
      const indefinite = textDocument(
        '16.1 TERM AND TERMINATION. The initial term of this Agreement shall commence on the Effective Date and extend for three (3) years thereafter ("INITIAL TERM"), with an automatic renewal for an indefinite period of time, unless terminated by the parties according to Section 16.2.'
      )
      const insurance = textDocument(
        "SUPPLY AGREEMENT\n\n12. Insurance. The Supplier shall maintain product liability insurance and shall give the Buyer thirty (30) days' prior written notice of any cancellation of the policy."
      )
      const stated = textDocument(
        'TERM. The Agreement shall automatically renew for successive one (1) year terms (each a "Renewal Term") unless either party provides written notification of its intent to terminate no later than sixty (60) days prior to the end of the then-current term.'
      )
      for (const document of [indefinite, insurance]) {
        assert.match(yield* shortOf(question, document), /^(?:No period is stated|Not found in the document)/)
      }
      assert.strictEqual(yield* shortOf(question, stated), "60 days")
    })
  )

  it.effect("a term clause that gives no length is quoted; a deadline for a report is no term", () =>
    Effect.gen(function* () {
      const ended = textDocument(
        "COOPERATION AGREEMENT\n\n4. Unless earlier terminated as provided in this Agreement, upon the expiration of the Support Period in accordance with Section 3, this Agreement shall immediately and automatically terminate in its entirety."
      )
      assert.match(yield* shortOf("How long does it last?", ended), /^No end date is stated; the term clause:/)
      const reporting = textDocument(
        "REMARKETING AGREEMENT\n\n(d) The Fund agrees to deliver to the Remarketing Agent, within fifteen (15) calendar days following the last day of each calendar month, a report of its portfolio holdings."
      )
      assert.notMatch(yield* shortOf("How long does it last?", reporting), /^15 calendar days/)
    })
  )
})

/**
 * The obligations of the agreement outlast it (and stay confidential "in perpetuity"), and come before the clause
 * whose subject is the agreement itself.
 */
const obligationsFirst = textDocument(
  "SUPPLY AGREEMENT\n\n8.3 The confidentiality and non-use obligations contained in this Agreement shall continue for the duration of this Agreement and for a period of 5 (five) years after termination or expiry of this Agreement, provided however that any Confidential Information shall remain confidential in perpetuity.\n\n" +
    "9.1 This Agreement as amended shall continue in force until terminated in accordance with the provisions of Section 10.\n\n10.1 The Buyer may terminate this Agreement at any time by six (6) months' prior notice in writing."
)

/** A term clause of "this JV Agreement", and no end date anywhere; a financial statement's period "ended" on a date. */
const namedAgreement = textDocument(
  "JOINT VENTURE AGREEMENT\n\n4. The audited financial statements of the Company for the period ended September 30, 1998 are included in the Prospectus.\n\n" +
    "12. This JV Agreement shall become effective on the signing date and shall have a duration of * years, extendable for a further * years, unless notice of non-renewal is sent one year before the natural expiry date."
)

describe("the term clause is the one whose subject is the agreement", () => {
  it.effect(
    "not the obligations 'contained in this Agreement' that continue after it, nor 'in perpetuity' secrets",
    () =>
      Effect.gen(function* () {
        for (const question of ["How long is the initial term?", "When does the agreement expire?"]) {
          const answer = yield* answerOf(question, obligationsFirst)
          assert.match(
            answer,
            /^No fixed end date: it runs until terminated\.\n\n"9\.1 This Agreement as amended/,
            question
          )
        }
      })
  )

  it.effect(
    "'this JV Agreement' names the agreement; no end date is read from a notice period or a financial year",
    () =>
      Effect.gen(function* () {
        const answer = yield* answerOf("When does the agreement expire?", namedAgreement)
        assert.match(answer, /^No end date is stated; the term clause:\n\n"12\. This JV Agreement/)
        assert.notInclude(answer.split("\n\n")[0] ?? "", "1998")
        assert.notInclude(answer.split("\n\n")[0] ?? "", "1 year")
      })
  )
})

/** No term clause: a standstill that runs "one year and one day", and a financial statement's period "ended" on a date. */
const noTermClause = textDocument(
  "REMARKETING AGREEMENT\n\n3. The Agent shall not commence any insolvency proceeding against the Fund prior to the expiration of one year and one day after payment in full of all shares.\n\n" +
    "4. The audited financial statements of the Fund for the fiscal period ended September 30, 1998 are included in the Prospectus."
)

describe("with no term clause, the end of the agreement", () => {
  it.effect("is no period of another obligation and no date of a financial statement", () =>
    Effect.gen(function* () {
      for (const question of ["When does the agreement expire?", "Expiration date?"]) {
        const short = yield* shortOf(question, noTermClause)
        assert.match(short, /^(?:Not found|No specific date is stated)/, `${question}: ${short}`)
      }
    })
  )
})

/**
 * Severability and an amendment keep the agreement "in full force and effect", and a breach left uncured ends it;
 * none says how long it lasts.
 */
const inForceOnly = textDocument(
  "STRATEGIC ALLIANCE AGREEMENT\n\n9. If one or more provisions of this Agreement are held to be illegal or unenforceable, such portion shall be excluded from this Agreement to the minimum extent required so that this Agreement shall otherwise remain in full force and effect.\n\n" +
    "10. Except as expressly amended hereby, this Agreement shall remain in full force and effect.\n\n11. The Company shall pay the Consultant $5,000 per month.\n\n" +
    "12. If the Consultant has not cured any such breach within thirty (30) days after it receives such notice, this Agreement shall automatically terminate without further notice."
)

describe("a clause that keeps the agreement in force without a term", () => {
  it.effect(
    "is no term clause: severability, an amendment's 'except as amended hereby', an end a breach triggers",
    () =>
      Effect.gen(function* () {
        for (const question of ["How long is the initial term?", "When does the agreement expire?"]) {
          const answer = yield* answerOf(question, inForceOnly)
          assert.notMatch(answer, /^No (?:end date is stated; the term clause|fixed end date)/, question)
          assert.notMatch(answer.split("\n\n")[0] ?? "", /\d/, question)
        }
      })
  )
})

/** A term to the end of the calendar year it starts in, renewed yearly. */
const calendarYear = textDocument(
  "MARKETING AFFILIATE AGREEMENT\n\n14. This agreement shall begin upon the date of its execution and shall remain in effect until the end of the current calendar year and shall be automatically renewed for successive one (1) year periods."
)

describe("a term to the end of the current calendar year", () => {
  itGivesShortAnswers([
    {
      name: "is said so, as long as it lasts, not 'no end date'",
      query: "How long is the initial term?",
      document: calendarYear,
      short: "Until the end of the calendar year in which it starts"
    }
  ])
})

/** Severability and the term clause in one paragraph: the first is no term, the second still is. */
const severabilityBeside = textDocument(
  "STRATEGIC ALLIANCE AGREEMENT\n\n9. If one or more provisions of this Agreement are held to be illegal or unenforceable, such portion shall be excluded from this Agreement so that this Agreement shall otherwise remain in full force and effect. 10. This Agreement shall continue for a period of five (5) years from the Effective Date.\n\n11. The Company shall pay the Consultant $5,000 per month."
)

describe("a term clause beside severability", () => {
  itGivesShortAnswers([
    {
      name: "is still read as the term",
      query: "How long is the initial term?",
      document: severabilityBeside,
      short: "5 years"
    }
  ])
})

describe("a length in the unit asked for", () => {
  itGivesShortAnswers([
    {
      name: "years as months",
      query: "How long does the agreement last? Give the number of months.",
      document: consulting,
      short: "60 months"
    },
    {
      name: "months as whole years",
      query: "How long does it last? Answer in years.",
      document: textDocument("SERVICES AGREEMENT\n\n2. The term of this Agreement shall be thirty-six (36) months."),
      short: "3 years"
    }
  ])
})

/** Renewal as a contract translated from German says it: the agreement "prolongs itself". */
const prolonged = textDocument(
  [
    "EXCLUSIVE DISTRIBUTION AGREEMENT",
    'This Agreement is concluded on 1 September 2016 between Kessler-Brandt Medical GmbH ("the Manufacturer") and Lumica Healthcare B.V. ("the Distributor").',
    '14.1 This Agreement is concluded for a fixed term from the Commencement Date until 31 December 2020 (the "Initial Term"). It prolongs itself automatically by periods of two (2) years each, if it is not terminated by one Party with a notice period of six (6) months to the end of the Initial Term or of the respective prolongation period.'
  ].join("\n\n")
)

describe("an agreement that prolongs itself", () => {
  itGivesShortAnswers([
    {
      name: "'prolongs itself automatically' is automatic renewal",
      query: "Does the agreement renew automatically?",
      document: prolonged,
      short: "Yes — renewal term of 2 years"
    },
    {
      name: "its prolongation period is the renewal term",
      query: "Renewal term?",
      document: prolonged,
      short: "2 years"
    }
  ])
})

/** A licence's own term defined first, the agreement's term clause later. */
const royaltyTermFirst = textDocument(
  [
    "PATENT SETTLEMENT AND CROSS-LICENSE AGREEMENT",
    'This Agreement is entered into as of September 30, 2009 by and between Corvane Semiconductor Corporation ("Corvane") and Halbrook Devices, Inc. ("Halbrook").',
    '1.10 "Royalty Term" means the period beginning on the Effective Date and ending on the expiration of the last to expire of the Asserted Corvane Patents.',
    "12.1 Term. This Agreement shall commence on the Effective Date and shall remain in full force and effect until the expiration of the last to expire of the Corvane Patents and the Halbrook Patents, whereupon it shall expire."
  ].join("\n\n")
)

describe("the agreement's term, not another period defined as a term", () => {
  it.effect("'Royalty Term' means … is not the clause that says when the agreement expires", () =>
    Effect.map(answerOf("When does the agreement expire?", royaltyTermFirst), (answer) =>
      assert.include(answer.split("\n\n")[1] ?? "", "This Agreement shall commence on the Effective Date")
    )
  )
})
