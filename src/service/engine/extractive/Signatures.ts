import type { EngineDocument } from "../AnswerEngine.js"
import { findDates } from "./DateSpans.js"
import type { Found } from "./Found.js"
import type { IndexedPassage, PassageIndex } from "./PassageIndex.js"
import { findPersons } from "./PartySpans.js"
import type { Query } from "./Query.js"
import type { RankedSentence } from "./Ranking.js"
import { splitSentences } from "./Sentences.js"

const signatureCue =
  /\b(?:By|Name|Signed(?:\s+for\s+[^.]{0,80}?)?\s+by|Sincerely|Regards|Yours\s+(?:truly|faithfully|sincerely)|Accepted\s+and\s+agreed)\s*[:,]?\s*/gu

/** "Who signed…?": the people named after "By:", "Name:", "Signed … by", "Sincerely," in a document. */
export const signingQuestion = /\b(?:sign(?:s|ed|ing|ator(?:y|ies))?|execut(?:ed|es))\b/i

/**
 * "What is the date of the letter?", "When was the agreement signed?": the document's own date, given at its top
 * (a letter's date line, a contract's "dated as of …" or "made this … day of …").
 */
export const documentDateQuestion =
  /\b(?:(?:date\s+of|dated\s+date\s+of)\s+(?:the|this)\s+(?:letter|notice|memo|memorandum|report|release|press\s+release|document|agreement|contract|lease|amendment|license|licence)|(?:agreement|contract|letter|signing|execution)\s+date|when\s+was\s+(?:the|this)\s+(?:\w+\s+)?(?:letter|notice|memo|report|release|document|agreement|contract|lease|amendment)\s+(?:sent|written|dated|issued|published|signed|executed|made|entered\s+into|concluded))\b/i

/** Words that introduce a document's own date rather than some other date it mentions. */
const ownDate =
  /\b(?:dated|made|entered\s+into|as\s+of|effective|this|date:?)\s*(?:as\s+of\s+|on\s+)?(?:the\s+|this\s+)?$/i

const quoted = (entry: IndexedPassage, text: string, at: number): RankedSentence => {
  const sentence = splitSentences(text).find((s) => s.start <= at && at < s.end)
  // `text` is the passage's own text, so the sentence's offset in it is its place in the passage.
  return { entry, text: sentence?.text ?? text, position: 0, start: sentence?.start ?? 0, score: 1, coverage: 1 }
}

const passagesOf = (index: PassageIndex, document: EngineDocument) =>
  index.passages.filter((entry) => entry.document === document)

/** Words of the question that name something (capitalised after the first word): "Tessera" in "…on behalf of Tessera?" */
const namedIn = (question: string) =>
  question
    .split(/\s+/)
    .slice(1)
    .map((word) => word.replace(/[^\p{L}]/gu, ""))
    .filter((word) => /^\p{Lu}/u.test(word))

/** Signatories of the document; when the question names a party, the one signing for it. */
export const answerSigning = (index: PassageIndex, query: Query, document: EngineDocument): Found | undefined => {
  const signatures: Array<{ name: string; entry: IndexedPassage; at: number; before: string }> = []
  for (const entry of passagesOf(index, document)) {
    const text = entry.passage.text
    for (const cue of text.matchAll(signatureCue)) {
      const start = cue.index + cue[0].length
      const person = findPersons(text.slice(start, start + 60)).find((span) => span.start === 0)
      if (person !== undefined) {
        const before = text.slice(Math.max(0, cue.index - 160), start + person.end)
        signatures.push({ name: person.text, entry, at: start, before })
      }
    }
  }
  const named = namedIn(query.text)
  const forParty = signatures.find((s) =>
    named.some((word) => s.before.includes(word) || s.before.includes(word.toUpperCase()))
  )
  const chosen = forParty ?? signatures[signatures.length - 1]
  if (chosen === undefined) return undefined
  const names = [...new Set(signatures.map((s) => s.name))]
  const short = forParty !== undefined || names.length === 1 ? chosen.name : names.join(" and ")
  return { short, sentence: quoted(chosen.entry, chosen.entry.passage.text, chosen.at) }
}

/**
 * The date at the top of the document: among the dates of its first passages, a date on a line of its own (a
 * letter's date line), else the first one introduced as the document's own ("dated", "made this", "as of"), else
 * the first complete one, else the first with a blank day or month.
 */
export const answerDocumentDate = (index: PassageIndex, document: EngineDocument): Found | undefined => {
  const dates = passagesOf(index, document)
    .slice(0, 3)
    .flatMap((entry) => findDates(entry.passage.text).map((span) => ({ entry, span })))
    .filter(({ span }) => /\d{4}$/.test(span.text))
  const dateLine = dates.find(({ entry, span }) => {
    const text = entry.passage.text
    const lineStart = text.lastIndexOf("\n", span.start) + 1
    const lineEnd = text.indexOf("\n", span.end)
    return text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd).trim().length <= span.end - span.start + 12
  })
  const introduced = dates.find(({ entry, span }) =>
    ownDate.test(entry.passage.text.slice(Math.max(0, span.start - 40), span.start))
  )
  const chosen = dateLine ?? introduced ?? dates.find(({ span }) => /\d,/.test(span.text)) ?? dates[0]
  if (chosen === undefined) return undefined
  return { short: chosen.span.text, sentence: quoted(chosen.entry, chosen.entry.passage.text, chosen.span.start) }
}
