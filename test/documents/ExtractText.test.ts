import { readFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Document, Packer, PageBreak, Paragraph, TextRun } from "docx"
import { Effect, Either } from "effect"
import { PDFDocument, StandardFonts } from "pdf-lib"
import { doctypeFromFilename, extractText } from "../../src/service/documents/ExtractText.js"
import { samplesDir } from "../engine/loadSample.js"

const sample = (name: string) => new Uint8Array(readFileSync(join(samplesDir, name)))
const bytes = (text: string) => new TextEncoder().encode(text)

const makePdf = (pages: ReadonlyArray<ReadonlyArray<string>>) =>
  Effect.promise(async () => {
    const pdf = await PDFDocument.create()
    const font = await pdf.embedFont(StandardFonts.Helvetica)
    for (const lines of pages) {
      const page = pdf.addPage([612, 792])
      lines.forEach((line, i) => {
        page.drawText(line, { x: 72, y: 700 - i * 14, size: 11, font })
      })
    }
    return pdf.save()
  })

const makeDocx = (paragraphs: ReadonlyArray<string | "page-break">) =>
  Effect.promise(() =>
    Packer.toBuffer(
      new Document({
        sections: [
          {
            children: paragraphs.map((p) =>
              p === "page-break" ? new Paragraph({ children: [new PageBreak()] }) : new Paragraph(p)
            )
          }
        ]
      })
    )
  ).pipe(Effect.map((buffer) => new Uint8Array(buffer)))

describe("doctypeFromFilename", () => {
  it("maps extensions to doctypes, case-insensitively", () => {
    const expected: ReadonlyArray<readonly [string, string | undefined]> = [
      ["acme-msa.PDF", "pdf"],
      ["notes.markdown", "md"],
      ["report.htm", "html"],
      ["offer.docx", "docx"],
      ["letter.txt", "txt"],
      ["image.png", undefined],
      ["README", undefined]
    ]
    for (const [filename, doctype] of expected) assert.strictEqual(doctypeFromFilename(filename), doctype, filename)
  })
})

