import { describe } from "@effect/vitest"
import { itGivesShortAnswers, type ShortAnswerCase, textDocument } from "./documentOf.js"

/** A services agreement that renews only by mutual agreement, signed in blocks with "Title:" fields. */
const noRenewal = textDocument(
  [
    "MASTER SERVICES AGREEMENT",
    'This Master Services Agreement is entered into as of March 15, 2021 by and between Halvorsen Data Systems, Inc. ("Provider") and Bluefin Retail Holdings, LLC ("Customer").',
    "4.1 This Agreement shall continue for a period of five (5) years from the date hereof. This Agreement shall not renew automatically; it may be extended only by mutual written agreement of the parties.",
    "8.1 Either party may terminate this Agreement for any reason upon one hundred twenty (120) days' written notice to the other party.",
    "HALVORSEN DATA SYSTEMS, INC.\nBy: /s/ Erik Halvorsen\nName: Erik Halvorsen\nTitle: President"
  ].join("\n\n")
)

/** A UK agreement with numbered parties, definitions written with colons, and partners in capitals with addresses. */
const uk = textDocument(
  [
    "THIS AGREEMENT is dated 1st June 2018",
    'PARTIES\n(1) JAMES R. COLLINS, an individual residing at 4418 Elm Hollow Road, Boulder, Colorado (hereinafter "Collins"); and\n(2) BLUE MESA HOLDINGS, LLC, a Colorado limited liability company (the "Purchaser").',
    'DEFINITIONS\n"Commencement Date": 1st July 2018.\n"Initial Period": the period of thirty-six months beginning on the Commencement Date.',
    '4.1 This agreement shall commence on the Commencement Date and shall continue for the Initial Period and thereafter shall automatically extend for further periods of twelve months (each an "Extended Period").'
  ].join("\n\n")
)

const cases: ReadonlyArray<ShortAnswerCase> = [
  {
    name: "a bare 'Title?' asks for the document's title",
    query: "Title?",
    document: noRenewal,
    short: "MASTER SERVICES AGREEMENT"
  },
  {
    name: "'the agreement's title'",
    query: "What is the agreement's title?",
    document: noRenewal,
    short: "MASTER SERVICES AGREEMENT"
  },
  {
    name: "'List the parties' asks for the parties",
    query: "List the parties to the agreement.",
    document: noRenewal,
    short: "Halvorsen Data Systems, Inc. (Provider) and Bluefin Retail Holdings, LLC (Customer)"
  },
  {
    name: "an agreement that does not renew states no renewal term, not its initial term",
    query: "What is the renewal term?",
    document: noRenewal,
    short: "No period is stated; the closest passage:"
  },
  {
    name: "nor a notice to prevent renewal, not the notice to terminate for convenience",
    query: "How much notice is needed to prevent renewal?",
    document: noRenewal,
    short: "Not found in the document."
  },
  {
    name: "a UK definition written with a colon gives the start",
    query: "What is the effective date?",
    document: uk,
    short: "July 1, 2018"
  },
  {
    name: "the end from a defined initial period and a defined start",
    query: "When does it expire?",
    document: uk,
    short: "July 1, 2021 (36 months from July 1, 2018)"
  },
  {
    name: "a person in capitals before 'an individual residing at' an address is named, not the street",
    query: "Who are the parties?",
    document: uk,
    short: "JAMES R. COLLINS and BLUE MESA HOLDINGS, LLC (Purchaser)"
  },
  {
    name: "a person with a degree after the name is a party; a company form inside the title is none",
    query: "Who are the parties?",
    document: textDocument(
      'THIS JOINT VENTURE AND LIMITED LIABILITY COMPANY OPERATING AGREEMENT (this "Agreement") is made as of March 14, 2022 by and among HALVERSON ENERGY SYSTEMS, INC., a Minnesota corporation ("Buyer"), and EVELYN R. MARCHETTI, D.D.S., an individual residing in the Commonwealth of Pennsylvania ("Principal").'
    ),
    short: "HALVERSON ENERGY SYSTEMS, INC. (Buyer) and EVELYN R. MARCHETTI (Principal)"
  }
]

/** An agreement dated in words, asked for its date tersely. */
const datedInWords = textDocument(
  'THIS EXCLUSIVE SALES REPRESENTATIVE AGENCY AGREEMENT (the "Agreement") is made and entered into as of the first day of February, two thousand twenty-one, between HELIX FLUID CONTROLS CORPORATION, an Ohio corporation (the "Manufacturer"), and MARROW & TATE TECHNICAL SALES, INC., a Texas corporation (the "Representative").\n\nHELIX FLUID CONTROLS CORPORATION By: /s/ Ann Lee Date: January 29, 2021'
)

describe("an agreement's own date", () => {
  itGivesShortAnswers([
    {
      name: "'Date of agreement?' asks for it",
      query: "Date of agreement?",
      document: datedInWords,
      short: "February 1, 2021"
    },
    { name: "so does a bare 'Date?'", query: "Date?", document: datedInWords, short: "February 1, 2021" },
    {
      name: "the date in words of the opening, not the signature's",
      query: "What is the agreement date?",
      document: datedInWords,
      short: "February 1, 2021"
    }
  ])
})

describe("facts at the opening and the term of a contract, asked as reviewers ask them", () => {
  itGivesShortAnswers(cases)
})
