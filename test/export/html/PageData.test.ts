import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import { basename, join } from "node:path"
import { gunzipSync } from "node:zlib"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { buildPageData } from "../../../src/export/html/BuildPageData.js"
import { findQuote, readAnswer } from "../../../src/export/html/Evidence.js"
import { htmlDocument } from "../../../src/export/html/HtmlDocument.js"
import { base64OfGzip, gzipPageData, jsonChunks } from "../../../src/export/html/PackPageData.js"
import { quoteMatches } from "../../../src/export/html/QuoteScan.js"
import { writeReports } from "../../../src/export/index.js"
import { inertControls } from "../../../src/export/NeutralizeFormula.js"
import { toReportModel } from "../../../src/export/ReportSource.js"
import { pagesCited } from "../../../src/service/engine/extractive/AnswerText.js"
import { htmlReportData } from "../../cli/CliChecks.js"
import { document, type Stores, start, tempDir, wanted, withStore } from "../../store/StoreFixtures.js"
import { tempDir as exportDir, sampleModel, sampleOptions } from "../SampleModel.js"
import { reportModel } from "./ReportFixture.js"

const settings = [{ key: "run.concurrency", value: '"auto"', source: "config/default.yaml" }]

/** One run of documents 1 and 2 × columns a and b: each answer a text (success) or undefined (failure). */
const runOnce = (store: Stores, answers: ReadonlyArray<readonly [number, string, string | undefined]>) =>
  Effect.gen(function* () {
    const run = yield* store.beginRun(start)
    const docs = [document(1), document(2)]
    yield* store.saveDocuments(docs)
    const columns = [
      { name: "a", queryKey: "qa" },
      { name: "b", queryKey: "qb" }
    ]
    for (const [index, column] of columns.entries()) {
      const record = { tableSlot: 0, name: column.name, query: `${column.name}?`, meta: {}, queryKey: column.queryKey }
      yield* store.saveColumn({ ...record, remoteId: 10 + index, orderId: index })
    }
    yield* store.syncCells(wanted(docs, columns), { onlyFailed: false })
    const at = `2026-01-0${run.id}T00:00:01.000Z`
    const results = answers.map(([documentId, columnName, response]) =>
      response === undefined
        ? { documentId, columnName, state: "failed" as const, error: "timeout", at, runId: run.id }
        : { documentId, columnName, state: "success" as const, response, at, runId: run.id, seconds: 2 }
    )
    yield* store.markSubmitting(results, run.id, at)
    yield* store.markResults(results)
    yield* store.finishRun(run.id, "completed")
  })

