/**
 * Writes the PDF and DOCX samples in `pipelines/samples/` from the plain sources in `test/fixtures/samples-src/`.
 * Run with `npx tsx test/support/makeSamples.ts`; the output is byte-for-byte the same on every run.
 *
 * Source format: one paragraph per block (blocks separated by blank lines), `# ` a title, `## ` a heading, and a
 * line holding only `\f` a page break.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { AlignmentType, Document, HeadingLevel, Packer, PageBreak, Paragraph, TextRun } from "docx"
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib"

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..")
const sources = join(root, "test", "fixtures", "samples-src")
const target = join(root, "pipelines", "samples")

/** Every timestamp the generators write (PDF info dates, DOCX core properties, ZIP entries). */
const fixedTime = Date.UTC(2024, 0, 1, 12, 0, 0)

type Block = { readonly type: "title" | "heading" | "body"; readonly text: string } | { readonly type: "page" }

export const readBlocks = (name: string): Array<Block> =>
  readFileSync(join(sources, `${name}.txt`), "utf8")
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block.length > 0)
    .map((block): Block => {
      if (block === "\\f") return { type: "page" }
      if (block.startsWith("## ")) return { type: "heading", text: block.slice(3) }
      if (block.startsWith("# ")) return { type: "title", text: block.slice(2) }
      return { type: "body", text: block.replace(/\s*\n\s*/g, " ") }
    })

const wrap = (text: string, font: PDFFont, size: number, width: number): Array<string> => {
  const lines: Array<string> = []
  let line = ""
  for (const word of text.split(" ")) {
    const next = line.length === 0 ? word : `${line} ${word}`
    if (font.widthOfTextAtSize(next, size) > width && line.length > 0) {
      lines.push(line)
      line = word
    } else {
      line = next
    }
  }
  if (line.length > 0) lines.push(line)
  return lines
}

const makePdf = async (name: string, title: string): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create()
  pdf.setTitle(title)
  pdf.setAuthor("docsweep samples")
  pdf.setProducer("docsweep makeSamples")
  pdf.setCreator("docsweep makeSamples")
  pdf.setCreationDate(new Date(fixedTime))
  pdf.setModificationDate(new Date(fixedTime))
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const [width, height, margin] = [612, 792, 72]
  const pages: Array<PDFPage> = []
  let page = pdf.addPage([width, height])
  pages.push(page)
  let y = height - margin
  const newPage = () => {
    page = pdf.addPage([width, height])
    pages.push(page)
    y = height - margin
  }
  for (const block of readBlocks(name)) {
    if (block.type === "page") {
      newPage()
      continue
    }
    const font = block.type === "body" ? regular : bold
    const size = block.type === "title" ? 15 : block.type === "heading" ? 11.5 : 10.5
    const step = size * 1.35
    const lines = wrap(block.text, font, size, width - 2 * margin)
    if (block.type === "heading" && y - step * 3 < margin) newPage()
    if (block.type === "heading" && y < height - margin) y -= 6
    for (const line of lines) {
      if (y - step < margin) newPage()
      const x = block.type === "title" ? (width - font.widthOfTextAtSize(line, size)) / 2 : margin
      page.drawText(line, { x, y: y - size, size, font, color: rgb(0.1, 0.1, 0.1) })
      y -= step
    }
    y -= block.type === "title" ? 14 : 8
  }
  pages.forEach((p, i) => {
    const footer = `${title} - Page ${i + 1} of ${pages.length}`
    p.drawText(footer, {
      x: (width - regular.widthOfTextAtSize(footer, 8)) / 2,
      y: 40,
      size: 8,
      font: regular,
      color: rgb(0.4, 0.4, 0.4)
    })
  })
  return pdf.save({ useObjectStreams: false })
}

/** Runs `make` with `new Date()` and `Date.now()` pinned to `fixedTime`, for generators that stamp the time. */
const withFixedClock = async <A>(make: () => Promise<A>): Promise<A> => {
  const RealDate = Date
  class FixedDate extends RealDate {
    constructor(...args: Array<string | number>) {
      if (args.length === 0) super(fixedTime)
      else super(...(args as [string | number]))
    }
    static override now() {
      return fixedTime
    }
  }
  globalThis.Date = FixedDate as DateConstructor
  try {
    return await make()
  } finally {
    globalThis.Date = RealDate
  }
}

const makeDocx = (name: string, title: string): Promise<Buffer> => {
  const children: Array<Paragraph> = []
  for (const block of readBlocks(name)) {
    if (block.type === "page") children.push(new Paragraph({ children: [new PageBreak()] }))
    else if (block.type === "title")
      children.push(new Paragraph({ text: block.text, heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER }))
    else if (block.type === "heading")
      children.push(new Paragraph({ text: block.text, heading: HeadingLevel.HEADING_2 }))
    else children.push(new Paragraph({ children: [new TextRun(block.text)], spacing: { after: 120 } }))
  }
  // The core properties take their timestamps when the Document is built, so building happens on the fixed clock too.
  return withFixedClock(() =>
    Packer.toBuffer(
      new Document({
        creator: "docsweep samples",
        title,
        description: "Sample document generated for docsweep",
        sections: [{ children }]
      })
    )
  )
}

/** Writes to a temporary name first, so an interrupted run leaves no half-written sample. */
const write = (file: string, bytes: Uint8Array) => {
  const path = join(target, file)
  writeFileSync(`${path}.tmp`, bytes)
  renameSync(`${path}.tmp`, path)
  console.log(`wrote ${file} (${bytes.length} bytes)`)
}

const main = async () => {
  write("northwind-halcyon-msa.pdf", await makePdf("northwind-halcyon-msa", "Master Services Agreement"))
  write("meridian-calloway-supply.pdf", await makePdf("meridian-calloway-supply", "Supply Agreement"))
  write("orchid-tessera-nda.docx", await makeDocx("orchid-tessera-nda", "Mutual Non-Disclosure Agreement"))
  write("brightline-offer-letter.docx", await makeDocx("brightline-offer-letter", "Offer of Employment"))
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await main()
