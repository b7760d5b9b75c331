import { createRequire } from "node:module"
import { Effect } from "effect"
import type JSZipType from "jszip"
import type Mammoth from "mammoth"
import { ExtractionFailed } from "./ExtractionFailed.js"
import { htmlText } from "./HtmlText.js"
import { paginate } from "./Paginate.js"

/**
 * mammoth and its zip library are loaded when a DOCX is first read, not at every start of docsweep (most runs read
 * none): they stay outside the bundle (src/build.ts), required, not imported, as pdf.js is (PdfText.ts).
 */
const docxLibraries = () => {
  const require = createRequire(import.meta.url)
  return { JSZip: require("jszip") as typeof JSZipType, mammoth: require("mammoth") as typeof Mammoth }
}

/** mammoth drops page breaks from raw text; mapped to <hr> in its HTML they survive as page separators. */
const pageBreakStyle = ["br[type='page'] => hr"]

const pageBreakRun = '<w:r><w:br w:type="page"/></w:r>'
const lastRendered = /<w:lastRenderedPageBreak\s*\/>/g
/** A section's properties inside a paragraph's: the section ends with that paragraph. */
const sectionEnd = /<w:sectPr\b[^>]*>((?:(?!<\/w:sectPr>)[\s\S])*)<\/w:sectPr>\s*<\/w:pPr>/g

/** A paragraph's properties that start it on a new page ("page break before"; w:val 0, false or off turns it off). */
const breakBefore =
  /<w:pPr\b[^>]*(?<!\/)>(?:(?!<\/w:pPr>)[\s\S])*<w:pageBreakBefore(?![^>]*w:val="(?:0|false|off)")[^>]*\/>(?:(?!<\/w:pPr>)[\s\S])*<\/w:pPr>/g

const paragraphStart = /<w:p[\s>]/g

/** A page break at the start of each paragraph set to begin a new page, but the first (Word adds no blank page). */
const markBreaksBefore = (xml: string): string => {
  const second = [...xml.matchAll(paragraphStart)][1]?.index ?? xml.length
  return xml.replace(breakBefore, (properties, at: number) => (at < second ? properties : properties + pageBreakRun))
}

/**
 * Where the document's pages begin, as page breaks mammoth understands. When Word saved where it last laid out
 * each page (`w:lastRenderedPageBreak`), those are the pages, explicit breaks included. Otherwise explicit breaks
 * (`w:br w:type="page"`, kept as they are), paragraphs set to start a new page (`w:pageBreakBefore`) and section
 * breaks that start a new page (every type but "continuous") are.
 */
const markPageBreaks = (original: string): string => {
  if (original.includes("<w:lastRenderedPageBreak")) {
    return original.replace(/<w:br\b[^>]*w:type="page"[^>]*\/>/g, "").replace(lastRendered, '<w:br w:type="page"/>')
  }
  const xml = markBreaksBefore(original)
  let out = ""
  let from = 0
  for (const m of xml.matchAll(sectionEnd)) {
    const close = xml.indexOf("</w:p>", m.index + m[0].length)
    if (close < 0 || /w:val="continuous"/.test(m[1] ?? "")) continue
    out += `${xml.slice(from, close)}${pageBreakRun}`
    from = close
  }
  return out + xml.slice(from)
}

/** The DOCX with its page starts marked in `word/document.xml` (the bytes as they are when nothing changes). */
const withPageBreaks = async (bytes: Uint8Array): Promise<Buffer> => {
  const buffer = Buffer.from(bytes)
  const zip = await docxLibraries().JSZip.loadAsync(buffer)
  const part = zip.file("word/document.xml")
  if (part === null) return buffer
  const xml = await part.async("string")
  const marked = markPageBreaks(xml)
  if (marked === xml) return buffer
  zip.file("word/document.xml", marked)
  return zip.generateAsync({ type: "nodebuffer" })
}

/**
 * Pages of a DOCX: split where its pages begin when it records any (see `markPageBreaks`), else cut into
 * ~3,000-character pages at paragraph boundaries. A break right after another leaves no empty page.
 */
export const docxPages = (bytes: Uint8Array) =>
  Effect.gen(function* () {
    const result = yield* Effect.tryPromise({
      try: async () =>
        docxLibraries().mammoth.convertToHtml({ buffer: await withPageBreaks(bytes) }, { styleMap: pageBreakStyle }),
      catch: (cause) => new ExtractionFailed({ doctype: "docx", reason: "not a readable DOCX file", cause })
    })
    return yield* Effect.try({
      try: () => {
        const pieces = result.value.split(/<hr\s*\/?>/i).map((piece) => htmlText(piece).trim())
        const pages = pieces.filter((piece, i) => piece.length > 0 || i === 0)
        return pages.length > 1 ? pages : paginate(pages[0] ?? "")
      },
      catch: (cause) => new ExtractionFailed({ doctype: "docx", reason: "the DOCX text could not be read", cause })
    })
  })
