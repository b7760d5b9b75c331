import { describe } from "@effect/vitest"
import { itGivesShortAnswers, textDocument } from "./documentOf.js"

/** Sentences that deny what a question asks, in other words than "not". */
const distribution = textDocument(
  [
    "DISTRIBUTION AGREEMENT",
    'This Agreement is made between Alpha Inc. ("Supplier") and Beta LLC ("Distributor").',
    '1. "Territory" means the United States of America, excluding Alaska and Hawaii, together with Puerto Rico.',
    "13.3 Nothing in this Agreement shall be deemed to create a partnership, joint venture or agency between the Parties."
  ].join("\n\n")
)

describe("denials in other words than 'not'", () => {
  itGivesShortAnswers([
    {
      name: "'excluding Alaska and Hawaii' answers whether Hawaii is included with a no",
      query: "Does the territory include Hawaii?",
      document: distribution,
      short: "No."
    },
    {
      name: "what the same sentence includes is a yes",
      query: "Does the territory include Puerto Rico?",
      document: distribution,
      short: "Yes."
    },
    {
      name: "asked whether it is excluded, the exclusion is the yes",
      query: "Is Hawaii excluded from the territory?",
      document: distribution,
      short: "Yes."
    },
    {
      name: "'Nothing … shall be deemed to create a partnership, joint venture or agency' denies each of them",
      query: "Is this a joint venture?",
      document: distribution,
      short: "No."
    }
  ])
})
