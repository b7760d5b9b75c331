import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { chatAnswerOf, documentOf, idOf, shortOf, textDocument } from "./documentOf.js"

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

describe("where disputes go", () => {
  const disputes = textDocument(
    "EMPLOYMENT AGREEMENT\n\n9.1 Governing Law. This Agreement shall be governed by the laws of the Commonwealth of Massachusetts.\n\n9.2 Dispute Resolution. Any dispute arising out of this Agreement shall be resolved by final and binding arbitration administered by JAMS in Boston, Massachusetts before a single arbitrator.\n\n9.3 The parties consent to the exclusive jurisdiction of the state and federal courts located in Suffolk County, Massachusetts for any claim for injunctive relief."
  )
  it.effect(
    "the seat of an arbitration 'administered by JAMS in Boston', not the law chosen or the courts for injunctions",
    () =>
      Effect.map(shortOf("Where are disputes arbitrated?", disputes), (short) =>
        assert.strictEqual(short, "Boston, Massachusetts")
      )
  )
  it.effect("the courts, asked where disputes are heard, not the law chosen", () =>
    Effect.map(
      shortOf(
        "Where are disputes heard?",
        textDocument(
          "OFFICE LEASE\n\n13.1 This Lease and any dispute arising out of it shall be governed by and construed in accordance with the laws of the State of California, without regard to its conflict of laws principles.\n\n13.2 Any action arising out of this Lease shall be brought exclusively in the state or federal courts located in San Diego County, California."
        )
      ),
      (short) => assert.strictEqual(short, "San Diego County, California")
    )
  )
  it.effect("the law, asked which law governs", () =>
    Effect.map(shortOf("Which law governs?", disputes), (short) => assert.strictEqual(short, "Massachusetts"))
  )
  it.effect("a state's law beside federal law 'to the extent applicable': the state", () =>
    Effect.map(
      shortOf(
        "Which state's law governs?",
        textDocument(
          "MOTOR CARRIER AGREEMENT\n\n16.1 This Agreement shall be governed by the laws of the United States to the extent applicable and, to the extent not governed by federal law, by the laws of the State of Illinois, without regard to its conflicts of laws rules."
        )
      ),
      (short) => assert.strictEqual(short, "Illinois")
    )
  )
})
