import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answerOf, shortOf, textDocument } from "./documentOf.js"

const supply = textDocument(
  'SUPPLY AGREEMENT\n\nThis Supply Agreement is made between Acme Widgets, Inc. ("Supplier") and Contoso Ltd. ("Buyer").\n\n7. Shipping. The Responsible Person named in the Wholesale Price Index Schedule shall record all shipping costs, which shall be paid by Supplier.\n\n8. Price Review. Prices follow the Wholesale Price Index published each quarter.'
)

describe("a who question over a contract with defined parties is answered with one of them", () => {
  it.effect("'Who is responsible for shipping costs?' names the party, not a capitalised phrase near the words", () =>
    Effect.map(shortOf("Who is responsible for shipping costs?", supply), (short) => {
      assert.notInclude(short, "Responsible Person")
      assert.notInclude(short, "Wholesale Price Index")
      assert.match(short, /Supplier|Acme Widgets/)
    })
  )
})

describe("a party that is a person", () => {
  it.effect("a name in capitals before 'an individual residing in …' is the party, not the place", () =>
    Effect.map(
      shortOf(
        "Who are the parties?",
        textDocument(
          'EXECUTIVE EMPLOYMENT AGREEMENT\n\nTHIS EXECUTIVE EMPLOYMENT AGREEMENT (this "Agreement") is entered into on January 15, 2023, between NORTHWIND ROBOTICS CORPORATION, a Delaware corporation with its principal office at 250 Summer Street, Boston, Massachusetts 02210 (the "Company"), and PRIYA VENKATARAMAN, an individual residing in Newton, Massachusetts (the "Executive").'
        )
      ),
      (short) =>
        assert.strictEqual(short, "NORTHWIND ROBOTICS CORPORATION (Company) and PRIYA VENKATARAMAN (Executive)")
    )
  )
})

describe("parties laid out as other countries' contracts lay them out", () => {
  it.effect(
    "'Party A:' and 'Party B:' with their representatives, as contracts translated from Chinese write them",
    () =>
      Effect.map(
        shortOf(
          "Who are the parties?",
          textDocument(
            'EXCLUSIVE TECHNICAL CONSULTING AND SERVICE AGREEMENT\n\nThis Agreement is entered into by the following parties in Shenzhen, the People\'s Republic of China ("PRC") on November 18, 2019:\n\nParty A: Shenzhen Huaxin Network Technology Co., Ltd.\nRegistered Address: Room 1203, Building 5, Nanshan Science Park, Shenzhen\nLegal Representative: Zhang Wei\n\nParty B: Shenzhen Jinlong Information Services Co., Ltd.\nRegistered Address: Floor 8, Tower B, Futian Commercial Center, Shenzhen\nLegal Representative: Li Ming'
          )
        ),
        (short) =>
          assert.strictEqual(
            short,
            "Shenzhen Huaxin Network Technology Co., Ltd. (Party A) and Shenzhen Jinlong Information Services Co., Ltd. (Party B)"
          )
      )
  )

  it.effect(
    "'represented by its managing directors A and B' names signers, not a second party, as German contracts do",
    () =>
      Effect.map(
        shortOf(
          "Who are the parties?",
          textDocument(
            'EXCLUSIVE DISTRIBUTION AGREEMENT\nbetween\nKessler-Brandt Medical GmbH, Gänsäcker Strasse 14, 78532 Tuttlingen, Germany, registered in the commercial register of the local court (Amtsgericht) Stuttgart under HRB 741 228, represented by its managing directors Dr. Matthias Oberländer and Sabine Freitag\n- hereinafter referred to as "the Manufacturer" -\nand\nLumica Healthcare B.V., Vleutensevaart 61, 3532 AD Utrecht, the Netherlands, registered with the Dutch Chamber of Commerce under number 30214587, a wholly owned subsidiary of Lumica Holdings, Inc., represented by its statutory director Pieter-Jan Hoogeveen\n- hereinafter referred to as "the Distributor" -\n- the Manufacturer and the Distributor hereinafter also referred to individually as a "Party" and together as the "Parties" -\nThis Agreement is concluded on 1 September 2016 (the "Signing Date") and shall enter into force on 1 October 2016 (the "Commencement Date").\n1. Products. The Manufacturer shall supply the Products to the Distributor.'
          )
        ),
        (short) => {
          assert.include(short, "Kessler-Brandt Medical GmbH")
          assert.include(short, "Lumica Healthcare B.V.")
          assert.notInclude(short, "Freitag")
        }
      )
  )

  it.effect("'BETWEEN: … - and - …' with each role on a line of its own, as Canadian contracts write them", () =>
    Effect.map(
      shortOf(
        "Who are the parties?",
        textDocument(
          'DISTRIBUTION AGREEMENT\n\nTHIS AGREEMENT made as of the 1st day of June, 2018.\n\nBETWEEN:\n\nMAPLECREST FOODS INC., a corporation incorporated under the laws of the Province of Ontario\n\n(hereinafter referred to as the "Supplier")\n\n- and -\n\nNORTHSHORE WHOLESALE LTD., a corporation incorporated under the laws of the Province of British Columbia\n\n(hereinafter referred to as the "Distributor")\n\nWHEREAS the Supplier manufactures packaged food products;'
        )
      ),
      (short) =>
        assert.strictEqual(short, "MAPLECREST FOODS INC. (Supplier) and NORTHSHORE WHOLESALE LTD. (Distributor)")
    )
  )
})

