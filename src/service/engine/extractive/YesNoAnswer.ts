import { type Concept, conceptOf } from "./Concepts.js"
import type { Found } from "./Found.js"
import { negates } from "./Negation.js"
import type { Query } from "./Query.js"
import type { RankedSentence } from "./Ranking.js"

/** A yes/no question is answered when one of the top sentences holds this share of its distinctive terms. */
const yesCoverage = 0.6
/** How many of the best sentences a yes/no question looks at. */
const window = 5
/** A known clause type may rank a little lower (a heading, a neighbouring clause above it): looked for this deep. */
const conceptWindow = 8

/** The next sentence of the same passage, when `sentence` is only a heading or a lead-in. */
export const continuationOf = (sentence: RankedSentence, all: ReadonlyArray<RankedSentence>): string | undefined =>
  sentence.text.length >= 80
    ? undefined
    : all.find((other) => other.entry === sentence.entry && other.position === sentence.position + 1)?.text

/** The clause before its conditions and exceptions ("renews … unless either party does not wish to renew"). */
const statement = (text: string) => text.split(/\b(?:unless|except|provided\s+that)\b/i)[0] ?? text

/**
 * A known clause type: the best-ranked sentence that settles it. Evidence says yes (with the renewal term or the cap
 * when stated); a negated statement or a contrary clause (an option to renew) says no; else weaker evidence (an
 * exclusion of damages for a cap, a mere mention of confidentiality) says yes; neither is no clause.
 */
const conceptAnswer = (concept: Concept, sentences: ReadonlyArray<RankedSentence>): Found | undefined => {
  const window = sentences.slice(0, conceptWindow)
  for (const sentence of window) {
    const text = sentence.text
    const denied = concept.negated?.exec(statement(text)) ?? concept.contrary?.exec(text)
    if (denied != null) return { short: "No.", sentence, at: denied.index }
    const evidence = concept.evidence.exec(text)
    if (evidence !== null) {
      const detail = concept.detail?.(text, evidence.index)
      const short = detail === undefined ? "Yes." : `Yes — ${detail}`
      return { short, sentence, at: evidence.index, continuation: continuationOf(sentence, sentences) }
    }
  }
  const weak = concept.weakEvidence
  if (weak === undefined) return undefined
  for (const sentence of window) {
    const evidence = weak.exec(sentence.text)
    if (evidence === null) continue
    const short = concept.weakDetail === undefined ? "Yes." : `Yes — ${concept.weakDetail}`
    return { short, sentence, at: evidence.index, continuation: continuationOf(sentence, sentences) }
  }
  return undefined
}

/**
 * Yes/no: a known clause type by its evidence (see `Concepts`); otherwise "Yes." when one of the top sentences holds
 * most of the question's distinctive terms, "No." when every such sentence denies it ("does not renew"), else
 * nothing.
 */
export const yesNoAnswer = (query: Query, sentences: ReadonlyArray<RankedSentence>): Found | undefined => {
  const heads = query.groups.flatMap((group) => [...group].slice(0, 1))
  const concept = conceptOf(query.text, heads)
  if (concept !== undefined) return conceptAnswer(concept, sentences)
  const qualifying = sentences
    .slice(0, window)
    .filter((sentence) => sentence.coverage >= yesCoverage)
    .sort((a, b) => b.coverage - a.coverage || b.score - a.score)
  const [best] = qualifying
  if (best === undefined) return undefined
  // "No licence to the source code is granted" next to "grants a licence" as good a match: the denial is an exception.
  const affirmed = qualifying.find((sentence) => sentence.coverage >= best.coverage && !negates(sentence.text, query))
  const chosen = affirmed ?? best
  return {
    short: affirmed === undefined ? "No." : "Yes.",
    sentence: chosen,
    continuation: continuationOf(chosen, sentences)
  }
}
