import { readdir, readFile } from "node:fs/promises"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { parse } from "csv-parse/sync"
import { Effect } from "effect"
import { indexCells, type ReportModel, writeCsv } from "../../src/export/index.js"
import { overviewChatRow, resultsHeader, sampleModel, tempDir, tricky } from "./SampleModel.js"

const read = (path: string) => Effect.promise(() => readFile(path))

/** Parsed strictly (no relaxed quotes, equal column counts), BOM dropped. */
const records = (bytes: Buffer): Array<Array<string>> => parse(bytes, { bom: true, relax_column_count: false })

/** One document per tricky value, all in one text column. */
const trickyModel = (): ReportModel => {
  const values = Object.values(tricky)
  return sampleModel({
    columns: [{ id: 1, name: "Text", query: "Anything?", meta: {} }],
    documents: values.map((_, index) => ({ id: index + 1, filename: `doc${index + 1}.pdf`, pages: 1 })),
    ...indexCells(
      values.map((response, index) => ({
        documentId: index + 1,
        columnId: 1,
        status: "success",
        response,
        error: undefined,
        attempts: 1,
        seconds: 1
      }))
    ),
    chats: []
  })
}

/** What each tricky value must read as after a round trip: formula-looking ones start with `'`. */
const expectedNeutralized = [
  tricky.quotes,
  tricky.commas,
  tricky.newlines,
  tricky.unicode,
  `'${tricky.formula}`,
  `'${tricky.plus}`,
  `'${tricky.minus}`,
  `'${tricky.at}`,
  `'${tricky.tab}`,
  `'${tricky.carriageReturn}`,
  `'${tricky.lineFeed}`,
  tricky.money,
  tricky.zeros,
  tricky.isoDate,
  tricky.long
]

const write = (model: ReportModel, options = { allowFormulas: false, csvBom: false }) =>
  Effect.gen(function* () {
    const dir = yield* tempDir
    const paths = yield* writeCsv(model, join(dir, "r-20261122T031530Z"), options)
    return { dir, paths }
  })

describe("writeCsv", () => {
  it.scoped("quotes, commas, newlines, unicode and formula-looking values survive a real parser as intended", () =>
    Effect.gen(function* () {
      const { paths } = yield* write(trickyModel())
      const [resultsPath = "", cellsPath = ""] = paths
      const wide = records(yield* read(resultsPath))
      assert.deepStrictEqual(wide[0], ["Document ID", "File name", "Pages", "Text"])
      assert.deepStrictEqual(
        wide.slice(1).map((record) => record[3]),
        expectedNeutralized
      )
      const long = records(yield* read(cellsPath))
      assert.deepStrictEqual(long[0], [
        "Document ID",
        "File name",
        "Column",
        "Status",
        "Response",
        "Attempts",
        "Seconds",
        "Error"
      ])
      assert.deepStrictEqual(
        long.slice(1).map((record) => record[4]),
        expectedNeutralized
      )
      assert.deepStrictEqual(long[1], ["1", "doc1.pdf", "Text", "success", tricky.quotes, "1", "1", ""])
    })
  )

  it.scoped("writes formula-looking values untouched when formulas are allowed", () =>
    Effect.gen(function* () {
      const { paths } = yield* write(trickyModel(), { allowFormulas: true, csvBom: false })
      const wide = records(yield* read(paths[0] ?? ""))
      assert.deepStrictEqual(
        wide.slice(1).map((record) => record[3]),
        Object.values(tricky)
      )
    })
  )

  it.scoped("results.csv has the Results sheet's columns: typed values, reasons and markers", () =>
    Effect.gen(function* () {
      const { paths } = yield* write(sampleModel())
      const wide = records(yield* read(paths[0] ?? ""))
      assert.deepStrictEqual(wide, [
        resultsHeader,
        ["1", 'a, "quoted".pdf', "12", tricky.quotes, `'${tricky.formula}`, "1234.5", "2026-11-22"],
        ["2", "'-minus.pdf", "", "FAILED: HTTP 503: service unavailable", "(pending)", "(running)", "(skipped)"],
        ["3", "東京.docx", "3", tricky.long, tricky.money, "about 12", "2026-02-30"]
      ])
    })
  )

  it.scoped("RFC 4180 CRLF records, UTF-8, a byte-order mark only when asked", () =>
    Effect.gen(function* () {
      const plain = yield* read((yield* write(sampleModel())).paths[0] ?? "")
      assert.notDeepEqual([...plain.subarray(0, 3)], [0xef, 0xbb, 0xbf])
      assert.isTrue(
        plain.toString("utf8").startsWith("Document ID,File name,Pages,Summary,'=Risky name,Amount,Signed\r\n")
      )
      assert.include(plain.toString("utf8"), "東京.docx")
      const withBom = yield* read((yield* write(sampleModel(), { allowFormulas: false, csvBom: true })).paths[0] ?? "")
      assert.deepStrictEqual([...withBom.subarray(0, 3)], [0xef, 0xbb, 0xbf])
      assert.deepStrictEqual(records(withBom), records(plain))
    })
  )

  it.scoped("chats.csv only when there are chats, changes.csv only when changes are on", () =>
    Effect.gen(function* () {
      const without = yield* write(sampleModel({ chats: [] }))
      assert.deepStrictEqual((yield* Effect.promise(() => readdir(without.dir))).sort(), [
        "r-20261122T031530Z-cells.csv",
        "r-20261122T031530Z-results.csv"
      ])
      const changes = [
        {
          documentId: 3,
          filename: "東京.docx",
          column: "Amount",
          before: undefined,
          after: "+12",
          fromRun: 6,
          toRun: 7
        }
      ]
      const all = yield* write(sampleModel({ changes }))
      assert.deepStrictEqual(
        all.paths.map((path) => path.slice(all.dir.length + 1)),
        [
          "r-20261122T031530Z-results.csv",
          "r-20261122T031530Z-cells.csv",
          "r-20261122T031530Z-chats.csv",
          "r-20261122T031530Z-changes.csv"
        ]
      )
      assert.deepStrictEqual(records(yield* read(all.paths[2] ?? "")), [
        ["Chat", "Scope", "Documents", "Message", "Answer", "Status", "Error"],
        [...overviewChatRow, ""],
        ["per-doc", "each", "'-minus.pdf", "Summary?", "", "failed", "timeout"]
      ])
      assert.deepStrictEqual(records(yield* read(all.paths[3] ?? ""))[1], [
        "3",
        "東京.docx",
        "Amount",
        "",
        "'+12",
        "6",
        "7"
      ])
    })
  )
})