describe("extractText", () => {
  it.effect("splits plain text on form feeds", () =>
    Effect.gen(function* () {
      const { pages } = yield* extractText(bytes("Page one.\n\fPage two.\fPage three.\n\f"), "txt")
      assert.deepStrictEqual(pages, ["Page one.", "Page two.", "Page three."])
    })
  )

  it.effect("keeps a blank first page where form feeds end every page (text converted from PDF)", () =>
    Effect.gen(function* () {
      const { pages } = yield* extractText(bytes("\fPage two.\n\fPage three.\n\f"), "txt")
      assert.deepStrictEqual(pages, ["", "Page two.", "Page three."])
    })
  )

  it.effect("cuts long plain text into ~3,000-character pages at paragraph boundaries", () =>
    Effect.gen(function* () {
      const paragraph = "This clause has exactly one sentence in it and it repeats. ".repeat(8).trim()
      const text = Array.from({ length: 40 }, (_, i) => `${i + 1}. ${paragraph}`).join("\n\n")
      const { pages } = yield* extractText(bytes(text), "md")
      assert.isAbove(pages.length, 5)
      for (const page of pages) {
        assert.isAtMost(page.length, 3600)
        assert.match(page, /^\d+\. This clause/)
        assert.match(page, /repeats\.$/)
      }
      assert.strictEqual(pages.join("\n\n"), text)
    })
  )

  it.effect("decodes Windows-1252 text that is not UTF-8", () =>
    Effect.gen(function* () {
      const { pages } = yield* extractText(new Uint8Array([0x93, 0x46, 0x65, 0x65, 0x94, 0x20, 0x80, 0x35]), "txt")
      assert.strictEqual(pages[0], "“Fee” €5")
    })
  )

  it.effect("reads Markdown as text, tables included", () =>
    Effect.gen(function* () {
      const { pages } = yield* extractText(sample("cobalt-fenwick-saas-subscription.md"), "md")
      assert.strictEqual(pages.length, 2)
      assert.include(pages.join("\n"), "| Annual subscription fee (120 named users) | USD 86,400 per year |")
    })
  )

  it.effect("turns HTML into text without tags, scripts or link targets, headings as written", () =>
    Effect.gen(function* () {
      const html = `<html><head><style>p{color:red}</style><script>var x = 1</script></head><body>
        <h1>Quarterly Report</h1><p>Revenue was <b>$48.6 million</b>. <a href="https://x.example">Details</a></p>
        <table><tr><th>Item</th><th>Q3</th></tr><tr><td>Net sales</td><td>$48.6</td></tr></table></body></html>`
      const { pages } = yield* extractText(bytes(html), "html")
      const text = pages.join("\n")
      assert.include(text, "Quarterly Report")
      assert.include(text, "Revenue was $48.6 million. Details")
      assert.match(text, /Net sales\s+\$48\.6/)
      assert.notInclude(text, "color:red")
      assert.notInclude(text, "var x")
      assert.notInclude(text, "https://")
    })
  )

  it.effect("reads the HTML sample", () =>
    Effect.gen(function* () {
      const { pages } = yield* extractText(sample("larkspur-q3-2024-report.html"), "html")
      assert.include(pages.join("\n"), "Net sales were $48.6 million")
    })
  )

  it.effect("gives one string per PDF page, keeping line breaks", () =>
    Effect.gen(function* () {
      const pdf = yield* makePdf([["First page, line one.", "Line two."], [], ["Third page."]])
      const { pages } = yield* extractText(pdf, "pdf")
      assert.deepStrictEqual(pages, ["First page, line one.\nLine two.", "", "Third page."])
    })
  )

  it.effect("leaves Array.prototype.push native once a PDF is read (pdf.js's polyfill of it slowed every push)", () =>
    Effect.gen(function* () {
      yield* extractText(yield* makePdf([["A page."]]), "pdf")
      // A built-in method has no `prototype` of its own; core-js's push, a plain function, has one.
      assert.isFalse(Object.hasOwn(Array.prototype.push, "prototype"))
    })
  )

  it.effect("reads the multi-page PDF samples", () =>
    Effect.gen(function* () {
      const { pages } = yield* extractText(sample("northwind-halcyon-msa.pdf"), "pdf")
      assert.isAtLeast(pages.length, 3)
      assert.include(pages[0] ?? "", "MASTER SERVICES AGREEMENT")
      assert.match(pages.join("\n"), /laws\s+of\s+the\s+State\s+of\s+New\s+York/)
    })
  )

  it.effect("splits a DOCX on its page breaks", () =>
    Effect.gen(function* () {
      const docx = yield* makeDocx(["Page one text.", "Still page one.", "page-break", "Page two text."])
      const { pages } = yield* extractText(docx, "docx")
      assert.strictEqual(pages.length, 2)
      assert.strictEqual(pages[0], "Page one text.\n\nStill page one.")
      assert.strictEqual(pages[1], "Page two text.")
    })
  )

  it.effect("starts a DOCX page at a 'page break before' paragraph, but not before the first paragraph", () =>
    Effect.gen(function* () {
      const startsPage = (text: string) => new Paragraph({ pageBreakBefore: true, children: [new TextRun(text)] })
      const docx = yield* Effect.promise(() =>
        Packer.toBuffer(
          new Document({ sections: [{ children: [startsPage("Title page."), startsPage("Page two.")] }] })
        )
      )
      const { pages } = yield* extractText(new Uint8Array(docx), "docx")
      assert.deepStrictEqual(pages, ["Title page.", "Page two."])
    })
  )

  it.effect("cuts a DOCX without page breaks into ~3,000-character pages", () =>
    Effect.gen(function* () {
      const docx = yield* makeDocx(
        Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1}. ${"Words here. ".repeat(20)}`)
      )
      const { pages } = yield* extractText(docx, "docx")
      assert.isAtLeast(pages.length, 2)
      for (const page of pages) assert.match(page, /^Paragraph \d+\./)
    })
  )

  it.effect("reads the DOCX samples", () =>
    Effect.gen(function* () {
      const { pages } = yield* extractText(sample("brightline-offer-letter.docx"), "docx")
      assert.strictEqual(pages.length, 2)
      assert.include(pages[0] ?? "", "Senior Controls Engineer")
    })
  )

  it.effect("fails with ExtractionFailed for a .pdf that is not a PDF", () =>
    Effect.gen(function* () {
      const result = yield* Effect.either(extractText(bytes("This is plain text, not a PDF."), "pdf"))
      assert.isTrue(Either.isLeft(result))
      if (Either.isLeft(result)) {
        assert.strictEqual(result.left._tag, "ExtractionFailed")
        assert.strictEqual(result.left.doctype, "pdf")
      }
    })
  )

  it.effect("fails with ExtractionFailed for a truncated PDF", () =>
    Effect.gen(function* () {
      const pdf = sample("meridian-calloway-supply.pdf")
      const result = yield* Effect.either(extractText(pdf.slice(0, 400), "pdf"))
      assert.isTrue(Either.isLeft(result) && result.left._tag === "ExtractionFailed")
    })
  )

  it.effect("fails with ExtractionFailed for a corrupt DOCX", () =>
    Effect.gen(function* () {
      const notZip = yield* Effect.either(extractText(bytes("PK but not really a zip file"), "docx"))
      assert.isTrue(Either.isLeft(notZip) && notZip.left._tag === "ExtractionFailed")
      const truncated = sample("orchid-tessera-nda.docx").slice(0, 2000)
      const cut = yield* Effect.either(extractText(truncated, "docx"))
      assert.isTrue(Either.isLeft(cut) && cut.left._tag === "ExtractionFailed")
    })
  )
})
