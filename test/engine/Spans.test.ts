import { assert, describe, it } from "@effect/vitest"
import { findMoney, findNumbers, findPercentages } from "../../src/service/engine/extractive/AmountSpans.js"
import { findDates } from "../../src/service/engine/extractive/DateSpans.js"
import { findDurations } from "../../src/service/engine/extractive/DurationSpans.js"
import { parseNumberWords } from "../../src/service/engine/extractive/NumberWords.js"
import { findOrganisations, findPersons, findRoles } from "../../src/service/engine/extractive/PartySpans.js"
import { findGoverningLaw, findVenue } from "../../src/service/engine/extractive/PlaceSpans.js"

type Span = { readonly text: string }

const texts = (spans: ReadonlyArray<Span>) => spans.map((span) => span.text)

/** One test per phrase: `find` finds exactly one span in it, and normalises it to the expected text. */
const findsOneIn = (find: (text: string) => ReadonlyArray<Span>, cases: ReadonlyArray<[string, string]>) =>
  it.each(cases)("%s → %s", (text, expected) => {
    assert.deepStrictEqual(texts(find(text)), [expected])
  })

describe("dates", () => {
  describe("normalises the common written forms to Month D, YYYY", () =>
    findsOneIn(findDates, [
      ["entered into as of March 1, 2024 by", "March 1, 2024"],
      ["dated 15 January 2024 and", "January 15, 2024"],
      ["the 1st day of February, 2020 (the", "February 1, 2020"],
      ["effective as of the 1st of April, 2013.", "April 1, 2013"],
      ["effective 2024-07-01.", "July 1, 2024"],
      ["effective 02/12/2024 by", "February 12, 2024"],
      ["expires 31/12/2024", "December 31, 2024"],
      ["on Sept. 9th, 2024", "September 9, 2024"],
      ["MARCH 3, 2023", "March 3, 2023"],
      ["this 14t h day of February 2020", "February 14, 2020"],
      ["signed 3/21/08", "March 21, 2008"],
      ["as of the fourteenth day of March, two thousand twenty-two, by", "March 14, 2022"],
      ["this 3rd day of May, two thousand and nineteen.", "May 3, 2019"]
    ]))

  it("keeps partial and recurring dates as written", () => {
    assert.deepStrictEqual(texts(findDates("on or before March 2025")), ["March 2025"])
    assert.deepStrictEqual(texts(findDates("dated April ____, 2003")), ["April ____, 2003"])
    assert.deepStrictEqual(texts(findDates("due on the first day of each calendar month")), [
      "the first day of each calendar month"
    ])
  })

  it("rejects impossible dates", () => {
    assert.deepStrictEqual(texts(findDates("13/13/2024 and February 45, 2024")), [])
  })
})

describe("money", () => {
  it("finds amounts with currency, scale and rate", () => {
    assert.deepStrictEqual(texts(findMoney("shall not exceed $1,250,000.00 in total")), ["$1,250,000.00"])
    assert.deepStrictEqual(texts(findMoney("a fee of USD 50,000 per month")), ["USD 50,000 per month"])
    assert.deepStrictEqual(texts(findMoney("priced at EUR 3.40 per kilogram")), ["EUR 3.40 per kilogram"])
    assert.deepStrictEqual(texts(findMoney("net sales of $48.6 million")), ["$48.6 million"])
    assert.deepStrictEqual(texts(findMoney("guidance of $190–195 million")), ["$190–195 million"])
    assert.deepStrictEqual(texts(findMoney("paid 1,000 dollars")), ["1,000 dollars"])
  })

  it("ignores numbers that are not money", () => {
    assert.deepStrictEqual(texts(findMoney("within 30 days under Section 4.2")), [])
  })
})

describe("durations", () => {
  describe("normalises periods to digits and units", () =>
    findsOneIn(findDurations, [
      ["upon thirty (30) days' written notice", "30 days"],
      ["a term of 12 months", "12 months"],
      ["a 90-day cure period", "90 days"],
      ["within five (5) business days", "5 business days"],
      ["for one year", "1 year"],
      ["twenty-four months after", "24 months"],
      ["one hundred eighty (180) days before", "180 days"],
      ["within seventy-two (72) hours", "72 hours"],
      ["payable net 30", "30 days"]
    ]))

  it("does not read the day of a date as a period", () => {
    assert.deepStrictEqual(texts(findDurations("on the 15th day of March, 2024")), [])
  })

  it("parses spelled-out numbers", () => {
    assert.strictEqual(parseNumberWords("one hundred and eighty"), 180)
    assert.strictEqual(parseNumberWords("twenty-four"), 24)
    assert.strictEqual(parseNumberWords("two thousand five hundred"), 2500)
    assert.strictEqual(parseNumberWords("several"), undefined)
  })
})

