import { readFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Document, Packer, Paragraph } from "docx"
import { Effect, Either } from "effect"
import { PDFDocument, PDFHexString, StandardFonts } from "pdf-lib"
import { type Doctype, extractText } from "../../src/service/documents/ExtractText.js"
import { samplesDir } from "../engine/loadSample.js"

const sample = (name: string) => new Uint8Array(readFileSync(join(samplesDir, name)))

/** Text as Windows Notepad saves "Unicode" (UTF-16 little-endian) or "Unicode big endian", BOM first. */
const utf16 = (text: string, endian: "le" | "be") => {
  const buffer = Buffer.from(`\uFEFF${text}`, "utf16le")
  return new Uint8Array(endian === "le" ? buffer : buffer.swap16())
}

/** The reason extraction gives for bytes it refuses; fails the test when it accepts them. */
const refusal = (bytes: Uint8Array, doctype: Doctype) =>
  Effect.map(Effect.either(extractText(bytes, doctype)), (result) => {
    const accepted = String(JSON.stringify(Either.getOrUndefined(result))).slice(0, 200)
    assert.isTrue(Either.isLeft(result), `accepted as ${doctype}: ${accepted}`)
    return Either.isLeft(result) ? result.left.message : ""
  })

describe("text files in other encodings", () => {
  for (const endian of ["le", "be"] as const) {
    it.effect(`reads UTF-16${endian.toUpperCase()} with a BOM, as text and as HTML`, () =>
      Effect.gen(function* () {
        const text = yield* extractText(utf16("Governed by the laws of Québec.\r\nSecond line.", endian), "txt")
        assert.deepStrictEqual(text.pages, ["Governed by the laws of Québec.\nSecond line."])
        const html = yield* extractText(utf16("<html><body><p>Fee: 5 €</p></body></html>", endian), "html")
        assert.deepStrictEqual(html.pages, ["Fee: 5 €"])
      })
    )
  }
})

describe("files whose extension lies", () => {
  it.effect("refuses a PDF or a DOCX renamed .txt, .md or .html, naming what it is, instead of reading its bytes", () =>
    Effect.gen(function* () {
      const pdf = yield* refusal(sample("meridian-calloway-supply.pdf"), "txt")
      assert.match(pdf, /the file is a PDF, not text \(give it the \.pdf extension\)/)
      const docx = yield* refusal(sample("orchid-tessera-nda.docx"), "md")
      assert.match(docx, /the file is a ZIP archive, not text \(a DOCX\? give it the \.docx extension\)/)
      const html = yield* refusal(sample("northwind-halcyon-msa.pdf"), "html")
      assert.match(html, /the file is a PDF, not text/)
    })
  )

  it.effect("refuses other binary content (NUL bytes), but reads text with other control characters", () =>
    Effect.gen(function* () {
      const png = new Uint8Array([
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52
      ])
      assert.match(yield* refusal(png, "txt"), /the file holds NUL bytes, not text/)
      const { pages } = yield* extractText(new TextEncoder().encode("Bell\u0007 and escape\u001b in a log."), "txt")
      assert.deepStrictEqual(pages, ["Bell\u0007 and escape\u001b in a log."])
    })
  )
})

describe("files without text", () => {
  it.effect("refuses an empty or blank text, Markdown or HTML file instead of a document every question misses", () =>
    Effect.gen(function* () {
      assert.match(yield* refusal(new Uint8Array(0), "txt"), /the file is empty \(0 bytes\)/)
      const blank = new TextEncoder().encode(" \r\n\t\n\f\n")
      assert.match(yield* refusal(blank, "md"), /the file holds no text/)
      const markup = new TextEncoder().encode(
        "<html><head><script>var a = 1</script></head><body><img src=x></body></html>"
      )
      assert.match(yield* refusal(markup, "html"), /the file holds no text/)
    })
  )

  it.effect("refuses a PDF without a text layer (scanned pages) or without pages, and a DOCX without text", () =>
    Effect.gen(function* () {
      const scanned = yield* Effect.promise(async () => {
        const pdf = await PDFDocument.create()
        pdf.addPage()
        pdf.addPage()
        return pdf.save()
      })
      assert.match(yield* refusal(scanned, "pdf"), /the PDF has no text layer \(scanned pages\?/)
      const pageless = yield* Effect.promise(() => PDFDocument.create().then((pdf) => pdf.save()))
      assert.match(yield* refusal(pageless, "pdf"), /the PDF has no text layer/)
      const docx = yield* Effect.promise(() =>
        Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph(""), new Paragraph(" ")] }] }))
      )
      assert.match(yield* refusal(new Uint8Array(docx), "docx"), /the file holds no text/)
    })
  )
})

/** A PDF with text, encrypted with a user password (its keys made up: a reader without the password cannot open it). */
const passwordProtectedPdf = Effect.promise(async () => {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  pdf.addPage().drawText("Confidential terms.", { x: 72, y: 700, size: 11, font })
  const { context } = pdf
  const encrypt = context.obj({
    Filter: "Standard",
    V: 1,
    R: 2,
    P: -4,
    O: PDFHexString.of("00".repeat(32)),
    U: PDFHexString.of("11".repeat(32))
  })
  context.trailerInfo.Encrypt = context.register(encrypt)
  context.trailerInfo.ID = context.obj([PDFHexString.of("ab".repeat(16)), PDFHexString.of("ab".repeat(16))])
  return pdf.save({ useObjectStreams: false })
})

describe("PDFs that cannot be read", () => {
  it.effect("says a PDF is password-protected rather than unreadable", () =>
    Effect.gen(function* () {
      const reason = yield* refusal(yield* passwordProtectedPdf, "pdf")
      assert.match(reason, /the PDF is password-protected/)
    })
  )
})
