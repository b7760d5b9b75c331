import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import type { ClauseName } from "../../src/service/engine/extractive/ClauseNames.js"
import { clauseTypeOf } from "../../src/service/engine/extractive/ClauseTypes.js"
import { conceptOf } from "../../src/service/engine/extractive/Concepts.js"
import model from "../../src/service/engine/extractive/clause-model.json" with { type: "json" }
import { relatedLeadStart, withoutRelated } from "../../src/service/engine/extractive/RelatedClauses.js"
import { answerOf, textDocument } from "./documentOf.js"

const contract = (...clauses: ReadonlyArray<string>) =>
  textDocument(
    ["SERVICES AGREEMENT", ...clauses, "12. Governing Law. This Agreement is governed by the laws of Delaware."].join(
      "\n\n"
    )
  )

/** A share of revenue in words no rule reads as revenue sharing: no "share", "percent of revenue" or "royalty". */
const remits =
  "Company shall remit to Partner forty percent of all amounts it collects from Subscribers referred by Partner, within thirty days after the end of each calendar quarter."
const referral = contract("1. Services. Provider shall host the Platform for Company.", `4. Fees. ${remits}`)

const assignment =
  "Neither party may assign this Agreement without the prior written consent of the other party, and any assignment in breach of this Section is void."

describe("passages the clause model relates to a question about a kind of clause", () => {
  it.effect(
    "show a clause the rules do not read, after the rules' own answer and under a lead saying what they are",
    () =>
      Effect.gen(function* () {
        const answer = yield* answerOf("Is there revenue sharing?", referral)
        const [short, lead, quote] = answer.split("\n\n")
        assert.strictEqual(short, "No clause found.")
        assert.strictEqual(lead, `${relatedLeadStart} a revenue or profit sharing clause:`)
        assert.strictEqual(quote, `"${remits}" (p. 1)`)
        assert.strictEqual(withoutRelated(answer), "No clause found.")
      })
  )

  it.effect("never repeat a clause the answer quotes", () =>
    Effect.gen(function* () {
      const answer = yield* answerOf(
        "Can either party assign the agreement?",
        contract("1. Services. Provider shall host the Platform for Company.", `9. Assignment. ${assignment}`)
      )
      assert.match(answer, /^Only with consent\./)
      assert.strictEqual(answer.split(assignment).length, 2, answer)
    })
  )

  it.effect("are not shown where nothing in the document scores like the kind", () =>
    Effect.map(
      answerOf(
        "Is there revenue sharing?",
        contract(
          "1. Premises. Landlord leases to Tenant the apartment at 4 Elm Street.",
          "2. Pets. Tenant may keep one cat, and shall repair any damage the cat causes to the floors."
        )
      ),
      (answer) => assert.strictEqual(answer, "No clause found.")
    )
  )

  it.effect("follow only questions that name a kind of clause", () =>
    Effect.map(answerOf("Which law governs?", referral), (answer) => {
      assert.match(answer, /^Delaware\n\n/)
      assert.notInclude(answer, relatedLeadStart)
    })
  )
})

describe("the clause model shipped", () => {
  it("has a model for each kind CUAD labels, named as the engine names its kinds", () => {
    const kinds = Object.keys(model.kinds)
    assert.strictEqual(kinds.length, 34)
    // Each is the kind a question naming it is read as: a misspelt name would never be asked.
    const asked = (kind: string): ClauseName | undefined => clauseTypeOf(kind)?.name ?? conceptOf(kind, [])?.name
    const unknown = kinds.filter((kind) => asked(kind) === undefined && asked(`Is there ${kind}?`) === undefined)
    assert.deepStrictEqual(unknown, [])
    assert.match(model.source, /CUAD v1 .*CC BY 4\.0.*less every clause found in the 53 evaluation contracts/)
  })
})
