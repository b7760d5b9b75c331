import type { EngineDocument } from "../AnswerEngine.js"
import { findDates, formatDate, monthNames } from "./DateSpans.js"
import { periodParts } from "./DurationSpans.js"
import type { Found } from "./Found.js"
import type { PassageIndex } from "./PassageIndex.js"
import { buildQuery } from "./Query.js"
import { type RankedSentence, rankPassages, rankSentences, toRanked } from "./Ranking.js"
import type { SpanAnswer } from "./SpanAnswer.js"
import {
  countedFromStart,
  documentTerm,
  endsWithYear,
  namedEnd,
  namedLength,
  namedStart,
  statedEnd,
  statedStart,
  termClauseAnswer,
  termPeriod
} from "./TermClause.js"

/** "When does it expire?" over a clause that gives a length, not a date ("for five (5) years from the Effective Date"). */
export const endQuestion = /\b(?:expir\w*|end|ends|terminat\w*|conclud\w*|until\s+when|last\s+day)\b/i

const termSentence = /\b(?:term|period|continue|remain\s+in\s+(?:full\s+)?(?:force|effect)|duration)\b/i
/** A date found with at least this support is taken as stated; below it a computed end date is tried. */
const statedSupport = 0.6
/**
 * Words of an end before a date ("expires on", "terminate … on", "until", "end date"); a date after none of them
 * ("for the period ended September 30, 1998" in a financial statement) is not when the agreement ends.
 */
const endWords = /\b(?:expir\w*|terminat\w*|until|through|end(?:s|ing)?\s+on|end\s+date|term)\b[^.;]*$/i
const endNear = (found: Found): boolean => {
  const { text } = found.sentence
  return endWords.test(found.at === undefined ? text : text.slice(Math.max(0, found.at - 120), found.at))
}
/** A term clause that names how the agreement ends: an expiry, an anniversary, "until" an event. */
const saysHowItEnds = /\b(?:expir\w*|anniversary|until|through)\b/i
/** Sentences considered for the term clause rank at least this high. */
const termFloor = 0.3

const parse = (text: string) => {
  const m = /^(\w+) (\d{1,2}), (\d{4})$/.exec(text)
  const month = monthNames.indexOf(m?.[1] ?? "") + 1
  return m === null || month === 0 ? undefined : { year: Number(m[3]), month, day: Number(m[2]) }
}

/** A date plus a period, in calendar arithmetic on UTC parts (no clock involved). */
const addPeriod = (start: string, period: string): string | undefined => {
  const date = parse(start)
  const parts = periodParts(period)
  if (date === undefined || parts === undefined || parts.unit === "hour") return undefined
  const { count: n, unit } = parts
  const shifted = new Date(
    Date.UTC(
      date.year + (unit === "year" ? n : 0),
      date.month - 1 + (unit === "month" ? n : 0),
      date.day + (unit === "day" ? n : unit === "week" ? 7 * n : 0)
    )
  )
  return formatDate(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate())
}

/** The term clause: a period of months or years in a sentence about the term, not a notice or renewal period. */
const termClause = (sentences: ReadonlyArray<RankedSentence>) => {
  for (const sentence of sentences) {
    if (sentence.score < termFloor || !termSentence.test(sentence.text)) continue
    // "renews automatically for successive one-year periods": the renewal's period, not the initial term's.
    const period = termPeriod(sentence.text)
    // A period counted from the agreement's start, not from an event ("after termination", "after first sale").
    if (period !== undefined && countedFromStart(sentence.text, period)) return { sentence, period }
  }
  return undefined
}

/** The effective date of the document, answered as for "What is the effective date?". */
const startDate = (index: PassageIndex, document: EngineDocument, answerDate: StartDate) => {
  const query = buildQuery("What is the effective date?", [])
  const sentences = rankSentences(index, query, rankPassages(index, query, 24)).filter(
    (sentence) => sentence.entry.document === document
  )
  const found = answerDate(index, query, sentences)
  return found?.short === undefined ? undefined : findDates(found.short).find((span) => /\d{4}/.test(span.text))?.text
}

type StartDate = (
  index: PassageIndex,
  query: ReturnType<typeof buildQuery>,
  sentences: ReadonlyArray<RankedSentence>
) => Found | undefined

/** "What was the previous expiration date?": asked for the end as it was before an amendment changed it. */
export const priorEndQuestion = /\b(?:previous|prior(?!\s+to\b)|original|originally|former)\b/i

