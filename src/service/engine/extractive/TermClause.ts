import type { EngineDocument } from "../AnswerEngine.js"
import { findDates } from "./DateSpans.js"
import { definedTermOf } from "./DefinedTerm.js"
import { definedDate, definedValue, namedTerm } from "./DefinedValue.js"
import type { DocumentSentence } from "./DocumentSentences.js"
import { findDurations } from "./DurationSpans.js"
import type { Found } from "./Found.js"
import type { PassageIndex } from "./PassageIndex.js"
import { toRanked } from "./Ranking.js"
import type { Span } from "./Span.js"

/**
 * "This Agreement", "this JV Agreement" as the subject of its clause, not as the object of a preposition: "the
 * obligations contained in this Agreement shall continue …" is about the obligations. (The lookbehind is tried only
 * where "this agreement" has matched, not at every position of a passage.)
 */
const agreementSubject =
  "this\\s+(?:[\\w-]+\\s+){0,2}?agreement(?<!\\b(?:in|under|of|to|by|with|from|within|pursuant\\s+to)\\s+this\\s+(?:[\\w-]+\\s+){0,2}?agreement)"

/**
 * A clause that says how long the agreement lasts ("The term of this Agreement shall be five (5) years …", in the
 * present tense too: "This Agreement begins on the Effective Date and continues for an initial term of three (3)
 * years"; as the second of two verbs: "This Agreement shall become effective on the date of the last signature (the
 * "Effective Date") and shall continue for three (3) years"), or a cover sheet's field ("Agreement Term: 1 Year"). Its subject is the agreement or its term
 * (`agreementSubject`): "… shall remain confidential in perpetuity" is about the information.
 */
const termClause = new RegExp(
  `\\b(?:${agreementSubject}|the\\s+(?:initial\\s+)?term(?:\\s+of\\s+(?:this\\s+agreement|(?:the\\s+)?\\p{Lu}[\\w'’]*\\s+(?:\\w+\\s+)?(?:subscription|licen[cs]e|services|engagement|employment|lease)))?|the\\s+(?:contract|lease|agreement)\\s+(?:term|period)|the\\s+(?:licen[cs]e|service|employment|engagement)\\s+term)\\s*(?:\\([^)]{0,60}\\)\\s*)?(?:,[^,.;]{0,100},\\s*)?(?:(?:\\w+\\s+){0,8}|[^.;]{0,200}?\\band(?:\\s*,[^,.;]{0,100},)?\\s+)(?:shall|will)\\s+(?:\\w+\\s+){0,3}(?:continue|remain\\s+in\\s+(?:full\\s+)?(?:force|effect)|expire|terminate\\s+(?:on|at)\\b|terminate\\b[^.;]{0,80}?\\b(?:on|at|upon)\\s+the\\s+(?:earlier|earliest|later|latest|expiration|expiry|end|date|completion)|(?:immediately\\s+and\\s+)?automatically\\s+terminate|end|commence|begin|run|last|be\\s+(?:effective|in\\s+effect)\\s+(?:for|until|through)|have\\s+a\\s+(?:term|duration))\\b|(?<!\\b(?:renewal|extension|extended|additional)\\s)\\b(?:initial\\s+)?term\\b[^.;]{0,40}\\b(?:means|shall\\s+mean|is|shall\\s+be)\\b[^.;]{0,120}\\b(?:years?|months?|anniversary|until|through|expir\\w*|ending|ends?)\\b|\\b(?:this\\s+(?:agreement|contract)|the\\s+(?:initial\\s+)?term)\\s+(?:[\\w,]+\\s+){0,14}?(?:continues|remains\\s+in\\s+(?:full\\s+)?(?:force|effect)|runs|lasts|is\\s+valid|remains\\s+valid)\\s+(?:for|until|through)\\b|\\b(?:${agreementSubject}|the\\s+(?:initial\\s+)?term)\\b[^.;]{0,60}\\bin\\s+perpetuity\\b|\\b(?:agreement|contract|lease|initial)\\s+term\\s*:\\s*(?:\\w+\\s+){0,2}(?:\\(\\d+\\)\\s*)?(?:years?|months?)\\b`,
  "iu"
)
/** What the clause says about the end, not only the start: a clause with it is preferred to "shall commence on". */
const saysEnd =
  /\b(?:expir\w*|terminat\w*|end(?:s|ing)?|until|through|anniversary|perpetu\w*|indefinite\w*|years?|months?)\b/i
