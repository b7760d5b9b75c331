import type { AnswerKind } from "./AnswerKind.js"
import { defines } from "./Definitions.js"
import type { Found } from "./Found.js"
import type { PassageIndex } from "./PassageIndex.js"
import { nearestSpan } from "./Proximity.js"
import type { Query } from "./Query.js"
import type { RankedSentence } from "./Ranking.js"
import { hasOwnKind, spanFinder } from "./SpanFinder.js"
import { asksOtherEvent, preferred } from "./SpanPreference.js"

/** A sentence may answer only if it ranks at least this high (best sentence = 1)… */
const spanScoreFloor = 0.45
/** …or holds at least this share of the question's distinctive terms. */
export const spanCoverageFloor = 0.5
/** A best amount worth less than this (a percentage standing in, a side clause, far from the question) is weak… */
const weakValue = 0.3
/** …and sentences ranked down to this are tried as well, with coverage of the question's words. */
const deeperFloor = 0.25
/** A percentage standing in for an amount ranks below sentences that state an amount… */
const standInFit = 0.8
/** …and a period ("within 30 days") standing in for a date further below sentences that state a date. */
const periodForDateFit = 0.6
/** A sentence that defines the question's term (`(the "Term")`) is where its value is given. */
const definingFit = 1.2

/** Proximity to the question's words matters: a span right next to "Effective Date" beats one three clauses on. */
const proximityFactor = (closeness: number) => 0.7 + 0.3 * closeness

/** The best span answer and how strongly it is supported (about 1 for a clear answer). */
export interface SpanAnswer {
  readonly found: Found
  readonly value: number
}

/** Finds a span of one kind in ranked sentences. */
type SpanSearch = (
  index: PassageIndex,
  kind: AnswerKind,
  query: Query,
  sentences: ReadonlyArray<RankedSentence>
) => SpanAnswer | undefined

/**
 * Finds the answer span in the best sentences: each candidate sentence's rank, times how close its best span sits
 * to the question's words, times how well the span has the shape the question implies.
 */
export const spanAnswer: SpanSearch = (index, kind, query, sentences) => {
  // A sentence that holds none of the question's words (nor does the one before it) ranks only by its passage:
  // "10 days following a breach" is no answer to when invoices are paid, however near a mention of payment.
  const top = sentences.filter(
    (sentence) => sentence.coverage > 0 && (sentence.score >= spanScoreFloor || sentence.coverage >= spanCoverageFloor)
  )
  const best = bestSpan(index, kind, query, top)
  // No amount near the top fits well (a percentage standing in for it, a side clause), or no date of the event asked
  // about (the agreement's own date ranking first for "When was the JV company formed?"): look a little deeper.
  const deeperAsked = kind === "money" || (asksOtherEvent(query) && best === undefined)
  if (!deeperAsked || (best !== undefined && best.value >= weakValue)) return best
  const deeper = sentences.filter(
    (sentence) => !top.includes(sentence) && sentence.score >= deeperFloor && sentence.coverage > 0
  )
  const other = bestSpan(index, kind, query, deeper)
  return other !== undefined && other.value > (best?.value ?? 0) ? other : best
}

const bestSpan: SpanSearch = (index, kind, query, candidates) => {
  const find = spanFinder(kind, query, candidates)
  let best: SpanAnswer | undefined
  for (const sentence of candidates) {
    const { spans, fit } = preferred(sentence.text, find(sentence.text), query)
    // For governing law the finder's order decides (law before venue, or venue first when asked where)
    const near = nearestSpan(sentence.text, kind === "law" ? spans.slice(0, 1) : spans, query, index.idf)
    if (near === undefined) continue
    const stand = hasOwnKind(kind, sentence.text) ? 1 : kind === "date" ? periodForDateFit : standInFit
    const defining = defines(sentence.text, query) ? definingFit : 1
    const value = sentence.score * proximityFactor(near.closeness) * fit * stand * defining
    if (best === undefined || value > best.value) {
      best = { found: { short: near.span.text, sentence, at: near.span.start }, value }
    }
  }
  return best
}
