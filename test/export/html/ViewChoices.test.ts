import { assert, describe, it } from "@effect/vitest"
import type { PageData } from "../../../src/export/html/PageData.js"
import { initialView, nameChoices, noChoices, placeChoices } from "../../../src/export/html/page/View.js"

/** Only what the choices read: the query columns' names and the documents' ids. */
const data = (columns: ReadonlyArray<string>, ids: ReadonlyArray<number>) =>
  ({ columns: columns.map((name) => ({ name })), documents: { ids } }) as unknown as PageData

describe("the view's choices across live updates", () => {
  it("a column missing from one update is hidden, sorted and followed again when it is back", () => {
    const before = data(["Parties", "Law", "Notice"], [5, 6, 7])
    // Notice hidden, sorted by Law, the detail open on document 6's Law.
    const view = { ...initialView, hidden: new Set([2]), sort: { key: 1, descending: true } }
    const named = nameChoices(view, { row: 1, col: 1 }, before, noChoices)

    // A --fresh run has forgotten its columns for a moment: nothing is placed, nothing is forgotten.
    const empty = data([], [5, 6, 7])
    const during = placeChoices(named, view, empty)
    assert.deepStrictEqual([...during.view.hidden], [])
    assert.isUndefined(during.view.sort)
    assert.isUndefined(during.cell)
    const kept = nameChoices(during.view, undefined, empty, named)
    assert.deepStrictEqual(kept, named)

    // The columns are made again, in another order: each choice finds its column by name.
    const after = data(["Notice", "Law", "Parties"], [6, 7, 5])
    const placed = placeChoices(kept, during.view, after)
    assert.deepStrictEqual([...placed.view.hidden], [0])
    assert.deepStrictEqual(placed.view.sort, { key: 1, descending: true })
    assert.deepStrictEqual(placed.cell, { row: 0, col: 1 })
  })

  it("what the person changed is not brought back", () => {
    const shown = data(["Parties", "Law"], [1, 2])
    const hiddenLaw = nameChoices({ ...initialView, hidden: new Set([1]) }, undefined, shown, noChoices)
    // Law shown again and no sort: the choices drop both; no detail was opened.
    const changed = nameChoices(initialView, undefined, shown, hiddenLaw)
    assert.deepStrictEqual([...changed.hidden], [])
    assert.isUndefined(changed.sort)
    assert.isUndefined(changed.cell)
    // A document gone: its cell is not placed on another document's row.
    const opened = nameChoices(initialView, { row: 1, col: 0 }, shown, noChoices)
    assert.isUndefined(placeChoices(opened, initialView, data(["Parties", "Law"], [1, 3])).cell)
  })
})
