import { assert, describe, it } from "@effect/vitest"
import { type AnswerKind, detectKind } from "../../src/service/engine/extractive/AnswerKind.js"

const cases: ReadonlyArray<readonly [string, AnswerKind]> = [
  ["What is the effective date?", "date"],
  ["When does the lease term end?", "date"],
  ["Can you tell me the effective date?", "date"],
  ["What is the monthly base rent?", "money"],
  ["How much is the signing bonus?", "money"],
  ["What were net sales in the third quarter?", "money"],
  ["What is the maximum aggregate liability?", "money"],
  ["How much notice is required to terminate for convenience?", "duration"],
  ["How long is the warranty?", "duration"],
  ["Within how many days must invoices be paid?", "duration"],
  ["What is the initial term?", "duration"],
  ["How much paid time off does the employee get?", "duration"],
  ["Who is the supplier?", "party"],
  ["Who are the parties to the agreement?", "party"],
  ["What company is the tenant?", "party"],
  ["Which state's law governs the agreement?", "law"],
  ["What is the governing law?", "law"],
  ["Where must disputes be litigated?", "law"],
  ["Which courts have jurisdiction?", "law"],
  ["Does the agreement renew automatically?", "yesno"],
  ["Is there a non-compete clause?", "yesno"],
  ["Can either party terminate for convenience?", "yesno"],
  ["Are fees refundable?", "yesno"],
  ["What is the late payment interest rate?", "number"],
  ["What percentage of fees is credited?", "number"],
  ["How many named users are licensed?", "number"],
  ["What was the gross margin?", "number"],
  ["What drove the improvement in gross margin?", "text"],
  ["How must notices be delivered?", "text"],
  ["Summarize the confidentiality obligations.", "text"],
  ["What is the purpose of the NDA?", "text"]
]

describe("detectKind", () => {
  it("recognises the kind of answer a question asks for", () => {
    for (const [question, kind] of cases) assert.strictEqual(detectKind(question), kind, question)
  })
})
