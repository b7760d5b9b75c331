import { describe } from "@effect/vitest"
import { itGivesShortAnswers, textDocument } from "./documentOf.js"

/** A letter agreement: no heading, a subject line, and a signature block with "Name:" and "Title:" fields. */
const letter = textDocument(
  [
    "VANTRELL ATHLETIC COMPANY\nOne Vantrell Way\nBeaverton, Oregon 97005",
    "November 3, 2013",
    "Mr. Marcus T. Delaney\nc/o Summit Sports Management Group, LLC\nAtlanta, Georgia 30309",
    "Re: Endorsement and Promotional Services",
    "Dear Mr. Delaney:",
    'This letter agreement (this "Letter Agreement") sets forth the terms upon which Vantrell Athletic Company, an Oregon corporation ("Company"), will engage Marcus T. Delaney ("Athlete") to endorse and promote the Company\'s basketball footwear.',
    "Very truly yours,\nVANTRELL ATHLETIC COMPANY\nBy: /s/ Dana Whitfield\nName: Dana Whitfield\nTitle: Chief Marketing Officer",
    "AGREED AND ACCEPTED:\nSUMMIT SPORTS MANAGEMENT GROUP, LLC\nName: Marcus T. Delaney\nTitle: Managing Member"
  ].join("\n\n")
)

describe("a letter agreement", () => {
  itGivesShortAnswers([
    {
      name: "is named by what it calls itself and its subject line, not by a signature's 'Title:' field",
      query: "What is the title of the agreement?",
      document: letter,
      short: "Letter agreement (Re: Endorsement and Promotional Services)"
    }
  ])
})
