import { assert, describe, it } from "@effect/vitest"
import MiniSearch from "minisearch"
import { type StemmedPassage, stemSearch, stemSearchOptions } from "../../src/service/engine/extractive/StemSearch.js"
import { terms } from "../../src/service/engine/extractive/Terms.js"

const passages = [
  "The Supplier shall deliver the Products within thirty days of each purchase order.",
  "Either party may terminate this Agreement on ninety days' written notice to the other party.",
  "Notice of termination shall be given in writing; notice by email is notice in writing.",
  "The Customer shall pay each invoice within forty-five days. Late invoices bear interest.",
  "This Agreement is governed by the laws of the State of New York.",
  "Each party's aggregate liability shall not exceed the fees paid in the twelve months before the claim."
].map((text, id) => ({ id, stems: terms(text) }))

/** The index as MiniSearch builds it one passage at a time, with the same options, for comparison. */
const addedOneByOne = () => {
  const search = new MiniSearch<StemmedPassage>(stemSearchOptions)
  search.addAll(passages)
  return search
}

describe("stemSearch", () => {
  it("builds the index MiniSearch's addAll builds: the same counts, lengths and average, and the same scores", () => {
    const { search: counted } = stemSearch(passages)
    const added = addedOneByOne()
    assert.deepStrictEqual(counted.toJSON(), added.toJSON())
    assert.isAbove(counted.search("notic termin", { combineWith: "OR" }).length, 1)
    for (const query of ["notic termin", "invoic pai dai", "liabil exce fee", "law new york", "absent"]) {
      const options = { combineWith: "OR" as const, boostTerm: (term: string) => (term.startsWith("n") ? 2 : 1) }
      assert.deepStrictEqual(counted.search(query, options), added.search(query, options), query)
    }
  })

  it("counts the passages each stem occurs in, once however often it occurs there", () => {
    const { frequency } = stemSearch(passages)
    assert.strictEqual(frequency.get("notic"), 2)
    assert.strictEqual(frequency.get("parti"), 2)
    assert.strictEqual(frequency.get("york"), 1)
    assert.isUndefined(frequency.get("absent"))
  })
})
