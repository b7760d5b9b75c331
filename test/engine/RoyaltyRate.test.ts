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
