import type { Query } from "./Query.js"
import type { Span } from "./Span.js"
import { processTerm, terms } from "./Terms.js"

/**
 * Question words that say which of several figures in a clause is meant ("notice" in "how much notice…" when the
 * clause also states a term; "maximum" when it states a rate and a cap). Near spans they count three times.
 */
const anchors = new Set(
  terms(
    "notice warranty survive cure probation advance effective expire commence due payable start begin maximum " +
      "minimum cap exceed late deposit dividend guidance diluted"
  )
)
const anchorWeight = 3
/** Characters over which closeness to a question word fades to about a third. */
const reach = 40

/** A span and how close it sits to the question's words: 1 when all of them are right next to it, 0 when none occur. */
interface NearSpan {
  readonly span: Span
  readonly closeness: number
}

interface Occurrence {
  readonly group: number
  readonly at: number
  /** 1 for the question's own word, less for a related word standing in for it. */
  readonly credit: number
}

/**
 * A word across a clause break ("…$2,000,000 per occurrence, and technology errors… $5,000,000") belongs to the
 * other clause: its distance counts this many times over.
 */
const clausePenalty = 2.5
const clauseBreak = /;|,\s+(?:and|or|but|whereas)\b|\.\s/

/** A related word ("aggregate" for "liability") near a span counts this much of the question's own word. */
const relatedCredit = 0.5

const occurrences = (text: string, query: Query): Array<Occurrence> => {
  const out: Array<Occurrence> = []
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const term = processTerm(match[0])
    if (term === null) continue
    query.groups.forEach((group, i) => {
      if (!group.has(term)) return
      const [head] = group
      out.push({ group: i, at: match.index + match[0].length / 2, credit: term === head ? 1 : relatedCredit })
    })
  }
  return out
}

/**
 * The span closest to the question's words, each word weighted by its IDF (rare words say more) and anchors
 * weighted up; words after a span count a little less than words before it. Ties go to the earlier span.
 */
export const nearestSpan = (
  text: string,
  spans: ReadonlyArray<Span>,
  query: Query,
  idf: (term: string) => number = () => 1
): NearSpan | undefined => {
  const found = occurrences(text, query)
  const weights = query.groups.map((group) => {
    const [head] = group
    return head === undefined ? 0 : Math.max(idf(head), 0.3) * (anchors.has(head) ? anchorWeight : 1)
  })
  const present = [...new Set(found.map((o) => o.group))]
  const total = query.groups.reduce((sum, _, i) => sum + (weights[i] ?? 0), 0)
  let best: NearSpan | undefined
  for (const span of spans) {
    let score = 0
    for (const group of present) {
      const nearness = Math.max(
        ...found
          .filter((o) => o.group === group)
          .map((o) => {
            const before = o.at < span.start
            const gap = before ? text.slice(o.at, span.start) : text.slice(span.end, Math.max(span.end, o.at))
            const distance =
              (before ? span.start - o.at : o.at > span.end ? (o.at - span.end) * 1.2 : 0) *
              (clauseBreak.test(gap) ? clausePenalty : 1)
            return o.credit * Math.exp(-distance / reach)
          })
      )
      score += (weights[group] ?? 0) * nearness
    }
    const closeness = total === 0 ? 0 : score / total
    if (best === undefined || closeness > best.closeness) best = { span, closeness }
  }
  return best
}
