import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answerOf, itGivesShortAnswers, rulesAnswerOf, shortOf, textDocument } from "./documentOf.js"

const recital =
  "NOW, THEREFORE, in consideration of the mutual promises and the representations, warranties and covenants contained herein, the parties agree as follows."

const warranted = textDocument(
  `SUPPLY AGREEMENT\n\n${recital}\n\n6. Warranty. The Supplier warrants that the Products will be free from defects in materials and workmanship for twelve (12) months after delivery.`
)
const disclaimed = textDocument(
  `SOFTWARE LICENSE\n\n${recital}\n\n8. Disclaimer. THE SOFTWARE IS PROVIDED AS IS AND THE LICENSOR DISCLAIMS ALL WARRANTIES, EXPRESS OR IMPLIED.`
)
const doesNotWarrant = textDocument(
  `SERVICES AGREEMENT\n\n${recital}\n\n5. Service Levels. The Provider does not warrant that the Services will be uninterrupted or error free.`
)
/** Warranties of authority only: they vouch for the signing, not for what is supplied. */
const authorityOnly = textDocument(
  `DISTRIBUTION AGREEMENT\n\n${recital}\n\n2. Fees. The Distributor shall pay $10 per unit.\n\n` +
    "9. Authority. Each party represents and warrants that it is duly organized and has full corporate power and authority to enter into this Agreement.\n\n" +
    "The undersigned represent and warrant that they are authorized to execute this Agreement on behalf of their companies.\n\n" +
    "The Company represents and warrants to the Investor Group as of the date hereof that it has the corporate power and authority to execute and deliver this Agreement.\n\n" +
    "11. Each party hereby represents, covenants and warrants to the other party that: 11.1. It has the corporate power to enter into this Agreement and to grant the licenses granted herein."
)
/** A warranty of authority beside a warranty of the products. */
const authorityAndProducts = textDocument(
  `SUPPLY AGREEMENT\n\n${recital}\n\n` +
    "9. Authority. Each party represents and warrants that it has full power and authority to enter into this Agreement.\n\n" +
    "10. Products. The Supplier warrants that the Products will conform to their specifications for one (1) year."
)
/** A warrant that is a security: the right to buy shares. */
const securityWarrant = textDocument(
  `CONSULTING AGREEMENT\n\n${recital}\n\n4. Equity. The Company shall issue to the Consultant a warrant to purchase 10,000 shares.\n\n` +
    "2.2 Upon any reclassification, Holder shall be entitled to receive, upon exercise of this Warrant, the number and kind of securities and property that Holder would have received had this Warrant been exercised before it."
)
const recitalOnly = textDocument(`CONSULTING AGREEMENT\n\n${recital}\n\n2. Fees. The Company shall pay $150 per hour.`)

describe("whether a contract gives a warranty", () => {
  it.effect("a party that warrants its products: yes, quoting the warranty", () =>
    Effect.map(shortOf("Is there a warranty?", warranted), (short) => assert.strictEqual(short, "Yes."))
  )

  itGivesShortAnswers([
    {
      name: "warranties disclaimed: no",
      query: "Is there a warranty?",
      document: disclaimed,
      short: "No."
    },
    {
      name: "'does not warrant that …': no",
      query: "Does the provider give any warranty?",
      document: doesNotWarrant,
      short: "No."
    },
    {
      name: "warranties only listed in the recital among the contract's parts: no clause",
      query: "Is there a warranty?",
      document: recitalOnly,
      short: "No clause found."
    },
    {
      name: "warranties of authority only ('warrant that they are authorized', 'duly organized'): no clause",
      query: "Is there a warranty?",
      document: authorityOnly,
      short: "No clause found."
    },
    {
      name: "a warrant that is a security ('exercise of this Warrant', 'a warrant to purchase'): no clause",
      query: "Is there a warranty?",
      document: securityWarrant,
      short: "No clause found."
    },
    {
      name: "'Warranty period?' still asks for the period",
      query: "Warranty period?",
      document: warranted,
      short: "12 months"
    }
  ])
})

describe("a warranty of the products beside one of authority", () => {
  it.effect("is the one quoted", () =>
    Effect.map(rulesAnswerOf("Does the supplier give a warranty?", authorityAndProducts), (answer) => {
      assert.match(answer, /^Yes\./)
      assert.include(answer, "will conform to their specifications")
      assert.notInclude(answer, "full power and authority")
    })
  )

  it.effect("a disclaimer is quoted from its sentence, not from the heading over it", () =>
    Effect.map(
      answerOf(
        "Is there a warranty?",
        textDocument(
          `CO-BRANDING AGREEMENT\n\n${recital}\n\n12. DISCLAIMER OF WARRANTY, LIMITATION OF LIABILITY AND INDEMNIFICATION.\n\n12.1. Disclaimer of Warranties. EXCEPT AS EXPRESSLY SET FORTH IN THIS AGREEMENT, EACH PARTY HEREBY DISCLAIMS ALL WARRANTIES, EXPRESS OR IMPLIED.`
        )
      ),
      (answer) =>
        assert.match(answer, /^No\.\n\n"(?:12\.1\. Disclaimer of Warranties\. )?EXCEPT AS EXPRESSLY SET FORTH/)
    )
  )
})

/** The remedy for a breach of warranty, which the warranties themselves outrank as clauses of the kind. */
const withRemedy = textDocument(
  [
    "EQUIPMENT MAINTENANCE AGREEMENT",
    "7.1 Service Warranty. BIS warrants that the Services will be performed in a good and workmanlike manner by trained personnel.",
    "7.2 Parts Warranty. BIS warrants that each replacement part furnished under this Agreement will be free from defects in material and workmanship for one hundred eighty (180) days from installation.",
    "7.3 Customer's Remedy. Customer's exclusive remedy for breach of the warranties in this Section 7 shall be re-performance of the Services or repair or replacement of the defective part."
  ].join("\n\n")
)

describe("what follows a breach of a warranty", () => {
  for (const question of [
    "What is the exclusive remedy for breach of warranty?",
    "Exclusive remedy for breach of warranty?"
  ]) {
    it.effect(`'${question}' quotes the remedy, not the warranties, with no yes or no`, () =>
      Effect.map(answerOf(question, withRemedy), (answer) =>
        assert.match(answer, /^"Customer's exclusive remedy for breach of the warranties/, answer)
      )
    )
  }
  it.effect("a remedy for breaching a kind of clause the contract lacks is not found", () =>
    Effect.map(shortOf("What is the remedy for breach of the non-compete?", withRemedy), (short) =>
      assert.strictEqual(short, "Not found in the document.")
    )
  )
})