/** "amended by deleting the words "December 31, 2010" and substituting therefor …": the date an amendment replaces. */
const deletedDate =
  /\b(?:delet\w*|strik\w*|replac\w*)\s+(?:out\s+)?(?:the\s+)?(?:words?|date|text)?\s*["“]([^"”]{4,40})["”]/i

/** The end date an amendment's clause replaces, quoting that clause. */
const replacedEnd = (index: PassageIndex, document: EngineDocument): Found | undefined => {
  for (const sentence of index.scan(document.id, (text) => deletedDate.test(text))) {
    const match = deletedDate.exec(sentence.text)
    const date = findDates(match?.[1] ?? "").find((span) => /\d{4}/.test(span.text))
    if (match !== null && date !== undefined && endQuestion.test(sentence.text)) {
      return { short: date.text, sentence: toRanked(sentence), at: match.index }
    }
  }
  return undefined
}

/**
 * An end date. From the agreement's term clause first: the end date it states ("until December 31, 2010"), else its
 * start plus the length it gives, shown with how it was worked out ("January 21, 2010 (5 years from January 21,
 * 2005)"); else a date the question's best sentences state with good support; else a length from those sentences
 * added to the start; else the term clause quoted ("No end date is stated; the term clause: …").
 */
export const expiryAnswer = (
  index: PassageIndex,
  document: EngineDocument,
  stated: SpanAnswer | undefined,
  sentences: ReadonlyArray<RankedSentence>,
  answerDate: StartDate,
  before = false
): Found | undefined => {
  const replaced = before ? replacedEnd(index, document) : undefined
  if (replaced !== undefined) return replaced
  const term = documentTerm(index, document, before)
  if (term !== undefined) {
    const sentence = toRanked(term)
    const end = statedEnd(term.text)
    if (end !== undefined) {
      const short = end.atLatest ? `${end.text} at the latest (the clause names earlier ends)` : end.text
      return { short, sentence, at: end.start }
    }
    // "… expiring on the Expiration Date": the date the document defines by that name.
    const named = namedEnd(index, document, term)
    if (named !== undefined) return named
    if (endsWithYear.test(term.text)) {
      const start = statedStart(term.text)?.text ?? startDate(index, document, answerDate)
      const year = start === undefined ? undefined : /\d{4}/.exec(start)?.[0]
      if (year !== undefined)
        return { short: `December 31, ${year} (the end of the year it starts, ${start})`, sentence }
    }
    // The length the clause gives, or names ("shall continue for the Initial Period", defined elsewhere).
    const length = namedLength(index, document, term)?.short
    const counted = termPeriod(term.text) ?? (length === undefined ? undefined : { text: length, start: 0 })
    // "… twelve (12) years after such first commercial sale": the end is no date the text gives.
    const period = counted !== undefined && countedFromStart(term.text, counted) ? counted : undefined
    const start =
      period === undefined
        ? undefined
        : (statedStart(term.text)?.text ??
          namedStart(index, document, term)?.short ??
          startDate(index, document, answerDate))
    const computed = start === undefined || period === undefined ? undefined : addPeriod(start, period.text)
    if (computed !== undefined && period !== undefined) {
      return { short: `${computed} (${period.text} from ${start})`, sentence, at: period.start }
    }
  }
  // A date stated elsewhere: as the end ("expires on …") over the term clause, else only when there is none.
  const isDate = stated?.found.short !== undefined && /\d{4}/.test(stated.found.short)
  const asEnd = stated !== undefined && statedEnd(stated.found.sentence.text) !== undefined
  if (
    stated !== undefined &&
    stated.value >= statedSupport &&
    isDate &&
    (asEnd || (term === undefined && endNear(stated.found)))
  ) {
    return stated.found
  }
  // A term clause that says how the agreement ends, without a date ("until the expiration of the last-to-expire
  // Royalty Term", "the tenth (10th) anniversary of the date on which the Restaurant first opens"), is the answer:
  // a period elsewhere (a sell-off, a successor franchise) added to the start would be a date the text never gives.
  if (term !== undefined && saysHowItEnds.test(term.text)) return termClauseAnswer(term)
  const clause = termClause(sentences)
  const start = clause === undefined ? undefined : startDate(index, document, answerDate)
  const end = start === undefined || clause === undefined ? undefined : addPeriod(start, clause.period.text)
  if (end !== undefined && clause !== undefined) {
    return { short: `${end} (${clause.period.text} from ${start})`, sentence: clause.sentence, at: clause.period.start }
  }
  if (term !== undefined) return termClauseAnswer(term)
  return stated !== undefined && isDate && endNear(stated.found) ? stated.found : undefined
}
