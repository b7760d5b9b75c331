import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { shortOf, textDocument } from "./documentOf.js"

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
