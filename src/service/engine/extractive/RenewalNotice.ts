import type { EngineDocument } from "../AnswerEngine.js"
import { findDurations } from "./DurationSpans.js"
import type { Found } from "./Found.js"
import type { PassageIndex } from "./PassageIndex.js"
import { toRanked } from "./Ranking.js"
import { isNoticePeriod } from "./SpanPreference.js"

/** "How much notice stops it renewing?", "Notice period for non-renewal?": notice given before the term ends. */
export const renewalNoticeQuestion = (question: string): boolean =>
  /\b(?:renew\w*|non-?renewal|extension|extend\w*)\b/i.test(question) &&
  /\b(?:notice|notif\w*|prevent|stop|avoid|opt\s+out|cancel\w*)\b/i.test(question)

const noticeWord = /\bnotice|\bnotif\w*|\bnotify\b/i
/** The period is counted back from the end of a term: "at least 60 days prior to the end of the then current term". */
const beforeEnd =
  /^[^.;]{0,40}?\b(?:prior\s+to|before|in\s+advance\s+of|preceding|ahead\s+of)\s+(?:the\s+)?(?:\w+\s+){0,4}(?:expiration|expiry|end|termination|renewal|anniversary|close|conclusion)\b/i
const aboutRenewal = /\brenew\w*|\bnon-?renewal|\bextend\w*|\bextension\b/i
/** A sentence that says how renewal is stopped: "notifies the other … of its intention not to renew", "unless … notice". */
const stopsRenewal =
  /\bnot\s+(?:to\s+)?(?:renew|extend)|\bnon-?renewal\b|\bnot\s+(?:wish|want|desire|elect)\w*\s+to\s+(?:renew|extend)|\bunless\b[^.;]{0,120}\bnotif\w*|\bunless\b[^.;]{0,120}\bnotice\b|\bterminat\w*[^.;]{0,60}\b(?:at\s+the\s+end|upon\s+(?:the\s+)?(?:expir\w*|end))\b/i
/** Notice of something else that names a renewal term: a price increase "for any Renewal Term". */
const otherNotice = /\b(?:increase|adjust|change|rais)\w*\s+(?:\w+\s+){0,2}(?:fees?|prices?|rates?|charges|rent)\b/i

/**
 * The notice that stops an agreement renewing, read from all of its sentences: a period of notice counted back
 * from the end of a term, in a sentence that says how renewal is stopped first ("unless either Party notifies the
 * other … of its intention not to renew"), not one that gives notice of a price increase "for any Renewal Term",
 * else in any sentence about renewal, else in any sentence about the end of the term ("upon
 * written notice no later than ninety (90) days prior to the expiration of the Term").
 */
export const renewalNotice = (index: PassageIndex, document: EngineDocument): Found | undefined => {
  const candidates = index
    .scan(document.id, (text) => noticeWord.test(text) && /\b(?:prior|before|advance|preceding|ahead)\b/i.test(text))
    .flatMap((sentence) =>
      findDurations(sentence.text)
        .filter((span) => beforeEnd.test(sentence.text.slice(span.end)))
        .map((span) => ({ sentence, span }))
    )
  // A sentence that says how renewal is stopped, then any about renewal but for notice of another change, then any.
  const chosen =
    candidates.find(({ sentence }) => aboutRenewal.test(sentence.text) && stopsRenewal.test(sentence.text)) ??
    candidates.find(({ sentence }) => aboutRenewal.test(sentence.text) && !otherNotice.test(sentence.text)) ??
    candidates.find(({ sentence }) => aboutRenewal.test(sentence.text)) ??
    candidates[0]
  if (chosen === undefined) return undefined
  return {
    short: chosen.span.text,
    sentence: toRanked(chosen.sentence),
    at: chosen.span.start
  }
}

/**
 * A sentence about the agreement's renewal or the end of its term, where notice to stop it renewing is given; not
 * one about ending it early ("may terminate … upon sixty (60) days' notice", "on ninety (90) days written notice if
 * … insolvent"), whose notice stops nothing from renewing.
 */
const aboutEnd =
  /\b(?:renew\w*|non-?renewal|extend\w*|extension|expir\w*|anniversary)\b|\bend\s+of\s+(?:the\s+|any\s+|each\s+)?(?:then[-\s]current\s+|initial\s+|renewal\s+)?(?:term|period|year)\b/i
/**
 * Whether the period ranking found for a question about notice to stop renewal is one of notice. Where the document
 * states none (`renewalNotice` found none), the periods nearest are the initial term ("extend for three (3)
 * years"), a time to cure, or notice of something else; the answer then says no period is stated, with the closest
 * passage.
 */
export const givesNotice = (found: Found): boolean => {
  const { at, sentence, short } = found
  if (short?.endsWith("(cure period)")) return false
  const span = at === undefined ? undefined : findDurations(sentence.text).find((period) => period.start === at)
  if (at === undefined || span === undefined) return true
  // Notice of something else ("thirty (30) days' notice of cancellation" of an insurance policy) is not it either.
  if (!aboutEnd.test(sentence.text)) return false
  return isNoticePeriod(sentence.text, span)
}
