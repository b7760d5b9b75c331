import { assert, describe, it } from "@effect/vitest"
import { neutralizeFormula } from "../../src/export/index.js"

describe("neutralizeFormula", () => {
  it("prefixes values starting with = + - @ tab CR LF (and their full-width forms) with a single quote", () => {
    for (const value of ["=1+1", "+1", "-1", "@A1", "\tx", "\rx", "\nx", "＝1+1", "＋1", "－1", "＠A1"]) {
      assert.strictEqual(neutralizeFormula(value, false), `'${value}`)
    }
  })

  it("leaves other values, and everything when formulas are allowed", () => {
    for (const value of ["", "plain", " =1", "1-1", "'=quoted", "(pending)", "東京"]) {
      assert.strictEqual(neutralizeFormula(value, false), value)
    }
    assert.strictEqual(neutralizeFormula("=SUM(A1:A9)", true), "=SUM(A1:A9)")
  })
})
