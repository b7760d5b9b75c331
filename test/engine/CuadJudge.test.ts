import { assert, describe, it } from "vitest"
import { namesDate, quotesClause, samePeriod } from "./cuad/CuadJudge.js"

describe("the CUAD judge", () => {
  it("compares periods in digits or in words, by their length", () => {
    assert.isTrue(samePeriod("Forty-five (45) days' notice", "45 days"))
    assert.isTrue(samePeriod("one year", "12 months"))
    assert.isTrue(samePeriod("eighteen months", "18 months"))
    assert.isFalse(samePeriod("thirty days", "60 days"))
    assert.isFalse(samePeriod("often renewed", "10 days"))
  })

  it("needs ten words of a clause in a row, or a short clause whole", () => {
    const clause = "Neither party may assign this Agreement without the prior written consent of the other party."
    assert.isTrue(quotesClause(`Yes.\n\n"${clause}" (p. 2)`, clause))
    assert.isFalse(quotesClause("Neither party may assign this Agreement.", clause))
    assert.isTrue(namesDate("made as of the 15th day of July, 2005", "7/15/2005"))
  })

  it("names a date blank but for its year by that year after a blank, as the contract prints it", () => {
    assert.isTrue(namesDate('No date is filled in (the form reads "___________, 2015")', "[]/[]/2015"))
    assert.isTrue(namesDate("dated [●], 2020", "[]/[]/2020"))
    assert.isFalse(namesDate('No date is filled in (the form reads "___________, 2015")', "[]/[]/2016"))
    assert.isFalse(namesDate('No date is filled in (the form reads "___________, 2015")', "7/15/2015"))
    assert.isFalse(namesDate("in 2015", "[]/[]/2015"))
  })
})
