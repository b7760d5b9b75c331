import { assert, describe, it } from "@effect/vitest"
import {
  cellText,
  cutForExcel,
  excelCellLimit,
  parseDate,
  parseNumber,
  typedValue
} from "../../src/export/CellValues.js"
import { columnType } from "../../src/export/index.js"
import { timestampTag } from "../../src/export/ReportFiles.js"

describe("CellValues", () => {
  it("parses clean numbers only", () => {
    assert.strictEqual(parseNumber(" 1,234.50 "), 1234.5)
    assert.strictEqual(parseNumber("-0.5"), -0.5)
    assert.strictEqual(parseNumber("1e3"), 1000)
    for (const text of ["$12", "12 EUR", "1,23", "about 3", "", ".", "e5", "1.2.3", "Infinity"]) {
      assert.isUndefined(parseNumber(text), text)
    }
  })

  // "1234567890123456789" (an account number in a number column) was written as 1234567890123456800 in the CSV and
  // shown as 1.23457E+18 by Excel: a different number.
  it("keeps a number with more digits than a spreadsheet holds (15) as its text", () => {
    assert.strictEqual(parseNumber("123,456,789,012,345"), 123456789012345)
    assert.strictEqual(parseNumber("0.000123456789012345"), 0.000123456789012345)
    assert.strictEqual(parseNumber("1500000000000000000000"), 1.5e21)
    for (const text of ["1234567890123456789", "1,234,567,890,123,456", "0.1234567890123456", "1.234567890123456e5"]) {
      assert.isUndefined(parseNumber(text), text)
      assert.strictEqual(typedValue(text, "number"), text)
    }
  })

  it("parses ISO dates and date-times, rejecting impossible days", () => {
    assert.deepStrictEqual(parseDate("2026-11-22"), new Date("2026-11-22T00:00:00Z"))
    assert.deepStrictEqual(parseDate("2026-11-22 03:15"), new Date("2026-11-22T03:15:00Z"))
    assert.deepStrictEqual(parseDate("2026-11-22T03:15:00+01:00"), new Date("2026-11-22T02:15:00Z"))
    for (const text of ["2026-02-30", "22/11/2026", "Nov 22, 2026", "2026-11-22T25:00"]) {
      assert.isUndefined(parseDate(text), text)
    }
  })

  it("types answers by column: text stays text", () => {
    assert.strictEqual(typedValue("00123", "text"), "00123")
    assert.strictEqual(typedValue("00123", "number"), 123)
    assert.strictEqual(typedValue("soon", "date"), "soon")
    assert.strictEqual(columnType({ id: 1, name: "n", query: "q", meta: { type: "date" } }), "date")
    assert.strictEqual(columnType({ id: 1, name: "n", query: "q", meta: { type: "weird" } }), "text")
    assert.strictEqual(columnType({ id: 1, name: "n", query: "q", meta: { type: "date" }, type: "number" }), "number")
  })

  it("marks cells without an answer", () => {
    const base = { documentId: 1, columnId: 1, response: undefined, attempts: 0, seconds: undefined }
    assert.strictEqual(cellText({ ...base, status: "failed", error: "boom" }), "FAILED: boom")
    assert.strictEqual(cellText({ ...base, status: "failed", error: undefined }), "FAILED: no reason recorded")
    assert.strictEqual(cellText({ ...base, status: "pending", error: undefined }), "(pending)")
    assert.strictEqual(cellText(undefined), "")
  })

  it("cuts at Excel's limit without splitting an emoji", () => {
    assert.strictEqual(cutForExcel("short"), "short")
    const exact = "a".repeat(excelCellLimit)
    assert.strictEqual(cutForExcel(exact), exact)
    for (let shift = 0; shift < 2; shift++) {
      const cut = cutForExcel("a".repeat(shift) + "😀".repeat(20_000))
      assert.isAtMost(cut.length, excelCellLimit)
      assert.isFalse(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(cut), "no lone high surrogate")
      assert.include(cut, "characters in full")
    }
  })

  it("stamps reports with a compact UTC timestamp", () => {
    assert.strictEqual(timestampTag(new Date("2026-11-22T03:15:00.999Z")), "20261122T031500Z")
  })
})
