import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { chatAnswerOf, documentOf, idOf } from "./documentOf.js"

const contract = (name: string, term: string) => {
  const text = `${name.toUpperCase()} AGREEMENT\n\n1. Services. The Provider shall provide the services in Schedule A for the fees in Schedule B.\n\n7. Term. ${term}\n\n9. Governing Law. This Agreement is governed by the laws of Ohio.`
  return documentOf(idOf(text), `${name}.txt`, [text])
}

const documents = [
  contract("alpha", "The term of this Agreement shall be two (2) years from the Effective Date."),
  contract("bravo", "The term of this Agreement shall be for 10 years commencing on the date of execution."),
  contract("charlie", "This Agreement shall continue in force until terminated by either party on written notice."),
  contract(
    "delta",
    'This Agreement shall commence on the Effective Date and shall continue for a period of six (6) months ("Initial Term").'
  ),
  contract("echo", "The Provider shall keep records of the services for seven (7) years.")
]

const ask = (query: string) => chatAnswerOf(query, documents)

describe("the term of each of several agreements", () => {
  it.effect("the longest and the shortest, read from each one's term clause", () =>
    Effect.gen(function* () {
      const longest = yield* ask("Which of these agreements has the longest term?")
      assert.match(longest, /^The longest term: bravo\.txt \(10 years\)\.\n\n10 years\n\n/)
      for (const listed of ["alpha.txt", "charlie.txt", "delta.txt"]) assert.include(longest, listed)
      // A period that is no term (records kept for seven years) is not one.
      assert.notInclude(longest, "echo.txt")
      assert.match(yield* ask("Which contract has the shortest term?"), /^The shortest term: delta\.txt \(6 months\)\./)
    })
  )
})
