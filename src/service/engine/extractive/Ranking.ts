import { withoutFilingLegends } from "./PageFurniture.js"
import type { IndexedPassage, PassageIndex } from "./PassageIndex.js"
import type { Query } from "./Query.js"
import { splitSentences } from "./Sentences.js"
import { terms } from "./Terms.js"

/** A ranked passage; `score` is relative to the best passage (1). */
interface RankedPassage {
  readonly entry: IndexedPassage
  readonly score: number
  readonly raw: number
}

/** A sentence of a ranked passage with its own relevance. */
export interface RankedSentence {
  readonly entry: IndexedPassage
  readonly text: string
  /** Position of the sentence inside its passage. */
  readonly position: number
  /** Where the sentence starts in its passage's text (for the page it stands on). */
  readonly start: number
  /** Relevance of the sentence, its heading or lead-in, and its passage together; comparable within one query. */
  readonly score: number
  /** Share of the question's distinctive terms (IDF-weighted) found in the sentence and the one before it. */
  readonly coverage: number
}

/** How many passages the sentence stage looks at. */
const passageLimit = 8
/** Passages at the top of a document that date and party questions always look at. */
const openingPassages = 2
/** Documents the previous answer quoted get this factor in a follow-up. */
const preferredBoost = 1.2

const order = (a: IndexedPassage, b: IndexedPassage) =>
  a.document.id - b.document.id || a.passage.index - b.passage.index

/**
 * BM25 via MiniSearch with per-term weights. MiniSearch multiplies an OR score by the number of matching terms
 * whatever their weight; that factor is replaced by the IDF- and weight-based share of the query matched.
 */
export const rankPassages = (index: PassageIndex, query: Query, limit = passageLimit): Array<RankedPassage> => {
  const queryTerms = [...query.weights.keys()]
  if (queryTerms.length === 0 || index.passages.length === 0) return []
  const mass = (matched: ReadonlyArray<string>) =>
    matched.reduce((sum, term) => sum + (query.weights.get(term) ?? 0) * index.idf(term), 0)
  const total = mass(queryTerms) || 1
  const results = index.search.search(queryTerms.join(" "), {
    combineWith: "OR",
    boostTerm: (term) => query.weights.get(term) ?? 1
  })
  const scored = results.flatMap((result) => {
    const entry = index.passages[Number(result.id)]
    if (entry === undefined) return []
    const base = result.score / Math.max(1, result.terms.length)
    const boost = query.preferred.has(entry.document.filename) ? preferredBoost : 1
    return [{ entry, raw: base * (0.5 + mass(result.terms) / total) * boost }]
  })
  scored.sort((a, b) => b.raw - a.raw || order(a.entry, b.entry))
  const top = scored[0]?.raw ?? 1
  const kept = scored.slice(0, limit)
  // Dates and parties are stated in a contract's opening lines, however often the words recur further on.
  if (query.kind === "date" || query.kind === "party") {
    const opening = new Set(index.documents.flatMap((document) => index.opening(document.id, openingPassages)))
    for (const item of scored.slice(limit)) if (opening.has(item.entry)) kept.push(item)
  }
  return kept.map((item) => ({ ...item, score: item.raw / top }))
}

/** A question word matched only through a related word counts this much of a direct match. */
const relatedCredit = 0.5

/** IDF-weighted share of the query's distinctive term groups present in a set of stems. */
const coverageOf = (index: PassageIndex, query: Query, present: ReadonlySet<string>): number => {
  let total = 0
  let found = 0
  for (const group of query.groups) {
    const [head] = group
    if (head === undefined) continue
    const weight = Math.max(index.idf(head), 0.5)
    total += weight
    if (present.has(head)) found += weight
    else if ([...group].some((term) => present.has(term))) found += weight * relatedCredit
  }
  return total === 0 ? 0 : found / total
}

/** The share of the query's terms a text holds by itself (a ranked sentence's `coverage` counts the one before it). */
export const coverageIn = (index: PassageIndex, query: Query, text: string): number =>
  coverageOf(index, query, new Set(terms(withoutFilingLegends(text))))

/** The sentence before a ranked one in its passage (its heading or lead-in), if any. */
export const sentenceBefore = (sentence: RankedSentence): string | undefined =>
  sentence.position === 0 ? undefined : splitSentences(sentence.entry.passage.text)[sentence.position - 1]?.text

/**
 * A sentence as an answer's quote with the given relevance. The fields are copied one by one: a spread of a
 * `DocumentSentence` would run its lazy `stems` getter (and carry fields a quote has no use for).
 */
export const toRanked = (
  sentence: Pick<RankedSentence, "entry" | "text" | "position" | "start">,
  score = 1,
  coverage = 1
): RankedSentence => ({
  entry: sentence.entry,
  text: sentence.text,
  position: sentence.position,
  start: sentence.start,
  score,
  coverage
})

/** The sentence of a passage that holds offset `at`, as a quote (the whole passage when none does). */
export const quotedAt = (entry: IndexedPassage, at: number): RankedSentence => {
  const sentence = splitSentences(entry.passage.text).find((s) => s.start <= at && at < s.end)
  // The split is of the passage's own text, so the sentence's offset in it is its place in the passage.
  return toRanked({ entry, text: sentence?.text ?? entry.passage.text, position: 0, start: sentence?.start ?? 0 })
}

/**
 * Scores every sentence of the ranked passages: the query terms it holds (weight × IDF), a share of the sentence
 * before it (a heading or lead-in lends relevance to the clause under it), and its passage's rank.
 */
export const rankSentences = (
  index: PassageIndex,
  query: Query,
  passages: ReadonlyArray<RankedPassage>
): Array<RankedSentence> => {
  const raw = passages.flatMap((ranked) => {
    let previous = new Set<string>()
    let previousScore = 0
    return splitSentences(ranked.entry.passage.text).map((sentence, position) => {
      const stems = new Set(terms(withoutFilingLegends(sentence.text)))
      let own = 0
      for (const term of stems) own += (query.weights.get(term) ?? 0) * index.idf(term)
      // A heading or lead-in ("12. Governing Law", "Fees.") lends part of its relevance to the sentence after it.
      const lent = own + 0.35 * previousScore
      const context = new Set([...stems, ...previous])
      previous = stems
      previousScore = own
      return {
        entry: ranked.entry,
        text: sentence.text,
        position,
        start: sentence.start,
        own: lent,
        passageScore: ranked.score,
        coverage: coverageOf(index, query, context)
      }
    })
  })
  const best = Math.max(1e-9, ...raw.map((item) => item.own))
  return raw
    .map((item) => ({
      entry: item.entry,
      text: item.text,
      position: item.position,
      start: item.start,
      coverage: item.coverage,
      score: 0.6 * (item.own / best) + 0.4 * item.passageScore
    }))
    .sort((a, b) => b.score - a.score || order(a.entry, b.entry) || a.position - b.position)
}
