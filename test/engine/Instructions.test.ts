import { assert, describe, it } from "@effect/vitest"
import { detectKind } from "../../src/service/engine/extractive/AnswerKind.js"
import { readInstructions } from "../../src/service/engine/extractive/Instructions.js"

describe("readInstructions", () => {
  it("keeps the question and drops answer-format instructions", () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      [
        "Who are the parties to this agreement? Give each party's full legal name and its role (for example supplier or customer).",
        "Who are the parties to this agreement?"
      ],
      [
        'What is the effective date of this agreement? Answer as YYYY-MM-DD, or "not stated".',
        "What is the effective date of this agreement?"
      ],
      [
        'Does this agreement renew automatically? Answer "yes" or "no", then the renewal term if any.',
        "Does this agreement renew automatically?"
      ],
      [
        'Is either party\'s liability capped? Give the cap (amount or formula), or "no cap".',
        "Is either party's liability capped?"
      ],
      [
        "What is the total contract value or the fees payable, with currency and payment terms?",
        "What is the total contract value or the fees payable?"
      ],
      ["What is the notice period (in days)?", "What is the notice period?"],
      ["Does it renew automatically (e.g. evergreen)? Reply in one word.", "Does it renew automatically?"],
      ["Does the agreement renew automatically?", "Does the agreement renew automatically?"],
      ['What does "Purpose" mean?', 'What does "Purpose" mean?'],
      ["Summarize the indemnities. List any caps.", "Summarize the indemnities. List any caps."],
      [
        "When does the lease end? If so, is there an option to renew?",
        "When does the lease end? If so, is there an option to renew?"
      ]
    ]
    for (const [query, core] of cases) assert.strictEqual(readInstructions(query).core, core, query)
  })

  it("reads the format the query asks for and its words for nothing found", () => {
    const date = readInstructions('What is the effective date? Answer as YYYY-MM-DD, or "not stated".')
    assert.isTrue(date.isoDate)
    assert.strictEqual(date.fallback, "not stated")
    const notice = readInstructions('What notice period is required? Answer in days, or "not stated".')
    assert.isTrue(notice.inDays)
    assert.isFalse(notice.isoDate)
    // "yes" and "no" are the options of a yes/no question, not what to say when nothing is found.
    assert.isUndefined(readInstructions('Is there a cap? Answer "yes" or "no".').fallback)
    assert.strictEqual(readInstructions('Is liability capped? Give the cap, or "no cap".').fallback, "no cap")
    assert.isTrue(readInstructions("How long is the initial term? Give the number of months.").inMonths)
    assert.isTrue(readInstructions("How long is the initial term? Answer in years.").inYears)
    // Either unit asked for: the one the contract uses stays.
    const either = readInstructions("What is the duration of the warranty? Answer in months or years.")
    assert.isFalse(either.inMonths || either.inYears)
  })

  it("lets the question alone decide the answer kind", () => {
    assert.strictEqual(detectKind("What is the total contract value or the fees payable, with payment terms?"), "money")
    assert.strictEqual(detectKind("What is the contract value?"), "money")
    assert.strictEqual(detectKind('Does it renew automatically? Answer "yes" or "no", then the renewal term.'), "yesno")
    assert.strictEqual(detectKind("Who are the parties? Give each role (for example supplier or customer)."), "party")
    assert.strictEqual(detectKind("What are the payment terms?"), "duration")
  })
})
