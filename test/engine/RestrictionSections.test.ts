import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answerOf, itGivesShortAnswers, shortOf, textDocument } from "./documentOf.js"

/**
 * An employment agreement whose non-compete never says "compete" after its heading, beside a non-solicitation that
 * mentions "competing products" and an outside board seat at a "non-competing" company.
 */
const employment = textDocument(
  [
    "EXECUTIVE EMPLOYMENT AGREEMENT",
    'This Agreement is made between Brightline Robotics, Inc. (the "Company") and Dana Whitfield (the "Executive").',
    "1.2 Full Time. The Executive may serve on the board of directors of up to one (1) non-competing for-profit company with the prior written approval of the Board, and may engage in charitable and civic activities.",
    '8. RESTRICTIVE COVENANTS\n8.1 Non-Competition. During her employment and for a period of twelve (12) months after the termination of her employment for any reason (the "Restricted Period"), the Executive shall not, directly or indirectly, own, manage, be employed by or provide services to any business that designs or sells warehouse robotics within a radius of one hundred (100) miles of any Company office. The Company shall pay the Executive garden leave pay during the Restricted Period unless the Company waives the non-competition covenant in writing within ten (10) days after the termination date.',
    "8.2 Non-Solicitation of Customers. During her employment and for eighteen (18) months after its termination, the Executive shall not solicit or accept business from any customer of the Company for the purpose of providing competing products or services."
  ].join("\n\n")
)

describe("a restriction stated under its heading", () => {
  itGivesShortAnswers([
    {
      name: "how long the non-compete lasts: its section's period, not the non-solicitation's",
      query: "How long is the non-compete?",
      document: employment,
      short: "12 months"
    },
    {
      name: "the same asked tersely",
      query: "Non-compete period?",
      document: employment,
      short: "12 months"
    },
    {
      name: "the same asked with 'last': not the ten days to waive it",
      query: "How long does the non-compete last?",
      document: employment,
      short: "12 months"
    },
    {
      name: "the non-solicitation keeps its own period",
      query: "How long does the non-solicitation of customers last?",
      document: employment,
      short: "18 months"
    }
  ])

  it.effect("is quoted first with its heading, before a passing mention of a non-competing company", () =>
    Effect.map(answerOf("Is there a non-compete?", employment), (answer) => {
      assert.match(answer, /^Yes\.\n\n"8\.1 Non-Competition\. During her employment/)
    })
  )

  it.effect(
    "a heading in title case with a verb's look ('5.4 Covenant Not to Sue.') is quoted with the clause it opens",
    () =>
      Effect.map(
        answerOf(
          "Covenant not to sue?",
          textDocument(
            "JOINT DEVELOPMENT AGREEMENT\n\n5.4 Covenant Not to Sue. Each Party covenants not to assert against the other Party any claim of infringement of any patent within its Background IP."
          )
        ),
        (answer) => assert.include(answer, "5.4 Covenant Not to Sue. Each Party covenants not to assert")
      )
  )

  it.effect("a period stated two sentences under the heading that names the subject ('5. Confidentiality.')", () =>
    Effect.map(
      answerOf(
        "Confidentiality period?",
        textDocument(
          "MARKETING SERVICES AGREEMENT\n\n5. Confidentiality. Each party shall keep confidential all non-public information of the other party. This obligation survives for two (2) years following the end of the Term.\n\n6. Warranties. Agency warrants that the Services will comply with applicable laws for ninety (90) days."
        )
      ),
      (answer) => assert.match(answer, /^2 years\n\n"This obligation survives/)
    )
  )

  it.effect("a clause read with the sentence that says what follows from it ('In such event …')", () =>
    Effect.map(
      answerOf(
        "Change of control?",
        textDocument(
          "SUPPLY AGREEMENT\n\n14.4 Supplier shall notify Buyer in writing within ten (10) days after any change of control of Supplier. In such event, Buyer may terminate this Agreement upon ninety (90) days' written notice."
        )
      ),
      (answer) => assert.include(answer, "In such event, Buyer may terminate this Agreement")
    )
  )

  it.effect("a sentence that names the whole subject, over a section whose heading names part of it", () =>
    Effect.map(
      shortOf(
        "How long does transition assistance last?",
        textDocument(
          "MASTER SERVICES AGREEMENT\n\n15.1 Scope. Upon Customer's request, Supplier shall provide such assistance as Customer reasonably requests to effect an orderly transition of the Services (the \"Termination Assistance Services\") for up to eighteen (18) months after termination.\n\n15.3 Transitioned Personnel. Following termination, Customer may offer employment to any Supplier personnel who devoted their time to Customer's account during the preceding six (6) months."
        )
      ),
      (short) => assert.strictEqual(short, "18 months")
    )
  )
})

/** A section heading whose long clause falls in the next passage. */
const commitments = textDocument(
  [
    "CO-MARKETING AGREEMENT",
    'This Agreement is made between SkyHarbor Loyalty, LLC ("SkyHarbor") and Pemberton Home & Garden, Inc. ("Pemberton").',
    "5.1 SkyHarbor Marketing. SkyHarbor shall feature Pemberton in its Member newsletter at least twice in each Program Year.",
    "5.2 Pemberton Marketing Commitments. In each Program Year Pemberton shall (a) spend not less than Seven Hundred Fifty Thousand Dollars ($750,000) on advertising and promotion of the opportunity to earn Miles at Pemberton, (b) display AeroMiles signage approved by SkyHarbor at each checkout area of each Pemberton store, (c) feature the AeroMiles Program on the front or back page of not fewer than six (6) weekly circulars, (d) train all cashiers to offer enrolment in the AeroMiles Program to every customer who is not a Member, (e) include an AeroMiles enrolment link on the checkout page of its website, (f) send not fewer than four (4) e-mail campaigns featuring the AeroMiles Program to its customers, and (g) report to SkyHarbor within thirty (30) days after the end of each calendar quarter the number of Members enrolled at its stores during that quarter.",
    "5.3 Approvals. Each Party shall approve the other's marketing materials within ten (10) business days."
  ].join("\n\n")
)

describe("a heading quoted for a question in a reader's words", () => {
  it.effect("brings the clause that opens the next passage", () =>
    Effect.map(answerOf("What marketing obligations does Pemberton have?", commitments), (answer) =>
      assert.match(answer, /^"5\.2 Pemberton Marketing Commitments\. In each Program Year Pemberton shall \(a\) spend/)
    )
  )
})

/** A change of control under its heading, its consequence in the sentence after the clause. */
const controlChange = textDocument(
  [
    "DIGITAL DISTRIBUTION AGREEMENT",
    'This Agreement is made between Tunewave, Inc. ("Tunewave") and Redhollow Records LLC ("Redhollow").',
    "11.5 Change of Control. Tunewave shall notify Redhollow in writing within ten (10) days after the closing of any transaction by which a Competing Label acquires, directly or indirectly, more than fifty percent (50%) of the voting securities of Tunewave. Redhollow may terminate this Agreement upon thirty (30) days' written notice given within ninety (90) days after receipt of such notice.",
    "11.6 Notices. Notices shall be given in writing to the addresses above."
  ].join("\n\n")
)

describe("a heading's clause with what follows from it", () => {
  it.effect("'What happens on a change of control?' quotes the right to terminate after the duty to notify", () =>
    Effect.map(answerOf("What happens on a change of control?", controlChange), (answer) =>
      assert.include(answer, "Redhollow may terminate this Agreement upon thirty (30) days' written notice")
    )
  )
})
