import { assert, describe, it } from "@effect/vitest"
import { Document, LastRenderedPageBreak, Packer, PageBreak, Paragraph, TextRun } from "docx"
import { Effect } from "effect"
import { PDFDocument, StandardFonts } from "pdf-lib"
import { type Doctype, extractText } from "../../src/service/documents/ExtractText.js"
import { pageAt } from "../../src/service/engine/AnswerEngine.js"
import { splitPassages } from "../../src/service/engine/extractive/Passages.js"
import { splitSentences } from "../../src/service/engine/extractive/Sentences.js"
import { answerOf } from "../engine/documentOf.js"

/**
 * A four-page contract whose pages are known. The termination clause runs from page 2 onto page 3, and each page
 * holds clauses that the questions below quote.
 */
const pageTexts: ReadonlyArray<ReadonlyArray<string>> = [
  [
    "MASTER SUPPLY AGREEMENT",
    'This Master Supply Agreement is made on March 1, 2024 between Acme Widgets Inc. (the "Supplier") and Borealis Foods LLC (the "Buyer").',
    "The Supplier shall deliver the Products to the Buyer's warehouse in Portland within ten (10) business days of each purchase order."
  ],
  [
    "The Buyer shall pay the Supplier an annual fee of $48,000, invoiced quarterly in advance.",
    "Invoices are payable within thirty (30) days of receipt.",
    "Either party may terminate this Agreement for convenience upon sixty (60) days' written"
  ],
  [
    "notice to the other party, without paying any termination fee.",
    "This Agreement is governed by the laws of the State of Oregon.",
    "Each party shall keep the other party's Confidential Information confidential for five (5) years."
  ],
  [
    "In no event shall either party's aggregate liability exceed the fees paid in the twelve (12) months before the claim.",
    "The Supplier shall maintain product liability insurance of at least $2,000,000 per occurrence.",
    "Signed for Acme Widgets Inc. by Dana Whitfield, Chief Executive Officer."
  ]
]

const questions = [
  "Which law governs this agreement?",
  "What notice is needed to terminate the agreement for convenience?",
  "What is the annual fee?",
  "Is either party's liability capped?",
  "Is a party required to maintain insurance?",
  "Who are the parties?",
  "What is the effective date?",
  "How long does confidentiality last?",
  "When must invoices be paid?",
  "Summarize this document in two sentences.",
  "What are its main risks?"
]

const wrap = (text: string, width = 80): Array<string> => {
  const lines: Array<string> = []
  let line = ""
  for (const word of text.split(" ")) {
    if (line.length > 0 && line.length + word.length + 1 > width) {
      lines.push(line)
      line = word
    } else line = line.length === 0 ? word : `${line} ${word}`
  }
  if (line.length > 0) lines.push(line)
  return lines
}

const makePdf = Effect.promise(async () => {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  for (const paragraphs of pageTexts) {
    const page = pdf.addPage([612, 792])
    let y = 720
    for (const paragraph of paragraphs) {
      for (const line of wrap(paragraph)) {
        page.drawText(line, { x: 60, y, size: 10, font })
        y -= 13
      }
      y -= 13
    }
  }
  return pdf.save()
})

/** Explicit page breaks, Word's last rendered page breaks, one section per page, or "page break before" paragraphs. */
const makeDocx = (breaks: "explicit" | "rendered" | "sections" | "before") => {
  const paragraphsOf = (texts: ReadonlyArray<string>, first: boolean) =>
    texts.map((text, i) =>
      i === 0 && !first && breaks === "rendered"
        ? new Paragraph({ children: [new TextRun({ children: [new LastRenderedPageBreak(), text] })] })
        : i === 0 && !first && breaks === "before"
          ? new Paragraph({ pageBreakBefore: true, children: [new TextRun(text)] })
          : new Paragraph(text)
    )
  const sections =
    breaks === "sections"
      ? pageTexts.map((texts, i) => ({ children: paragraphsOf(texts, i === 0) }))
      : [
          {
            children: pageTexts.flatMap((texts, i) => [
              ...(i > 0 && breaks === "explicit" ? [new Paragraph({ children: [new PageBreak()] })] : []),
              ...paragraphsOf(texts, i === 0)
            ])
          }
        ]
  return Effect.promise(() => Packer.toBuffer(new Document({ sections }))).pipe(
    Effect.map((buffer) => new Uint8Array(buffer))
  )
}