describe("percentages and numbers", () => {
  it("finds percentages, spelled or not, with a rate", () => {
    assert.deepStrictEqual(texts(findPercentages("interest at 1.5% per month")), ["1.5% per month"])
    assert.deepStrictEqual(texts(findPercentages("fifteen percent of the price")), ["15%"])
    assert.deepStrictEqual(texts(findPercentages("available 99.9 percent of the time")), ["99.9%"])
  })

  it("reads no whole number from the words after a decimal point", () => {
    assert.deepStrictEqual(
      texts(findPercentages("the overdue fine of zero point zero five percent (0.05%) of the delayed amount")),
      ["0.05%"]
    )
  })

  it("finds counts with their unit, not dates, amounts or section numbers", () => {
    const isUnit = (word: string) => ["units", "seats", "employees"].includes(word)
    const found = findNumbers(
      "Buyer shall purchase 250,000 units under Section 4.2 by March 1, 2024 for $5,000 and two hundred (200) seats",
      isUnit
    )
    assert.deepStrictEqual(texts(found), ["250,000 units", "200 seats"])
  })

  it("counts nothing with 'one' as an idiom or a number after '#'", () => {
    const found = findNumbers(
      "Developer must submit one or more sites; this may be executed in counterparts, which are one and the same instrument; any one of them may sign. Restaurant # 2 opens first, then one restaurant each year."
    )
    assert.deepStrictEqual(texts(found), ["1"])
    assert.strictEqual(found[0]?.start, 177)
  })
})

describe("governing law and venue", () => {
  describe("names the jurisdiction", () =>
    findsOneIn(findGoverningLaw, [
      ["governed by the laws of the State of New York, without regard", "New York"],
      ["governed by the laws of England and Wales.", "England and Wales"],
      ["governed by Delaware law", "Delaware"],
      ["the laws of the Commonwealth of Massachusetts", "Massachusetts"],
      ["THE INTERNAL LAWS OF THE STATE OF NEW YORK APPLICABLE", "New York"],
      ["This Agreement is governed by English law.", "England"],
      ["This Agreement shall be construed in accordance with Delaware law.", "Delaware"],
      ["accepted in the State of Nevada and governed by the laws thereof", "Nevada"]
    ]))

  it("names the courts' or arbitration's place", () => {
    assert.deepStrictEqual(texts(findVenue("the state and federal courts located in New York County, New York.")), [
      "New York County, New York"
    ])
    assert.deepStrictEqual(texts(findVenue("The seat of arbitration shall be London, England.")), ["London, England"])
    assert.deepStrictEqual(
      texts(
        findVenue(
          "either Party may submit the dispute to China International Economic and Trade Arbitration Commission (CIETAC) Shanghai Sub-Commission for arbitration"
        )
      ),
      ["Shanghai"]
    )
  })
})

describe("parties", () => {
  it("finds organisations and persons", () => {
    assert.deepStrictEqual(texts(findOrganisations("between NORTHWIND ANALYTICS, INC. and Fenwick & Marsh LLP")), [
      "NORTHWIND ANALYTICS, INC.",
      "Fenwick & Marsh LLP"
    ])
    assert.deepStrictEqual(texts(findPersons("Sincerely, Marcus Bell Chief Information Officer")), ["Marcus Bell"])
    assert.deepStrictEqual(texts(findPersons("Governing Law and Notices")), [])
  })

  it("reads defined roles from a preamble", () => {
    const roles = findRoles(
      `by and between Northwind Analytics, Inc., a Delaware corporation with offices at 400 Pine Street ("Provider"), and Halcyon Retail Group LLC, a New York limited liability company ("Client"), as of March 1, 2024 (the "Effective Date").`
    )
    assert.deepStrictEqual(
      roles.map((role) => [role.role, role.name]),
      [
        ["Provider", "Northwind Analytics, Inc."],
        ["Client", "Halcyon Retail Group LLC"]
      ]
    )
    assert.deepStrictEqual(
      findRoles("Landlord: Harborview Properties LLC\nTenant: Quillfeather Books, Inc.").map((role) => role.name),
      ["Harborview Properties LLC", "Quillfeather Books, Inc."]
    )
  })
})
