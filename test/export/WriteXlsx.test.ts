import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import ExcelJS from "exceljs"
import { indexCells, writeXlsx } from "../../src/export/index.js"
import { colours } from "../../src/export/XlsxStyles.js"
import { overviewChatRow, resultsHeader, sampleModel, tempDir, tricky } from "./SampleModel.js"
import { allText, fillColour, readWorkbook, rowValues, runField, sheet } from "./XlsxReading.js"

const now = new Date("2026-11-22T03:15:30.123Z")

const written = (allowFormulas = false, model = sampleModel()) =>
  Effect.gen(function* () {
    const dir = yield* tempDir
    const path = yield* writeXlsx(model, join(dir, "report.xlsx"), { allowFormulas, now })
    return yield* readWorkbook(path)
  })

/** An answered cell of a report model. */
const answeredCell = (documentId: number, columnId: number, response: string) => ({
  documentId,
  columnId,
  status: "success" as const,
  response,
  error: undefined,
  attempts: 1,
  seconds: 1
})

describe("writeXlsx", () => {
  it.scoped("writes the sheets in order, Chats and Changes only when there is something to show", () =>
    Effect.gen(function* () {
      const changes = [
        { documentId: 1, filename: "a.pdf", column: "Summary", before: "old", after: "new", fromRun: 6, toRun: 7 }
      ]
      const full = yield* written(false, sampleModel({ changes }))
      assert.deepStrictEqual(
        full.worksheets.map((worksheet) => worksheet.name),
        ["Results", "Columns", "Run", "Errors", "Chats", "Changes"]
      )
      assert.deepStrictEqual(rowValues(sheet(full, "Changes"), 2), [1, "a.pdf", "Summary", "old", "new", 6, 7])
      const bare = yield* written(false, sampleModel({ chats: [] }))
      assert.deepStrictEqual(
        bare.worksheets.map((worksheet) => worksheet.name),
        ["Results", "Columns", "Run", "Errors"]
      )
    })
  )

  it.scoped("Results: one row per document, header frozen with the first two columns, filter, widths, wrap", () =>
    Effect.gen(function* () {
      const results = sheet(yield* written(), "Results")
      assert.deepStrictEqual(rowValues(results, 1), resultsHeader)
      assert.strictEqual(results.rowCount, 4)
      assert.deepInclude(results.views[0], { state: "frozen", xSplit: 2, ySplit: 1 })
      assert.strictEqual(results.autoFilter, "A1:G1")
      assert.strictEqual(results.getColumn(2).width, 36)
      assert.strictEqual(results.getColumn(4).width, 40)
      assert.strictEqual(results.getCell("D2").alignment.wrapText, true)
      assert.strictEqual(results.getCell("A1").font.bold, true)
      assert.strictEqual(fillColour(results.getCell("D1")), colours.headerFill)
      assert.strictEqual(results.properties.tabColor?.argb, colours.alertTab)
    })
  )

  it.scoped("keeps text as text, types number and date columns only when the answer parses cleanly", () =>
    Effect.gen(function* () {
      const results = sheet(yield* written(), "Results")
      assert.deepStrictEqual(rowValues(results, 2), [
        1,
        'a, "quoted".pdf',
        12,
        tricky.quotes,
        `'${tricky.formula}`,
        1234.5,
        new Date("2026-11-22T00:00:00.000Z")
      ])
      assert.strictEqual(results.getCell("G2").numFmt, "yyyy-mm-dd")
      assert.strictEqual(results.getCell("E4").value, tricky.money)
      assert.strictEqual(results.getCell("F4").value, "about 12")
      assert.strictEqual(results.getCell("G4").value, "2026-02-30")
      assert.strictEqual(results.getCell("E4").type, ExcelJS.ValueType.String)
    })
  )

  it.scoped("dates before 1900-03-01, which Excel's serial numbers cannot show as written, stay text", () =>
    Effect.gen(function* () {
      // Excel counts 1900-02-29, which never was, so a serial date is one day off before March 1900 and unreadable
      // (####) before 1900: exceljs would write 1900-01-01 as 2, which Excel shows as 1900-01-02.
      const answers = ["1850-06-01", "1899-12-31", "1900-01-01", "1900-02-28", "1900-03-01"]
      const cells = answers.map((response, index) => answeredCell(1 + index, 1, response))
      const model = sampleModel({
        columns: [{ id: 1, name: "Signed", query: "Date signed?", meta: {}, type: "date" }],
        documents: answers.map((_, index) => ({ id: 1 + index, filename: `${index}.pdf`, pages: 1 })),
        ...indexCells(cells),
        chats: []
      })
      const results = sheet(yield* written(false, model), "Results")
      const values = answers.map((_, index) => results.getCell(2 + index, 4).value)
      assert.deepStrictEqual(values, [...answers.slice(0, 4), new Date("1900-03-01T00:00:00.000Z")])
    })
  )

  it.scoped("failed cells show their reason in red; pending, running and skipped cells are marked", () =>
    Effect.gen(function* () {
      const results = sheet(yield* written(), "Results")
      assert.deepStrictEqual(rowValues(results, 3), [
        2,
        "'-minus.pdf",
        null,
        "FAILED: HTTP 503: service unavailable",
        "(pending)",
        "(running)",
        "(skipped)"
      ])
      assert.strictEqual(fillColour(results.getCell("D3")), colours.failedFill)
      assert.strictEqual(results.getCell("D3").font.color?.argb, colours.failedFont)
      assert.strictEqual(fillColour(results.getCell("E3")), colours.pendingFill)
      assert.strictEqual(results.getCell("E3").font.italic, true)
      assert.strictEqual(fillColour(results.getCell("F3")), colours.pendingFill)
      assert.strictEqual(fillColour(results.getCell("D2")), undefined)
    })
  )

  it.scoped("cuts values over 32,767 characters with a visible note", () =>
    Effect.gen(function* () {
      const long = sheet(yield* written(), "Results").getCell("D4").value
      assert.isString(long)
      assert.strictEqual(String(long).length, 32_767)
      assert.isTrue(String(long).startsWith("xxxx"))
      assert.match(String(long), / … \[cut: 40,000 characters in full, over Excel's 32,767 limit\]$/)
    })
  )

  it.scoped(
    "characters XML cannot hold show as escapes, so the workbook still opens; a formula after them stays inert",
    () =>
      Effect.gen(function* () {
        const hostile = ["bad\uffff\ufffe char", "ansi \u001b[31mred\u0007", "\u0000=HYPERLINK(1)", "lone \ud800 half"]
        const cells = hostile.map((response, index) => answeredCell(1, 1 + index, response))
        const model = sampleModel({
          columns: hostile.map((name, index) => ({ id: 1 + index, name: `c${index}`, query: name, meta: {} })),
          documents: [{ id: 1, filename: "ctl\u0001.pdf", pages: 1 }],
          ...indexCells(cells),
          chats: []
        })
        const results = sheet(yield* written(false, model), "Results")
        assert.deepStrictEqual(rowValues(results, 2), [
          1,
          "ctl\\x01.pdf",
          1,
          "bad\\uffff\\ufffe char",
          "ansi \\x1b[31mred\\x07",
          "\\x00=HYPERLINK(1)",
          "lone \ufffd half"
        ])
      })
  )

  it.scoped("leaves formulas as they are (still text, never a formula cell) when allowed", () =>
    Effect.gen(function* () {
      const results = sheet(yield* written(true), "Results")
      assert.strictEqual(results.getCell("E2").value, tricky.formula)
      assert.strictEqual(results.getCell("E2").type, ExcelJS.ValueType.String)
      assert.strictEqual(results.getCell("B3").value, "-minus.pdf")
    })
  )

  it.scoped("Columns, Run, Errors and Chats sheets", () =>
    Effect.gen(function* () {
      const workbook = yield* written()
      const columns = sheet(workbook, "Columns")
      assert.deepStrictEqual(rowValues(columns, 3), ["'=Risky name", "What is risky?", "text", '{"weight":2}'])
      assert.deepStrictEqual(rowValues(columns, 4), ["Amount", "Total amount?", "number", '{"type":"number"}'])
      assert.strictEqual(runField(workbook, "Pipeline").value, "contracts")
      assert.strictEqual(runField(workbook, "Pipeline file hash").value, "9f86d081884c7d65")
      assert.strictEqual(runField(workbook, "Service base URL").value, "https://ai.example.com/api")
      assert.strictEqual(runField(workbook, "Outcome").value, "deadline")
      assert.strictEqual(fillColour(runField(workbook, "Outcome")), colours.failedFill)
      assert.strictEqual(runField(workbook, "Note").value, "stopped by the deadline: 2 cells pending")
      assert.strictEqual(runField(workbook, "Started").value, "2026-11-22T03:00:00.000Z")
      assert.strictEqual(runField(workbook, "Duration").value, "15m 30s")
      assert.strictEqual(runField(workbook, "Duration (seconds)").value, 930)
      assert.strictEqual(runField(workbook, "Cells failed").value, 1)
      assert.strictEqual(runField(workbook, "Cells answered").value, 8)
      assert.strictEqual(runField(workbook, "Cells in all").value, 12)
      assert.strictEqual(runField(workbook, "Cells not asked yet").value, 1)
      assert.strictEqual(runField(workbook, "Chat messages answered").value, 2)
      assert.strictEqual(runField(workbook, "Chat messages in all").value, 3)
      const labels = Array.from({ length: sheet(workbook, "Run").rowCount }, (_, row) =>
        String(sheet(workbook, "Run").getCell(row + 1, 1).value)
      )
      assert.isFalse(
        labels.some((label) => label.includes(".")),
        `no internal labels on the Run sheet: ${labels.join(", ")}`
      )
      assert.strictEqual(runField(workbook, "docsweep version").value, "0.1.0")
      assert.strictEqual(runField(workbook, "Report written").value, now.toISOString())
      const errors = sheet(workbook, "Errors")
      assert.strictEqual(errors.rowCount, 2)
      assert.deepStrictEqual(rowValues(errors, 2), [
        2,
        "'-minus.pdf",
        "Summary",
        "HTTP 503: service unavailable",
        3,
        2.5
      ])
      const chats = sheet(workbook, "Chats")
      assert.deepStrictEqual(rowValues(chats, 2), [...overviewChatRow, null])
      assert.strictEqual(fillColour(chats.getCell("F3")), colours.failedFill)
    })
  )

  it.scoped("a completed run has a plain tab and no note; the report holds no credentials", () =>
    Effect.gen(function* () {
      const { note: _, ...run } = sampleModel().run
      const baseUrl = "https://user:hunter2@ai.example.com/api?key=abc#frag"
      const workbook = yield* written(false, sampleModel({ run: { ...run, outcome: "completed", baseUrl } }))
      assert.strictEqual(runField(workbook, "Service base URL").value, "https://ai.example.com/api")
      assert.isUndefined(sheet(workbook, "Results").properties.tabColor)
      assert.isUndefined(fillColour(runField(workbook, "Outcome")))
      const texts = allText(workbook)
      assert.isFalse(texts.some((text) => /token|bearer|authori[sz]ation|password|secret|hunter2|key=/i.test(text)))
    })
  )
})
