import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answerOf, shortOf, textDocument } from "./documentOf.js"

const signedWith = (block: string) =>
  textDocument(
    `CONSULTING AGREEMENT\n\nThis Consulting Agreement is made as of May 17, 2016 by and between Larchmont Mining Ltd., a British Columbia company ("Company"), and Kestrel Advisory Corp., a Nevada corporation ("Consultant").\n\n1. Services. The Consultant shall advise the Company on exploration.\n\nIN WITNESS WHEREOF the parties have signed this Agreement.\n\n${block}`
  )

const signatories = "Who signed this contract?"

describe("signature blocks as contracts write them", () => {
  it.effect("'Who signed for the consultant?' names the signer under the consultant's name, not both", () =>
    Effect.gen(function* () {
      const blocks = signedWith(
        "LARCHMONT MINING LTD.\nBy: ______________________\nName: Hannah Okafor\nTitle: Chief Executive Officer\n\nKESTREL ADVISORY CORP.\nBy: ______________________\nName: Dmitri Vasquez\nTitle: President"
      )
      assert.strictEqual(yield* shortOf("Who signed for the consultant?", blocks), "Dmitri Vasquez")
      assert.strictEqual(yield* shortOf("Who signed for the company?", blocks), "Hannah Okafor")
    })
  )

  it.effect("blocks set side by side: the signer in the column of the party asked", () =>
    Effect.gen(function* () {
      const columns = signedWith(
        "LARCHMONT MINING LTD.                    KESTREL ADVISORY CORP.\n\nBy: /s/ Hannah Okafor                     By: /s/ Park Jae-won\nName: Hannah Okafor                       Name: Park Jae-won\nTitle: Chief Executive Officer            Title: President"
      )
      assert.strictEqual(yield* shortOf("Who signed for the consultant?", columns), "Park Jae-won")
      assert.strictEqual(yield* shortOf("Who signed for Larchmont?", columns), "Hannah Okafor")
      assert.strictEqual(yield* shortOf("Who signed for Kestrel?", columns), "Park Jae-won")
    })
  )

  it.effect("'Signed by … for and on behalf of …' belongs to the party after the name", () =>
    Effect.map(
      shortOf(
        "Who signed on behalf of Larchmont?",
        signedWith(
          "Signed by Dr Helen Marsh, Chief Executive Officer\nfor and on behalf of LARCHMONT MINING LTD.\n.............................................\n\nSigned by Dmitri Vasquez, Director\nfor and on behalf of KESTREL ADVISORY CORP.\n............................................."
        )
      ),
      (answer) => assert.strictEqual(answer, "Dr Helen Marsh")
    )
  )

  it.effect("a name printed under the line signed on is a signatory", () =>
    Effect.map(
      shortOf(
        signatories,
        signedWith(
          "LARCHMONT MINING LTD.\nBy: ______________________\nName: Hannah Okafor\n\nCONSULTANT\n______________________\nDmitri Vasquez"
        )
      ),
      (answer) => assert.strictEqual(answer, "Hannah Okafor and Dmitri Vasquez")
    )
  )

  it.effect('"Per:" with the name in quotes, as Canadian contracts sign', () =>
    Effect.map(
      shortOf(
        signatories,
        signedWith(
          'LARCHMONT MINING LTD. Per: "Hannah Okafor" Authorized Signatory KESTREL ADVISORY CORP. Per: “Dmitri Vasquez” Authorized Signatory'
        )
      ),
      (answer) => assert.strictEqual(answer, "Hannah Okafor and Dmitri Vasquez")
    )
  )

  it.effect('an electronic "/s/" signature, and "Its:" for the title, are no part of the name', () =>
    Effect.map(
      shortOf(
        signatories,
        signedWith(
          "LARCHMONT MINING LTD. KESTREL ADVISORY CORP. By: /s/ Hannah Okafor By: /s/ Dmitri Vasquez Name: Hannah Okafor Name: Dmitri Vasquez Its: Chief Executive Officer Its: President"
        )
      ),
      (answer) => assert.strictEqual(answer, "Hannah Okafor and Dmitri Vasquez")
    )
  )

  it.effect("every signer named is quoted where they sign, a block of one field a line as much as any", () =>
    Effect.map(
      answerOf(
        signatories,
        signedWith(
          "LARCHMONT MINING LTD.\nBy: /s/ Renata Solberg\nName: Renata Solberg\nTitle: President\nDate: June 2, 2014\n\nKESTREL ADVISORY CORP.\nBy: /s/ Howard Kettleman\nName: Howard Kettleman\nTitle: Managing Director\nDate: June 2, 2014"
        )
      ),
      (answer) => {
        const [short, ...quotes] = answer.split("\n\n")
        assert.strictEqual(short, "Renata Solberg and Howard Kettleman")
        assert.isTrue(quotes.some((quote) => quote.includes("Renata Solberg")))
        assert.isTrue(quotes.some((quote) => quote.includes("Howard Kettleman")))
      }
    )
  )

  it.effect("a name printed again under its signature is said once", () =>
    Effect.map(shortOf(signatories, signedWith("By: /s/ Hannah J. Okafor Hannah J. Okafor Co-Trustee")), (answer) =>
      assert.strictEqual(answer, "Hannah J. Okafor")
    )
  )

  it.effect(
    "defined names of things are not parties: the franchise, its marks and its manual, beside a party left blank in a form",
    () =>
      Effect.map(
        shortOf(
          "Who are the parties?",
          textDocument(
            'FRANCHISE AGREEMENT\n\nTHIS AGREEMENT is entered into on this ____ day of ________, 2000, by and between Purewind International Group, Inc., a Nevada corporation (hereinafter "PUREWIND"), and You: ____________ whose address is: ____________ (hereinafter "You" or "Franchisee").\n\nRECITALS\n\nA. PUREWIND designs air cleaning systems under the name and mark "PUREWIND" (the "Products").\n\nB. PUREWIND has developed a system of sales centers using trademarks (including "The Essence of Clean Breeze"), logos and identifying features designated by PUREWIND (the "Licensed Marks"). PUREWIND keeps the standards for every center in its Purewind Operations Guide (the "Manual").\n\n1.01. PUREWIND grants to You the right to operate a PUREWIND Center (or the "Franchise").'
          )
        ),
        (answer) => assert.strictEqual(answer, "Purewind International Group, Inc.")
      )
  )

  it.effect("a role no party is defined as: the parties, not a guess or a phrase that looks like a name", () =>
    Effect.gen(function* () {
      const outsourcing = textDocument(
        'MANUFACTURING AGREEMENT\n\nThis Manufacturing Agreement is entered into on January 21, 2002 by and between Nicewave Systems Ltd. ("NICEWAVE") and Flexmark Israel Ltd. ("Contractor").\n\n9.1 Every shipment to a Nicewave Customer must include a Packing List issued by the Contractor.'
      )
      assert.strictEqual(
        yield* shortOf("Who is the customer?", outsourcing),
        "No party is defined as the customer; the parties: Nicewave Systems Ltd. and Flexmark Israel Ltd. (Contractor)"
      )
      // A role the document defines is answered by name.
      assert.strictEqual(yield* shortOf("Who is the contractor?", outsourcing), "Flexmark Israel Ltd.")
    })
  )

  it.effect('a group of parties defined "(collectively, the "… Parties")", and no later defined terms', () =>
    Effect.map(
      shortOf(
        "Who are the parties?",
        textDocument(
          'COOPERATION AGREEMENT\n\nThis Cooperation Agreement ("Agreement") is entered into as of June 18, 2020, by and between Spruce Holdings, Inc., a Delaware corporation (the "Company"), and Black Kite Partners LP, a Delaware limited partnership, and Black Kite GP LLC, a Delaware limited liability company (collectively, the "Black Kite Parties").\n\n1. Board. The Company shall appoint Jane Doe (the "New Director") and file a report with the Securities and Exchange Commission (the "SEC").'
        )
      ),
      (answer) =>
        assert.strictEqual(answer, "Spruce Holdings, Inc. (Company) and Black Kite Partners LP (Black Kite Parties)")
    )
  )
})
