import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { shortOf, textDocument } from "./documentOf.js"

/** Termination on insolvency, said only in terms of bankruptcy. */
const outsourcing = textDocument(
  "MANUFACTURING OUTSOURCING AGREEMENT\n\n16.4. Either party may terminate this Agreement for a material breach not cured within thirty (30) days.\n\n16.5. Either party shall be entitled to terminate this Agreement upon the other party seeking an order for relief under the bankruptcy laws of any jurisdiction, a composition with or assignment for the benefit of creditors, or dissolution or liquidation."
)

describe("insolvency and bankruptcy are asked about in each other's words", () => {
  it.effect("'Can either party terminate if the other party is insolvent?' finds the bankruptcy clause", () =>
    Effect.map(shortOf("Can either party terminate if the other party is insolvent?", outsourcing), (short) =>
      assert.strictEqual(short, "Yes.")
    )
  )
})
