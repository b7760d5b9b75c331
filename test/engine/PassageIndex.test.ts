import { assert, describe, it } from "@effect/vitest"
import { makeIndexCache } from "../../src/service/engine/extractive/PassageIndex.js"
import { splitPassages } from "../../src/service/engine/extractive/Passages.js"
import { processTerm, terms } from "../../src/service/engine/extractive/Terms.js"

const doc = (id: number, text: string) => ({ id, filename: `${id}.txt`, passages: splitPassages(id, [text]) })

describe("terms", () => {
  it("lower-cases, drops stop words and stems, keeping numbers and non- words whole", () => {
    assert.deepStrictEqual(terms("The Parties shall NOT compete; non-compete for 12 months"), [
      "parti",
      "compet",
      "noncompet",
      "12",
      "month"
    ])
    assert.strictEqual(processTerm("monthly"), "month")
    assert.notStrictEqual(processTerm("competent"), processTerm("compete"))
    assert.strictEqual(processTerm("the"), null)
  })
})

describe("makeIndexCache", () => {
  it("reuses an index for the same documents and passage counts, and evicts the least recently used", () => {
    const indexFor = makeIndexCache(2)
    const a = doc(1, "Alpha clause about fees.")
    const b = doc(2, "Beta clause about notices.")
    const c = doc(3, "Gamma clause about law.")
    const first = indexFor([a])
    assert.strictEqual(indexFor([a]), first)
    assert.notStrictEqual(indexFor([a, b]), first)
    indexFor([a])
    indexFor([c])
    assert.strictEqual(indexFor([a]), first)
    const reingested = { ...a, passages: splitPassages(1, ["Alpha clause about fees.", "A longer page. ".repeat(60)]) }
    assert.isAbove(reingested.passages.length, a.passages.length)
    assert.notStrictEqual(indexFor([reingested]), first)
  })

  it("ranks with BM25 over the stemmed terms", () => {
    const index = makeIndexCache(1)([doc(1, "The governing law is Maine. Rent is due monthly.")])
    assert.strictEqual(index.passages.length, 1)
    assert.isAbove(index.search.search("govern").length, 0)
    assert.isAbove(index.idf("zzz"), index.idf("govern"))
  })
})
