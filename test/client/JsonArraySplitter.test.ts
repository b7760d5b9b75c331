import { assert, describe, it } from "@effect/vitest"
import { makeJsonArraySplitter } from "../../src/client/JsonArraySplitter.js"

/** Feeds `body` in chunks of `size` bytes; the element texts parsed, and the finish message. */
const split = (body: string, size: number) => {
  const bytes = new TextEncoder().encode(body)
  const splitter = makeJsonArraySplitter()
  const texts: Array<string> = []
  for (let at = 0; at < bytes.length; at += size) texts.push(...splitter.push(bytes.subarray(at, at + size)))
  return { values: texts.map((text) => JSON.parse(text) as unknown), problem: splitter.finish() }
}

describe("JsonArraySplitter", () => {
  const tricky = [
    { id: 1, response: 'a "quoted", [bracketed] {braced} answer \\ with \\" escapes' },
    { id: 2, response: "naïve café — 日本語 🙂", meta: { list: [1, [2, { x: "]" }]] } },
    7,
    "plain",
    null,
    []
  ]

  it("gives every element, whatever the chunk size (multi-byte characters split across chunks)", () => {
    const body = ` \n${JSON.stringify(tricky, null, 1)}\n `
    for (const size of [1, 2, 3, 7, 64, 100_000]) {
      const { values, problem } = split(body, size)
      assert.deepStrictEqual(values, tricky, `chunk size ${size}`)
      assert.isUndefined(problem)
    }
  })

  it("an empty array has no elements", () => {
    assert.deepStrictEqual(split("[]", 1), { values: [], problem: undefined })
    assert.deepStrictEqual(split(" [ ] ", 2), { values: [], problem: undefined })
  })

  it("reports a body that is not an array, or ends early", () => {
    assert.strictEqual(split('{"cells": []}', 4).problem, "expected an array of cells")
    assert.strictEqual(split("", 4).problem, "expected an array of cells")
    assert.strictEqual(split('[{"id": 1}, {"id": 2', 4).problem, "the body ends before the array does")
    assert.strictEqual(split('[{"id": 1}] x', 4).problem, "expected an array of cells")
  })

  it("hands blank elements to JSON.parse, which rejects them", () => {
    const splitter = makeJsonArraySplitter()
    const texts = splitter.push(new TextEncoder().encode("[1,,2]"))
    assert.throws(() => texts.map((text) => JSON.parse(text)))
  })
})
