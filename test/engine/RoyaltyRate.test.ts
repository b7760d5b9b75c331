import { describe } from "@effect/vitest"
import { itGivesShortAnswers, textDocument } from "./documentOf.js"

/** Royalties in a schedule: the running rate, a fallback rate, an adjustment, and a minimum in money. */
const licence = textDocument(
  [
    "PATENT AND SOFTWARE LICENCE AGREEMENT",
    'This Agreement is dated 15/07/2020 between Alpha Systems Ltd ("Licensor") and Beta Devices Ltd ("Licensee").',
    "SCHEDULE 2 ROYALTIES",
    "1. The Licensee shall pay a running royalty of four and one-half per cent (4.5%) of Net Sales of Licensed Products covered by a Valid Claim in the country of sale.",
    "2. Where a Licensed Product is not covered by a Valid Claim in the country of sale, the royalty rate shall be two per cent (2%) of Net Sales.",
    "3. Minimum annual royalty: commencing with the calendar year 2022, the Licensee shall pay a minimum royalty of £80,000 for each calendar year.",
    "4. The royalty rates in paragraphs 1 and 2 shall be reduced by one half for Net Sales exceeding £10,000,000 in any calendar year."
  ].join("\n\n")
)

describe("the royalty a contract charges", () => {
  itGivesShortAnswers([
    {
      name: "the running rate, not the minimum in money",
      query: "What royalty is payable?",
      document: licence,
      short: "4.5% of Net Sales"
    },
    {
      name: "the rate, not the fallback rate",
      query: "What is the royalty rate?",
      document: licence,
      short: "4.5% of Net Sales"
    },
    {
      name: "a terse 'Royalty rate?' asks for the rate",
      query: "Royalty rate?",
      document: licence,
      short: "4.5% of Net Sales"
    }
  ])
})

/** Commission rates by product line, and a house-account rate stated as a share of a base. */
const agency = textDocument(
  [
    "EXCLUSIVE SALES REPRESENTATIVE AGENCY AGREEMENT",
    "5.1 Rates. The Manufacturer shall pay the Representative a commission on the Net Invoice Price of all Products shipped into the Territory at the following rates: (a) six percent (6%) for valves and actuators; (b) four percent (4%) for positioners and instrumentation; and\n(c) ten percent (10%) for replacement parts.",
    "5.2 House Accounts. The commission payable on Products sold to House Accounts shall be two percent (2%) of Net Invoice Price."
  ].join("\n\n")
)

describe("a commission asked for what it applies to", () => {
  itGivesShortAnswers([
    {
      name: "the rate stated for the products named, not the first share of a base",
      query: "What commission rate applies to valves and actuators?",
      document: agency,
      short: "6%"
    },
    {
      name: "a list item that completes the commission sentence before it",
      query: "What commission applies to replacement parts?",
      document: agency,
      short: "10%"
    },
    {
      name: "asked tersely, 'Commission on …?' asks its rate, not whether there is a commission",
      query: "Commission on house accounts?",
      document: agency,
      short: "2% of Net Invoice Price"
    },
    {
      name: "so for a list item",
      query: "Commission on replacement parts?",
      document: agency,
      short: "10%"
    },
    {
      name: "the item of a list the products stand in, with its base",
      query: "What royalty rate applies to signature footwear?",
      document: textDocument(
        "ENDORSEMENT AGREEMENT\n\n(c) Royalties. Company shall pay to Lender a royalty equal to (i) six percent (6%) of Net Sales of Signature Products that are footwear, and (ii) four percent (4%) of Net Sales of all other Signature Products."
      ),
      short: "6% of Net Sales"
    }
  ])
})
