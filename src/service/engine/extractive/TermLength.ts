import type { EngineDocument } from "../AnswerEngine.js"
import type { Found } from "./Found.js"
import type { PassageIndex } from "./PassageIndex.js"
import { toRanked } from "./Ranking.js"
import { cureBefore } from "./SpanPreference.js"
import {
  documentTerm,
  endsWithYear,
  namedEnd,
  namedLength,
  namedStart,
  renewalNear,
  statedEnd,
  statedStart,
  termClauseAnswer,
  termPeriod
} from "./TermClause.js"

/** What the agreement itself is called in a question about how long it lasts ("it": the document asked about). */
const agreement = "(?:agreement|contract|lease|deal|arrangement|engagement|it)"

/**
 * A question about how long the agreement itself lasts: "What is the term of the agreement?", "How long does it
 * last?", "How long is the contract?", "How long is the term?", "the contract's duration", "Initial term?". Not one about another period it sets (`otherPeriod`).
 */
const asksTerm = new RegExp(
  `\\b(?:term|duration|length)\\s+of\\s+(?:the|this)\\s+${agreement}\\b|\\b(?:initial|agreement|contract|lease)(?:'s)?\\s+(?:term|duration|length)\\b|\\bhow\\s+long\\s+(?:is|does|will|shall|would|can)\\s+(?:the\\s+|this\\s+|its\\s+)?(?:${agreement}|term)\\b|^\\s*(?:what\\s+is\\s+the\\s+)?(?:term|duration)\\b`,
  "i"
)
/** Periods an agreement sets besides its own term: each has its own clause, found by ranking. */
const otherPeriod =
  /\b(?:renew\w*|extension|extend\w*|notice|warrant\w*|guarant\w*|non-?compet\w*|non-?solicit\w*|confidential\w*|surviv\w*|probation\w*|vesting|retention|cure|pay\w*|invoice\w*|deliver\w*|ship\w*|trial|exclusiv\w*|lock-?up|option|restrict\w*|obligation\w*|subscription|take|takes|have\s+to|has\s+to)\b/i

export const termLengthQuestion = (question: string): boolean => asksTerm.test(question) && !otherPeriod.test(question)

/**
 * How long the agreement lasts, from its term clause (see `documentTerm`): the length it gives ("10 years"), else
 * the dates it runs between or the end it states ("until December 31, 2010"), else that it runs until ended, else
 * the clause quoted; undefined when it has none (the question's best sentences may answer then). Ranking alone
 * preferred any period near "term" and "agreement", such as the notice to renew before the term expires.
 */
export const termLengthAnswer = (index: PassageIndex, document: EngineDocument): Found | undefined => {
  const term = documentTerm(index, document)
  if (term === undefined) return undefined
  const sentence = toRanked(term)
  const period = termPeriod(term.text)
  if (period !== undefined) return { short: period.text, sentence, at: period.start }
  const end = statedEnd(term.text)
  const start = statedStart(term.text)
  if (end !== undefined) {
    const short = start === undefined ? `Until ${end.text}` : `${start.text} to ${end.text}`
    return { short, sentence, at: end.start }
  }
  // "The term of this Lease shall be the Lease Term, commencing on the Commencement Date and expiring … on the
  // Expiration Date": the length or the dates the document defines by those names.
  const named = namedLength(index, document, term)
  if (named !== undefined) return named
  const namedTo = namedEnd(index, document, term)
  if (namedTo !== undefined) {
    const from = namedStart(index, document, term)
    return { ...namedTo, short: from === undefined ? `Until ${namedTo.short}` : `${from.short} to ${namedTo.short}` }
  }
  // "… shall remain in effect until the end of the current calendar year": its length depends on when it starts.
  if (endsWithYear.test(term.text)) return { short: "Until the end of the calendar year in which it starts", sentence }
  // Neither: the clause itself, for the reader ("No end date is stated; the term clause: …").
  return termClauseAnswer(term)
}

/** A period after the agreement ends: "for a period of six (6) months following the termination of this Agreement". */
const afterTheEnd =
  /^[^.;]{0,40}?\b(?:following|after)\s+(?:the\s+|its\s+|such\s+)?(?:termination|expiration|expiry|end)\b/i
/** The agreement or its term, then the period it lasts: "This Agreement … shall run for a period of three years". */
const termBefore =
  /\b(?:this\s+(?:agreement|contract|lease)|the\s+(?:initial\s+)?term)\b[^.;]{0,80}\b(?:for|of|be|is)\s+(?:a\s+(?:period|term)\s+of\s+)?$/i

/**
 * Whether a period that ranking found for a term question, where the agreement has no term clause that
 * `documentTerm` reads, states the term: the agreement or its term comes before it, and it is no time to cure a
 * breach, renewal period or period that runs after the agreement ends. Anything else ranking finds near "how long"
 * (a report due within fifteen days, a standstill that ends thirty days before a deadline) is not given as the term.
 */
export const statesTheTerm = (found: Found): boolean => {
  const { at, sentence } = found
  if (at === undefined) return false
  const before = sentence.text.slice(Math.max(0, at - 120), at)
  if (cureBefore.test(before) || renewalNear.test(before.slice(-60))) return false
  return termBefore.test(before) && !afterTheEnd.test(sentence.text.slice(at))
}
