import type { EngineDocument } from "../AnswerEngine.js"
import { findDates } from "./DateSpans.js"
import type { DocumentSentence } from "./DocumentSentences.js"
import type { Found } from "./Found.js"
import type { PassageIndex } from "./PassageIndex.js"
import { toRanked } from "./Ranking.js"
import { escapeRegExp } from "./RegExpText.js"

/** Where a document gives a defined term its value, and the text that holds the value. */
export interface DefinedValue {
  readonly sentence: DocumentSentence
  /** The text the value stands in: after the label or "means", or before the parenthesis that names it. */
  readonly value: string
  /** Where `value` starts in the sentence. */
  readonly at: number
  /** After a label or "means" the value comes first; before a naming parenthesis it comes last. */
  readonly valueFirst: boolean
}

/** A defined term as a pattern, its spaces any run of white space (a line may break inside it). */
const escaped = (term: string) => escapeRegExp(term).replace(/\s+/g, "\\s+")
/** How much text after a label or "means", or before a naming parenthesis, may hold the value. */
const reach = 160

/**
 * The value a document gives a defined term (`term` as the text capitalises it, "Expiration Date"): a basic-terms
 * table's label ("Expiration Date: the thirty-first (31st) day of July, 2027"), a definition ("Expiration Date" means
 * …), or the text a parenthesis names (`July 31, 2027 (the "Expiration Date")`). A term clause that runs "until the
 * Expiration Date" has its end there.
 */
export const definedValue = (
  index: PassageIndex,
  document: EngineDocument,
  written: string
): DefinedValue | undefined => {
  // A name read from a clause may break over a line ("the Expiration\nDate").
  const term = written.replace(/\s+/g, " ")
  const name = escaped(term)
  // "Expiration Date: …", and a UK definition list's "\"Commencement Date\": 1st July 2018."
  const label = new RegExp(`(?:^|[\\s.;"“])${name}["”]?\\s*:\\s*`)
  const means = new RegExp(`["“]${name}["”]\\s*(?:means|shall\\s+mean|is|shall\\s+be)\\s+`)
  const named = new RegExp(`\\(\\s*(?:the\\s+|each\\s+a\\s+|an?\\s+)?["“]${name}["”]\\s*\\)`)
  for (const sentence of index.scan(document.id, (text) => text.includes(term))) {
    const { text } = sentence
    const after = label.exec(text) ?? means.exec(text)
    if (after !== null) {
      const at = after.index + after[0].length
      return { sentence, value: text.slice(at, at + reach), at, valueFirst: true }
    }
    const before = named.exec(text)
    if (before !== null) {
      const at = Math.max(0, before.index - reach)
      return { sentence, value: text.slice(at, before.index), at, valueFirst: false }
    }
  }
  return undefined
}

/** A capitalised defined term of one to three words ending in `head`: "the Expiration Date", "the Lease Term". */
export const namedTerm = (head: string) => `((?:\\p{Lu}[\\p{L}-]*\\s+){1,3}${head})\\b`

/** The date a defined term's value gives (the first after a label or "means", the last before its parenthesis). */
export const dateOf = (defined: DefinedValue): Found | undefined => {
  const dates = findDates(defined.value).filter((span) => /\d{4}/.test(span.text))
  const date = defined.valueFirst ? dates[0] : dates.at(-1)
  return date === undefined
    ? undefined
    : { short: date.text, sentence: toRanked(defined.sentence), at: defined.at + date.start }
}

/** The date a document gives a defined name ("Commencement Date"), with the sentence that gives it. */
export const definedDate = (index: PassageIndex, document: EngineDocument, name: string): Found | undefined => {
  const defined = definedValue(index, document, name)
  return defined === undefined ? undefined : dateOf(defined)
}

/** The first of some names ("Commencement Date", "Start Date") the document defines with a date: that date. */
export const firstDefinedDate = (
  index: PassageIndex,
  document: EngineDocument,
  names: ReadonlyArray<string>
): Found | undefined => {
  for (const name of names) {
    const date = definedDate(index, document, name)
    if (date !== undefined) return date
  }
  return undefined
}

/** "What is the commencement date?", "Closing date?": the named date a question asks for, in the text's capitals. */
const askedDate = /\b((?:[a-z]+\s+){1,2}?)(date|day)\b/gi
const titleCase = (words: string) =>
  words
    .trim()
    .split(/\s+/)
    .map((word) => `${word.slice(0, 1).toUpperCase()}${word.slice(1).toLowerCase()}`)
    .join(" ")

/**
 * A date the question names by a term the document defines with a date ("'Commencement Date' means April 1, 2011",
 * "Closing Date: June 30, 2021"): that date, quoting the definition, whatever other dates rank near the question.
 */
export const definedDateAsked = (
  index: PassageIndex,
  document: EngineDocument,
  question: string
): Found | undefined => {
  // "the commencement date" and "commencement date": the longest name first, without a leading article.
  const names = [...question.matchAll(askedDate)].flatMap((m) => {
    const words = (m[1] ?? "").trim().split(/\s+/)
    return words
      .map((_, from) => titleCase(`${words.slice(from).join(" ")} ${m[2] ?? ""}`))
      .filter((name) => !/^(?:The|A|An|What|Which|Is|Of)\b/.test(name))
  })
  return firstDefinedDate(index, document, names)
}

/** "What is the territory?", "Define the Territory", "What territory is covered?", "Territory?": the term asked. */
const termAsked =
  /^\s*what\s+([a-z][\w'’-]*(?:\s+[a-z][\w'’-]*)?)\s+(?:is|are)\s+(?:covered|included)\s*\??\s*$|^\s*(?:what\s+(?:is|are)\s+(?:the\s+)?|define\s+(?:the\s+)?|what\s+does\s+(?:the\s+)?)?([a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,3}?)(?:\s+mean)?\s*\??\s*$/i

/**
 * A question for what a term the document defines is ("What is the territory?"): the sentence that defines it
 * (`"Territory" means the States of Texas, Louisiana, Oklahoma and New Mexico.`, a table's "Territory: …"),
 * quoted, rather than a sentence that only uses the term ("… outside the Territory").
 */
export const definitionAsked = (index: PassageIndex, document: EngineDocument, question: string): Found | undefined => {
  const m = termAsked.exec(question)
  const words = (m?.[1] ?? m?.[2])?.trim()
  if (words === undefined) return undefined
  const defined = definedValue(index, document, titleCase(words))
  return defined === undefined ? undefined : { short: undefined, sentence: toRanked(defined.sentence) }
}
