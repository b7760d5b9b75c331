import { maxDocumentsRead } from "./AcrossDocuments.js"
import { periodParts } from "./DurationSpans.js"
import type { Found, Outcome } from "./Found.js"
import type { PassageIndex } from "./PassageIndex.js"
import type { Query } from "./Query.js"
import { termLengthAnswer } from "./TermLength.js"

/** "Which of these agreements has the longest term?", "Which contract runs shortest?", "the term of each contract" */
const asksTermAcross =
  /\b(?:longest|shortest)\s+(?:initial\s+)?(?:term|duration)\b|\b(?:runs?|lasts?)\s+(?:the\s+)?(?:longest|shortest)\b|\bterm\s+of\s+(?:each|every|all)\b/i
const superlative = /\b(longest|shortest)\b/i

/** At most this many documents are listed. */
const maxListed = 10

const unitDays = { hour: Number.NaN, day: 1, week: 7, month: 30.44, year: 365.25 }

/** A term's length in days: "10 years", "12 calendar months", "November 1, 2007 to October 31, 2008". */
const daysOf = (short: string): number | undefined => {
  const period = periodParts(short)
  if (period !== undefined) return period.unit === "hour" ? undefined : period.count * unitDays[period.unit]
  const between = /^(.+) to (.+)$/.exec(short)
  if (between === null) return undefined
  const days = (Date.parse(between[2] ?? "") - Date.parse(between[1] ?? "")) / 86_400_000
  return Number.isFinite(days) && days > 0 ? days : undefined
}

const filenameOf = (found: Found) => found.sentence.entry.document.filename

/**
 * How long each of several agreements lasts, read from each one's term clause (see `TermLength`), every document
 * read rather than those a ranking of the question's words puts first; for "longest" or "shortest", sorted so, the
 * one asked for named first. Terms that are not a length ("until terminated") follow. Undefined when the question
 * asks no such thing.
 */
export const termAcross = (index: PassageIndex, query: Query): Outcome | undefined => {
  if (query.kind === "yesno" || !asksTermAcross.test(query.text)) return undefined
  const read = index.documents.slice(0, maxDocumentsRead)
  const terms = read.flatMap((document) => {
    const found = termLengthAnswer(index, document)
    return found?.short === undefined ? [] : [{ found, days: daysOf(found.short) }]
  })
  if (terms.length === 0)
    return { _tag: "Nothing", message: `No term is stated in any of the ${read.length} documents.` }
  const wanted = superlative.exec(query.text)?.[1]?.toLowerCase()
  const sign = wanted === "shortest" ? 1 : -1
  const sorted = [...terms].sort((a, b) =>
    a.days === undefined || b.days === undefined
      ? (a.days === undefined ? 1 : 0) - (b.days === undefined ? 1 : 0)
      : sign * (a.days - b.days)
  )
  // "12 calendar months" and "1 year" are the same length: each one as long as the first is named.
  const firstDays = sorted[0]?.days
  const tied =
    firstDays === undefined
      ? []
      : sorted.filter(({ days }) => days !== undefined && Math.abs(days - firstDays) <= firstDays * 0.02)
  const named = tied.map(({ found }) => `${filenameOf(found)} (${found.short})`).join(", ")
  const lead = wanted !== undefined && tied.length > 0 ? `The ${wanted} term: ${named}.` : undefined
  return { _tag: "Answers", lead, found: sorted.slice(0, maxListed).map(({ found }) => found) }
}
