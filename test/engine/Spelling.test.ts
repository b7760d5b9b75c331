import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { terms } from "../../src/service/engine/extractive/Terms.js"
import { shortOf, textDocument } from "./documentOf.js"

/** Two amounts: a reader in British spelling asks for the one the text spells in American. */
const software = textDocument(
  "SOFTWARE LICENSE AGREEMENT\n\n4.1 Licensee shall pay Licensor a license fee of $5,000 per year.\n\n4.2 Licensee shall pay a support fee of $1,200 per year."
)

describe("British and American spellings are the same words", () => {
  it("licence, licensee, favoured and labour meet their American spellings", () => {
    assert.deepStrictEqual(
      terms("licence licences licencee favoured labour"),
      terms("license licenses licensee favored labor")
    )
  })

  it.effect("'What is the licence fee?' finds the license fee", () =>
    Effect.map(shortOf("What is the licence fee?", software), (short) => assert.strictEqual(short, "$5,000 per year"))
  )
})