const encode = (text: string) => Effect.succeed(new TextEncoder().encode(text))
const withFormFeeds = encode(pageTexts.map((texts) => texts.join("\n\n")).join("\n\f"))
/** A form feed before every page, as line printers' reports (and files made for them) have them. */
const formFeedFirst = encode(pageTexts.map((texts) => `\f${texts.join("\n\n")}\n`).join(""))
/** Printed page numbers at the foot of each page, as text converted from a PDF has them. */
const pageNumbered = pageTexts
  .map(
    (texts, i) => `${["Lorem ipsum filler text for page length. ".repeat(8), ...texts].join("\n\n")}\n\n- ${i + 1} -\n`
  )
  .join("\n")
const withPageNumbers = encode(pageNumbered)

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .join(" ")

/** Whether the quote's words stand, in order, on the cited pages. */
const onPages = (pages: ReadonlyArray<string>, quote: string, first: number, last: number) =>
  ` ${words(pages.slice(first - 1, last).join(" "))} `.includes(` ${words(quote.replace(/^\.\.\.|\.\.\.$/g, ""))} `)

const citedQuotes = (answer: string) =>
  answer.split("\n\n").flatMap((block) => {
    const m = /^(?:[A-Z][a-z ]+: )?"([\s\S]*)" (?:\(|— [^,]+, )pp?\. (\d+)(?:–(\d+))?\)?$/.exec(block)
    return m === null ? [] : [{ quote: m[1] ?? "", first: Number(m[2]), last: Number(m[3] ?? m[2]) }]
  })

const formats: ReadonlyArray<readonly [string, Doctype, Effect.Effect<Uint8Array>]> = [
  ["PDF", "pdf", makePdf],
  ["DOCX with page breaks", "docx", makeDocx("explicit")],
  ["DOCX with Word's rendered page breaks", "docx", makeDocx("rendered")],
  ["DOCX with a section per page", "docx", makeDocx("sections")],
  ["DOCX whose pages start with a 'page break before' paragraph", "docx", makeDocx("before")],
  ["TXT with form feeds", "txt", withFormFeeds],
  ["TXT with printed page numbers", "txt", withPageNumbers],
  ["TXT with a form feed before each page", "txt", formFeedFirst],
  ["TXT with printed page numbers and one form feed at its end", "txt", encode(`${pageNumbered}\f\n`)]
]

describe("citations", () => {
  for (const [name, doctype, make] of formats) {
    it.effect(`${name}: every quote cites the page it stands on`, () =>
      Effect.gen(function* () {
        const { pages } = yield* extractText(yield* make, doctype)
        assert.strictEqual(pages.length, 4)
        for (const [i, texts] of pageTexts.entries()) assert.include(words(pages[i] ?? ""), words(texts[1] ?? ""))
        const passages = splitPassages(1, pages)
        // Every sentence of every passage, from the page its first word is on to the page of its last.
        for (const passage of passages) {
          for (const sentence of splitSentences(passage.text)) {
            const first = pageAt(passage, sentence.start)
            const last = pageAt(passage, sentence.end - 1)
            assert.isTrue(onPages(pages, sentence.text, first, last), `p. ${first}–${last}: ${sentence.text}`)
          }
        }
        const document = {
          id: 900 + formats.findIndex(([other]) => other === name),
          filename: `c.${doctype}`,
          passages
        }
        let quotes = 0
        for (const question of questions) {
          const answer = yield* answerOf(question, document)
          for (const cited of citedQuotes(answer)) {
            quotes += 1
            assert.isTrue(onPages(pages, cited.quote, cited.first, cited.last), `${question}: ${answer}`)
          }
        }
        assert.isAtLeast(quotes, questions.length)
        const law = yield* answerOf("Which law governs this agreement?", document)
        assert.include(law, "(p. 3)")
        const notice = yield* answerOf("How much notice is needed to terminate for convenience?", document)
        assert.include(notice, "(pp. 2–3)")
      })
    )
  }
})