/** A term without an end: it runs until someone ends it. */
const openEnded =
  /\bin\s+perpetuity\b|\bperpetual(?:ly)?\b|\bindefinite(?:ly)?\b|\buntil\s+(?:\w+\s+){0,3}terminated\b|\bshall\s+continue\s+(?:in\s+(?:full\s+)?(?:force|effect)\s+)?until\b[^.;]{0,40}\bterminat/i
/**
 * A date the term ends on: "until December 31, 2010", "expire on …", "ending on …", or named after the end it
 * describes ("through the last day of the fifth (5th) Contract Year, being June 30, 2024").
 */
const endsOn =
  /\b(?:until|through|to\s+and\s+including|expir\w*\s+(?:on|at)|end(?:s|ing)?\s+on|terminat\w*\s+on|and\s+ending)\s+(?:(?:the\s+close\s+of\s+business\s+on\s+|midnight\s+on\s+)?(?:\w+\s+){0,1}|[^.;]{0,100},\s*(?:being|i\.e\.,?|namely|which\s+is|that\s+is,?)\s+)$/i
/** A date the term starts on, stated in the clause itself: "commencing on January 1, 2020". */
const startsOn = /\b(?:commenc\w*|begin\w*|start\w*|effective|from)\s+(?:on\s+|as\s+of\s+)?(?:the\s+)?$/i
const noticeNear = /notice|prior\s+to|before/i
/**
 * A period of renewal, not of the initial term: "renewed for successive one (1) year periods", "may extend the term
 * for", "shall automatically extend for". The initial term's own "shall commence … and extend for three (3) years"
 * is none.
 */
export const renewalNear =
  /\b(?:renew\w*|extended|extension|extend(?:s|ing)?\s+(?:it|this|the|such|its)|automatically\s+extends?|prolong\w*|successive|additional|further|consecutive)\b[^.;]*$/i
/** "until the end of the current calendar year": the term ends on December 31 of the year it starts. */
export const endsWithYear = /\buntil\s+the\s+end\s+of\s+the\s+(?:then\s+)?current\s+calendar\s+year\b/i

const ordinals = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
// "the fifth (5th) anniversary": the numeral in brackets repeats the word.
const anniversary = new RegExp(
  `\\b(${ordinals.join("|")}|\\d{1,2})(?:st|nd|rd|th)?\\s+(?:\\(\\d{1,2}(?:st|nd|rd|th)?\\)\\s+)?anniversary\\b`,
  "i"
)

/**
 * Sentences that keep the agreement "in full force and effect" without saying how long it lasts: severability ("so
 * that this Agreement shall otherwise remain in full force and effect") and an amendment's "except as amended hereby";
 * and an end that a breach triggers ("If HERC has not cured any such breach …, this Agreement shall automatically
 * terminate").
 */
const notATerm =
  /\b(?:illegal|invalid|unenforceable|severab\w*)\b|\bif\b[^.;]{0,160}\b(?:cured?|breach\w*|default\w*)\b[^.;]{0,160}\bthis\s+agreement\s+(?:shall|will)\s+(?:\w+\s+){0,2}terminate\b|\bexcept\s+as\s+(?:expressly\s+|specifically\s+|otherwise\s+)?(?:amended|modified|supplemented|provided)\b/i

/** A recital: the background an agreement (or its amendment) starts from. */
const recital = /^\s*(?:WHEREAS|Whereas)\b/

/**
 * The definition of another period named a term ('"Royalty Term" means the period … ending on the expiration of the
 * last to expire of the Patents', "Service Term", "IRU Term"): not the agreement's own, which is looked for first.
 */
const otherTermDefined = (text: string): boolean => {
  const term = definedTermOf(text)
  return term !== undefined && /\bterm$/i.test(term) && !/^(?:initial|agreement|contract)\s+term$/i.test(term)
}

/**
 * The agreement's term clause: the first sentence that says how long it lasts; one that names its end date first,
 * then one that says how it ends; a recital only when nothing else is.
 */
