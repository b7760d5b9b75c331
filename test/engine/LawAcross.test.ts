import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { chatAnswerOf, documentOf, idOf } from "./documentOf.js"

const contract = (name: string, law: string) => {
  const text = `${name.toUpperCase()} AGREEMENT\n\n1. Services. The Provider shall provide the services described in Schedule A.\n\n2. Fees. The Client shall pay the fees within thirty (30) days of invoice.\n\n9. Governing Law. This Agreement shall be governed by the laws of ${law}.`
  return documentOf(idOf(text), `${name}.txt`, [text])
}

/** Six contracts: the ones under New York law rank no higher than the others for a question that names it. */
const documents = [
  contract("alpha", "the State of California"),
  contract("bravo", "the State of New York"),
  contract("charlie", "England and Wales"),
  contract("delta", "the State of Texas"),
  contract("echo", "the State of New York"),
  contract("foxtrot", "the Province of Ontario")
]

const ask = (query: string) => chatAnswerOf(query, documents)

describe("a law question over several documents that names a place", () => {
  it.effect("lists exactly the documents governed by that law", () =>
    Effect.gen(function* () {
      const answer = yield* ask("Which contracts are governed by New York law?")
      assert.include(answer, "bravo.txt")
      assert.include(answer, "echo.txt")
      for (const other of ["alpha.txt", "charlie.txt", "delta.txt", "foxtrot.txt"]) assert.notInclude(answer, other)
    })
  )

  it.effect("says that none is, when none is", () =>
    Effect.map(ask("Which agreements are under Delaware law?"), (answer) =>
      assert.strictEqual(answer, "None of the 6 documents names Delaware law as its governing law.")
    )
  )

  it.effect("a question that names no place lists each document's law, and nothing found says documents", () =>
    Effect.gen(function* () {
      const each = yield* ask("Which law governs each agreement?")
      for (const place of ["California", "New York", "England and Wales", "Texas", "Ontario"])
        assert.include(each, place)
      assert.strictEqual(
        yield* ask("What is the airspeed velocity of an unladen swallow?"),
        "Not found in the documents."
      )
    })
  )
})