describe("the HTML report's data", () => {
  it("holds every cell row by row, failures' reasons, and control characters made visible", () => {
    const model = sampleModel({
      documents: [...sampleModel().documents.slice(0, 2), { id: 3, filename: "red\u001b[31m.pdf", pages: 3 }]
    })
    const data = buildPageData(model, { generatedAt: new Date("2026-11-22T04:00:00Z"), settings })
    assert.strictEqual(data.cells.status, "ssssfprkssss")
    assert.strictEqual(data.cells.text[0], model.cell(1, 1)?.response)
    assert.strictEqual(data.cells.text[4], "", "a failure has no answer text")
    assert.deepStrictEqual(data.cells.errors, [[4, "HTTP 503: service unavailable"]])
    assert.deepStrictEqual(data.documents.filenames[2], "red\\x1b[31m.pdf")
    assert.deepStrictEqual(data.columns[2], {
      name: "Amount",
      query: "Total amount?",
      meta: '{"type":"number"}',
      type: "number"
    })
    assert.deepStrictEqual(data.settings, settings)
    assert.strictEqual(data.previousRunId, null, "no history in the model: nothing compared")
    assert.strictEqual(inertControls("a\tb\nc\u0007\u009b"), "a\tb\nc\\x07\\x9b")
  })

  it.scoped("reads earlier answers from the checkpoint and marks changes as docsweep diff does", () =>
    Effect.gen(function* () {
      const path = join(yield* tempDir, "state.sqlite")
      yield* withStore(path, (store) =>
        Effect.gen(function* () {
          yield* runOnce(store, [
            [1, "a", "A1"],
            [1, "b", "B1"],
            [2, "a", "A2"],
            [2, "b", undefined]
          ])
          yield* runOnce(store, [
            [1, "a", "A1 revised"],
            [2, "b", "B2"]
          ])
          yield* runOnce(store, [
            [1, "b", "B1"],
            [2, "a", undefined]
          ])
        })
      )
      const { data, diff } = yield* withStore(path, (store) =>
        Effect.all({ data: store.reportData(undefined, { history: true }), diff: store.diff(2, 3) })
      )
      const page = buildPageData(toReportModel(data, { file: "p.yaml" }), { generatedAt: new Date(), settings: [] })
      assert.strictEqual(page.previousRunId, 2)
      const changed = page.cells.changed.map((index) => [page.documents.ids[index >> 1], page.columns[index % 2]?.name])
      assert.deepStrictEqual(
        changed,
        diff.map((change) => [change.documentId, change.column])
      )
      const history = new Map(page.history)
      assert.deepStrictEqual(
        history.get(0)?.map((answer) => [answer.run, answer.status, answer.text]),
        [
          [1, "s", "A1"],
          [2, "s", "A1 revised"]
        ]
      )
      assert.deepStrictEqual(
        history.get(2)?.map((answer) => [answer.run, answer.status, answer.error]),
        [
          [1, "s", null],
          [3, "f", "timeout"]
        ]
      )
      assert.deepStrictEqual(
        page.cells.finished.map((ms) => ms !== null),
        [false, true, true, false],
        "the timeline holds the cells settled in run 3: (1, b) and (2, a)"
      )
    })
  )

  it.effect("is packed as gzip of the JSON that JSON.stringify writes, however long its arrays", () =>
    Effect.gen(function* () {
      const value = { a: Array.from({ length: 4500 }, (_, i) => `answer ${i} "quoted" \u2028`), b: [1, null], c: "x" }
      assert.strictEqual([...jsonChunks(value)].join(""), JSON.stringify(value))
      const data = buildPageData(sampleModel(), { generatedAt: new Date(0), settings: [] })
      const packed = yield* gzipPageData(data, "x.html")
      assert.deepStrictEqual(JSON.parse(gunzipSync(packed).toString("utf8")), JSON.parse(JSON.stringify(data)))
      // Streamed for the file: base64 pieces (whole 3-byte groups but the last) of the same gzip stream.
      const big = buildPageData(reportModel(), { generatedAt: new Date(0), settings: [] })
      const pieces = yield* Effect.promise(async () => {
        const all: Array<string> = []
        for await (const piece of base64OfGzip(big)) all.push(piece)
        return all
      })
      assert.isAbove(pieces.length, 2)
      assert.isTrue(pieces.slice(0, -1).every((piece) => !piece.includes("=")))
      const streamed = gunzipSync(Buffer.from(pieces.join(""), "base64")).toString("utf8")
      assert.strictEqual(streamed, JSON.stringify(big))
    })
  )

  it.scoped("is written beside the other reports, with its -latest copy, from the data the file embeds", () =>
    Effect.gen(function* () {
      const dir = yield* exportDir
      const written = yield* writeReports(reportModel(), sampleOptions(dir, { formats: ["csv", "html"] }))
      const names = written.map((path) => basename(path))
      assert.includeMembers(names, ["contracts-20261122T031530Z.html", "contracts-latest.html"])
      const embedded = JSON.parse(htmlReportData(join(dir, "contracts-latest.html")).toString("utf8"))
      assert.strictEqual(embedded.run.id, 7)
      assert.strictEqual(embedded.cells.text.length, 1200)
      assert.notInclude(readFileSync(join(dir, "contracts-latest.html"), "utf8"), "\u001b")
    })
  )

  it("reads the short answer and the quotes with their pages", () => {
    const answer = 'Acme Inc. and Beta LLC\n\n"made between Acme Inc. (the "Supplier") and Beta LLC" (p. 2)'
    assert.deepStrictEqual(readAnswer(answer), {
      short: "Acme Inc. and Beta LLC",
      quotes: [
        { text: 'made between Acme Inc. (the "Supplier") and Beta LLC', page: 2, lastPage: 2, document: undefined }
      ]
    })
    assert.deepStrictEqual(readAnswer("“Either party may terminate …” — msa.pdf, p. 3").quotes, [
      { text: "Either party may terminate …", page: 3, lastPage: 3, document: "msa.pdf" }
    ])
    // A quote running onto the next page, cited as the offline engine cites it.
    const passage = {
      documentId: 1,
      page: 2,
      index: 0,
      text: "The term ends on 31 December.",
      pageStarts: [[9, 3]] as const
    }
    const cited = pagesCited(passage, 0, passage.text.length - 1)
    assert.strictEqual(cited, "pp. 2–3")
    assert.deepStrictEqual(readAnswer(`31 December\n\n"${passage.text}" (${cited})`).quotes, [
      { text: passage.text, page: 2, lastPage: 3, document: undefined }
    ])
    assert.deepStrictEqual(readAnswer(`"${passage.text}" — msa.pdf, ${cited}`).quotes, [
      { text: passage.text, page: 2, lastPage: 3, document: "msa.pdf" }
    ])
    assert.deepStrictEqual(
      readAnswer('"a clause that runs on" (msa.pdf, pp. 4-5)').quotes.map(({ lastPage, page }) => [page, lastPage]),
      [[4, 5]]
    )
    assert.deepStrictEqual(readAnswer("No clause found."), { short: "No clause found.", quotes: [] })
    const page = "12. Term\n\nEither  party may\nterminate this Agreement on 30 days' notice."
    const found = findQuote(page, "Either party may terminate this …")
    assert.strictEqual(found && page.slice(found.start, found.end), "Either  party may\nterminate this")
    assert.isUndefined(findQuote(page, "nothing of the kind appears here"))
  })

  it("finds quotes as the quote expression does, in linear time on answers made of quote marks and dashes", () => {
    // The expression the scan replaces: run by a regular expression engine it takes cubic time.
    const pages = String.raw`(?:pp?\.|pages?)\s*(\d+)(?:\s*[-–—]\s*(\d+))?`
    const expression = new RegExp(
      String.raw`["“](.+?)["”]\s*(?:\(\s*(?:([^()\n]*?),\s*)?${pages}\s*\)|[—–]\s*([^\n]+?),\s*${pages})`,
      "giu"
    )
    const byExpression = (text: string) =>
      Array.from(text.matchAll(expression), (m) => [m[1], m[2] ?? m[5], m[3] ?? m[6], m[4] ?? m[7]])
    const atoms = ['"', "“", "”", " ", "\n", "\r", "(", ")", ", ", " p. 3", "pp. 2–3", "page 4", "—", "–", "a"]
    const extra = ["doc.pdf", "P. 7", '" (p. 1)', '" — f.pdf, p. 9', "\u2028", "\t", "1", "-", "Pages 5 - 6"]
    const pieces = [...atoms, ...extra]
    let seed = 7
    const next = (n: number) => {
      seed = (seed * 48_271) % 2_147_483_647
      return seed % n
    }
    for (let trial = 0; trial < 20_000; trial++) {
      const text = Array.from({ length: 1 + next(30) }, () => pieces[next(pieces.length)]).join("")
      const scanned = quoteMatches(text).map((m) => [m.text, m.document, m.page, m.lastPage])
      assert.deepStrictEqual(scanned, byExpression(text), JSON.stringify(text))
    }
    // 12,000 characters the expression needed 155 s for (the page froze on the cell): read at once here.
    assert.deepStrictEqual(readAnswer('"a" — '.repeat(2000)).quotes, [])
    assert.strictEqual(readAnswer(`${'"a" — '.repeat(2000)}"the end" — b.pdf, p. 2`).quotes.length, 1)
  })

  it("is one document whose policy allows only its own script and style, by hash", () => {
    const assets = { script: "console.log(1)", style: "body{color:red}" }
    const html = htmlDocument({ title: "a <b> & c", data: "SGVsbG8=", assets })
    const hash = (text: string) => createHash("sha256").update(text).digest("base64")
    assert.include(html, `script-src 'sha256-${hash(assets.script)}'`)
    assert.include(html, `style-src 'sha256-${hash(assets.style)}'`)
    assert.include(html, "default-src 'none'")
    assert.include(html, "connect-src 'none'")
    assert.include(html, "<title>a &#60;b&#62; &#38; c</title>")
    assert.include(html, `<script>${assets.script}</script>`)
    assert.throws(() => htmlDocument({ title: "t", data: "<x>", assets }), /base64/)
    assert.throws(() => htmlDocument({ title: "t", data: "", assets: { ...assets, script: "'</SCRIPT>'" } }), /closing/)
    assert.include(htmlDocument({ title: "t", data: "", assets, live: "7" }), "connect-src 'self'")
  })
})