export const documentTerm = (
  index: PassageIndex,
  document: EngineDocument,
  before = false
): DocumentSentence | undefined => {
  // `notATerm` is a sentence's test: a passage that holds severability may hold the term clause too.
  const found = index
    .scan(document.id, (text) => termClause.test(text))
    .filter((sentence) => !notATerm.test(sentence.text))
  // "WHEREAS, the Initial Term … is scheduled to expire on December 31, 2010": what an amendment then changes, and
  // so the term as it was `before` it.
  const [recitals, others] = [found.filter((s) => recital.test(s.text)), found.filter((s) => !recital.test(s.text))]
  const own = others.filter((s) => !otherTermDefined(s.text))
  const otherTerms = others.filter((s) => otherTermDefined(s.text))
  const clauses = before ? [...recitals, ...own, ...otherTerms] : [...own, ...recitals, ...otherTerms]
  return (
    clauses.find((sentence) => statedEnd(sentence.text) !== undefined) ??
    clauses.find((sentence) => saysEnd.test(sentence.text)) ??
    clauses[0]
  )
}

/** An end that is the first of several: "shall terminate on the earlier of (a) … or (b) November 30, 2024". */
const earlierOf =
  /\b(?:expir\w*|terminat\w*|end)\s+(?:on|upon)\s+the\s+(?:earlier|earliest|first)\s+(?:to\s+occur\s+)?of\b[^.;]*$/i

/**
 * The end date a term clause states, if any; `atLatest` when the clause ends the term at the earlier of that date
 * and other events, so the date is the latest end, not the certain one.
 */
export const statedEnd = (text: string): (Span & { readonly atLatest: boolean }) | undefined => {
  const dated = findDates(text).filter((span) => /\d{4}/.test(span.text))
  const end = dated.find((span) => endsOn.test(text.slice(Math.max(0, span.start - 160), span.start)))
  if (end !== undefined) return { ...end, atLatest: false }
  const latest = dated.find((span) => earlierOf.test(text.slice(Math.max(0, span.start - 200), span.start)))
  return latest === undefined ? undefined : { ...latest, atLatest: true }
}

/** The start date a term clause states, if any. */
export const statedStart = (text: string) =>
  findDates(text).find(
    (span) => /\d{4}/.test(span.text) && startsOn.test(text.slice(Math.max(0, span.start - 30), span.start))
  )

/** A span of months or years in `text` that is not a notice period ("six (6) months' notice", "one year prior to"). */
export const isTermLength = (text: string, span: Span): boolean =>
  /month|year/.test(span.text) &&
  !noticeNear.test(text.slice(span.end, span.end + 25)) &&
  !noticeNear.test(text.slice(Math.max(0, span.start - 20), span.start))

/** The length of the term: months or years that are not a notice period, or "the fourth anniversary" (4 years). */
export const termPeriod = (text: string): { readonly text: string; readonly start: number } | undefined => {
  const period = findDurations(text).find(
    (span) => isTermLength(text, span) && !renewalNear.test(text.slice(Math.max(0, span.start - 50), span.start))
  )
  if (period !== undefined) return period
  const m = anniversary.exec(text)
  if (m === null) return undefined
  const n = /^\d/.test(m[1] ?? "") ? Number(m[1]) : ordinals.indexOf((m[1] ?? "").toLowerCase()) + 1
  return { text: `${n} year${n === 1 ? "" : "s"}`, start: m.index }
}

/** What a length may be counted from for the end date to be the start plus it: the agreement's own start. */
const ownStart =
  /^(?:the\s+)?(?:(?:effective|commencement|start|execution|signing)\s+date|date\s+(?:hereof|of\s+(?:this|execution|signature|signing))|execution|signing|commencement|(?:this|the)\s+agreement|its\s+(?:commencement|execution|start))\b/i
/**
 * Whether a term's length runs from the agreement's start: "for five (5) years from the Effective Date", "until the
 * fifth anniversary hereof", not "twelve (12) years after such first commercial sale" or "the tenth (10th)
 * anniversary of the date on which the Restaurant first opens", whose end no date in the text gives.
 */
