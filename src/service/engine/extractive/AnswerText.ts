import { type Passage, pageAt, pagesLabel } from "../AnswerEngine.js"
import type { DocumentSentence } from "./DocumentSentences.js"
import type { Found, Outcome } from "./Found.js"

/**
 * The main quote is the clause whole up to this length (a passage keeps sentences to 800 characters), so that a
 * reader sees what the clause says rather than a fragment of it; longer ones are cut to a window around the answer.
 */
const wholeMax = 800
/** Further quotes (a second clause of the kind, another document's answer) are cut to this window. */
const quoteMax = 360

/** A quote and where it lies in its passage's text. */
interface Quote {
  readonly text: string
  readonly from: number
  readonly to: number
}

/** The quote cut to a window around the answer; `from`/`to` are offsets into `text` before cutting. */
const cutAround = (text: string, at: number, max: number): Quote => {
  if (text.length <= max) return { text, from: 0, to: text.length }
  const from = Math.max(0, Math.min(at - max / 3, text.length - max))
  const start = from === 0 ? 0 : text.indexOf(" ", from) + 1
  const end = start + max >= text.length ? text.length : text.lastIndexOf(" ", start + max)
  const cut = `${start > 0 ? "..." : ""}${text.slice(start, end).trim()}${end < text.length ? "..." : ""}`
  return { text: cut, from: start, to: end }
}

const spaced = (text: string) => text.replace(/\s+/g, " ")

/** The text a quote shows before any cutting: the sentence and what it runs on into, whitespace made single. */
const quotedText = ({ sentence, continuation }: Found): string =>
  continuation === undefined ? spaced(sentence.text) : `${spaced(sentence.text)} ${spaced(continuation)}`

const quoteOf = (found: Found, max: number): Quote => {
  const { sentence, continuation } = found
  const passage = sentence.entry.passage.text
  const quote = cutAround(quotedText(found), found.at ?? 0, max)
  // The quoted characters, as offsets in the passage (whitespace was only normalised, so lengths agree).
  const next = continuation === undefined ? -1 : passage.indexOf(continuation, sentence.start + sentence.text.length)
  const end = next < 0 ? sentence.start + sentence.text.length : next + (continuation?.length ?? 0)
  const from = Math.min(sentence.start + quote.from, end)
  const to = Math.max(from, Math.min(sentence.start + quote.to, end) - 1)
  return { text: quote.text, from, to }
}

/** "p. 3", or "pp. 3–4" for a quote that runs onto the next page. */
export const pagesCited = (passage: Passage, from: number, to: number): string => {
  return pagesLabel(pageAt(passage, from), pageAt(passage, to))
}

/** A sentence quoted with the page it stands on. */
export const quoteLine = (sentence: DocumentSentence): string =>
  `"${spaced(sentence.text)}" (${pagesCited(sentence.entry.passage, sentence.start, sentence.start + sentence.text.length - 1)})`

const placeOf = (found: Found, quote: Quote, multiDocument: boolean): string => {
  const pages = pagesCited(found.sentence.entry.passage, quote.from, quote.to)
  return multiDocument ? `— ${found.sentence.entry.document.filename}, ${pages}` : `(${pages})`
}

const block = (found: Found, multiDocument: boolean, withShort: boolean, max: number): string => {
  const quote = quoteOf(found, max)
  const cited = `"${quote.text}" ${placeOf(found, quote, multiDocument)}`
  return withShort && found.short !== undefined ? `${found.short}\n\n${cited}` : cited
}

/**
 * Quotes, less any a quote before it already shows whole: a heading quoted with the clause it opens makes a further
 * quote of that clause a repetition.
 */
const unrepeated = (found: ReadonlyArray<Found>): Array<Found> => {
  const shown: Array<{ readonly document: number; readonly text: string }> = []
  return found.filter((candidate) => {
    const document = candidate.sentence.entry.document.id
    const own = spaced(candidate.sentence.text)
    if (shown.some((seen) => seen.document === document && seen.text.includes(own))) return false
    const joined = quotedText(candidate)
    if (shown.length === 0 ? joined.length <= wholeMax : joined.length <= quoteMax)
      shown.push({ document, text: joined })
    return true
  })
}

/**
 * The answer as text: the short answer, a blank line, the supporting quote and its place; over several documents
 * each quote names its document. Yes/no answers say "Yes." once, then each supporting quote.
 */
export const answerText = (outcome: Outcome, multiDocument: boolean): string => {
  const related =
    outcome.related === undefined || outcome.related.found.length === 0
      ? []
      : [outcome.related.lead, ...outcome.related.found.map((found) => block(found, multiDocument, false, quoteMax))]
  return [...answerBlocks(outcome, multiDocument), ...related].join("\n\n")
}

/** The answer's own paragraphs: the message, or the lead, the short answer and each quote. */
const answerBlocks = (outcome: Outcome, multiDocument: boolean): Array<string> => {
  if (outcome._tag === "Nothing") return [outcome.message]
  const [first, ...rest] = unrepeated(outcome.found)
  if (first === undefined) return ["Not found in the document."]
  const yesNo = first.short === "Yes."
  return [
    ...(outcome.lead === undefined ? [] : [outcome.lead]),
    ...(yesNo ? ["Yes."] : []),
    block(first, multiDocument, !yesNo, multiDocument ? quoteMax : wholeMax),
    ...rest.map((found) => block(found, multiDocument, !yesNo, quoteMax))
  ]
}

/** Splits an answer into 3–6 chunks at spaces, about equal in length, that join back to the same text. */
export const chunk = (text: string): Array<string> => {
  const words = text.split(/(?<=\s)/)
  const count = Math.min(words.length, Math.max(3, Math.min(6, Math.ceil(text.length / 160))))
  // ends[i] is where word i ends; a cut after word i is a chunk boundary.
  const ends: Array<number> = []
  words.reduce((at, word) => {
    ends.push(at + word.length)
    return at + word.length
  }, 0)
  const cuts: Array<number> = []
  let previous = -1
  for (let k = 1; k < count; k++) {
    const target = (text.length * k) / count
    const last = words.length - 1 - (count - k)
    let best = previous + 1
    for (let i = previous + 1; i <= last; i++) {
      if (Math.abs((ends[i] ?? 0) - target) < Math.abs((ends[best] ?? 0) - target)) best = i
    }
    cuts.push(best)
    previous = best
  }
  const chunks: Array<string> = []
  let from = 0
  for (const cut of [...cuts, words.length - 1]) {
    chunks.push(words.slice(from, cut + 1).join(""))
    from = cut + 1
  }
  return chunks
}