/**
 * An exclusive appointment names the party appointed as its object ("Customer shall engage BIS as the sole
 * provider"); a non-exclusive licence the same party grants is no denial of it. Heading and clause are quoted once.
 */
const maintenance = textDocument(
  [
    "EQUIPMENT MAINTENANCE AGREEMENT",
    'This Equipment Maintenance Agreement is made on March 1, 2020 between Brightline Industrial Services, Inc. ("BIS") and Halden Packaging Corp. ("Customer").',
    "2.2 Excluded Work. Services do not include repairs made necessary by misuse, accident, neglect, operation other than in accordance with the operating manuals, repairs or modifications performed by persons other than BIS, fire, flood, power surges or other casualty, or relocation of the Covered Equipment.",
    // The heading closes one passage and its clause opens the next, which holds the clause again.
    "2.3 Exclusive Service Provider. During the Term, Customer shall engage BIS as the sole provider of maintenance and repair services for the Covered Equipment, and Customer shall not permit any third-party service organization to perform corrective maintenance on the Covered Equipment; provided, that Customer's in-house engineering staff may perform first-line troubleshooting.",
    "6.1 Software. BIS grants Customer, for the Term only, a non-exclusive, non-transferable license to use the operator-level software installed on the Covered Equipment."
  ].join("\n\n")
)

describe("an exclusive appointment asked of the party appointed", () => {
  it.effect("'Is BIS the exclusive service provider?' is a yes, quoting heading and clause once", () =>
    Effect.map(answerOf("Is BIS the exclusive service provider?", maintenance), (answer) => {
      assert.match(answer, /^Yes\.\n\n"2\.3 Exclusive Service Provider\. During the Term, Customer shall engage BIS/)
      assert.strictEqual(answer.split("Customer shall engage BIS").length - 1, 1, answer)
    })
  )
})

/** Each party's insurance, the other party's first in the document. */
const research = textDocument(
  [
    "MASTER CLINICAL RESEARCH SERVICES AGREEMENT",
    'This Agreement is made between Halvorsen Therapeutics, Inc. ("Sponsor") and Meridian Clinical Research LLC ("Meridian").',
    "11.1 Insurance. Sponsor shall maintain such insurance as it must maintain under Applicable Law, including clinical trial liability insurance, and such insurance as Meridian may reasonably request.",
    "11.2 Coverage. Meridian shall maintain, at its own cost, professional liability insurance with limits of not less than Five Million Dollars ($5,000,000) per claim."
  ].join("\n\n")
)

describe("a kind of clause asked of one party", () => {
  it.effect("'What insurance must Meridian maintain?' quotes Meridian's insurance first", () =>
    Effect.map(answerOf("What insurance must Meridian maintain?", research), (answer) =>
      assert.match(answer, /^"Meridian shall maintain, at its own cost, professional liability insurance/)
    )
  )
})

describe("a yes/no about a kind of clause asked of one party", () => {
  it.effect("'Must Meridian maintain insurance?' quotes Meridian's insurance first", () =>
    Effect.map(answerOf("Must Meridian maintain insurance? Answer yes or no.", research), (answer) => {
      const [short, first] = answer.split("\n\n")
      assert.strictEqual(short, "Yes.")
      assert.match(first ?? "", /^"(?:11\.2 Coverage\. )?Meridian shall maintain/)
    })
  )
})