export const countedFromStart = (text: string, period: { readonly start: number }): boolean => {
  const after = text.slice(period.start).replace(/^.*?\b(?:anniversary|years?|months?)\b\)?/i, "")
  const from =
    /^\s*(?:\)\s*)?(?:after|from|following|of|(?:commencing|beginning|starting)\s+(?:on|upon|with))\s+([^,.;]{0,60})/i.exec(
      after
    )?.[1]
  return from === undefined || ownStart.test(from.trim())
}

/**
 * When no end date can be read or computed: the agreement's term clause, quoted, with what it says about the end
 * ("No fixed end date: it runs until terminated."), so that the reader sees the clause instead of "not found".
 */
export const termClauseAnswer = (sentence: DocumentSentence): Found => ({
  short: openEnded.test(sentence.text)
    ? "No fixed end date: it runs until terminated."
    : "No end date is stated; the term clause:",
  sentence: toRanked(sentence)
})

/** A term clause that ends on a date it defines elsewhere: "expiring at 11:59 p.m. on the Expiration Date". */
const endsOnNamed = new RegExp(
  `\\b(?:until|through|expir\\w*|end(?:s|ing)?|terminat\\w*)\\b(?:[^;]{0,40}?\\b(?:on|at|upon))?\\s+the\\s+${namedTerm("(?:Date|Day)")}`,
  "u"
)
/** A term clause that starts on a date it defines elsewhere: "commencing on the Commencement Date". */
const startsOnNamed = new RegExp(
  `\\b(?:commenc\\w*|begin\\w*|start\\w*|from)\\s+(?:on\\s+)?the\\s+${namedTerm("Date")}`,
  "u"
)
/** A term clause whose length is a term it defines elsewhere: "The term of this Lease shall be the Lease Term". */
const lastsNamed = new RegExp(`\\b(?:be|for|during)\\s+the\\s+${namedTerm("(?:Term|Period)")}`, "u")

/** A date a term clause gives by a defined name, read from where the document defines it, with that sentence. */
const namedDate = (index: PassageIndex, document: EngineDocument, text: string, pattern: RegExp): Found | undefined => {
  const name = pattern.exec(text)?.[1]
  return name === undefined ? undefined : definedDate(index, document, name)
}

/** A term clause that ends with a period it defines elsewhere: "shall continue through the end of the Contract Period". */
const endsWithNamed = new RegExp(
  `\\b(?:until|through|to)\\s+(?:the\\s+)?(?:end|expiration|expiry)\\s+of\\s+the\\s+${namedTerm("(?:Term|Period)")}`,
  "u"
)

/**
 * The end date a term clause names ("… on the Expiration Date"), as the document defines it; or the end of a period
 * it names, as its definition states it ("'Contract Period' means the period commencing on August 1, 2013 and ending
 * on July 31, 2017").
 */
export const namedEnd = (index: PassageIndex, document: EngineDocument, term: DocumentSentence): Found | undefined => {
  const dated = namedDate(index, document, term.text, endsOnNamed)
  if (dated !== undefined) return dated
  const period = endsWithNamed.exec(term.text)?.[1]
  const defined = period === undefined ? undefined : definedValue(index, document, period)
  const end = defined === undefined ? undefined : statedEnd(defined.value)
  return defined === undefined || end === undefined
    ? undefined
    : { short: end.text, sentence: toRanked(defined.sentence), at: defined.at + end.start }
}

/** The start date a term clause names ("commencing on the Commencement Date"), as the document defines it. */
export const namedStart = (index: PassageIndex, document: EngineDocument, term: DocumentSentence) =>
  namedDate(index, document, term.text, startsOnNamed)

/** The length a term clause names ("shall be the Lease Term"), as the document defines it ("Lease Term: 63 months"). */
export const namedLength = (
  index: PassageIndex,
  document: EngineDocument,
  term: DocumentSentence
): Found | undefined => {
  const name = lastsNamed.exec(term.text)?.[1]
  const defined = name === undefined ? undefined : definedValue(index, document, name)
  if (defined === undefined || defined.sentence.text === term.text) return undefined
  const period = termPeriod(defined.value)
  return period === undefined
    ? undefined
    : { short: period.text, sentence: toRanked(defined.sentence), at: defined.at + period.start }
}
