import MiniSearch from "minisearch"
import { type EngineDocument, type Passage, pageAt, pagesLabel } from "../AnswerEngine.js"

/** A passage chosen for the prompt, labelled with where it comes from. */
export interface ContextPassage {
  readonly filename: string
  readonly page: number
  /** The page the passage ends on, when it runs onto later pages. */
  readonly lastPage?: number | undefined
  readonly documentOrder: number
  readonly index: number
  readonly text: string
}

/** Rough token estimate for the budget: about 4 characters per token for English text. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4)

/** The text a passage takes in the prompt; the label counts against the budget too. */
export const formatPassage = (passage: ContextPassage): string =>
  `[${passage.filename}, ${pagesLabel(passage.page, passage.lastPage)}]\n${passage.text}`

// Words that match nearly every passage; dropping them keeps BM25 scores about the query's content words.
const stopWords = new Set(
  "a an and are as at be by does for from how in is it of on or the this to was what when where which who with".split(
    " "
  )
)

const processTerm = (term: string): string | null => {
  const lower = term.toLowerCase()
  return lower.length < 2 || stopWords.has(lower) ? null : lower
}

// A truncated head of an oversized passage is only worth sending when it leaves room for real text.
const minUsefulTokens = 50

interface Candidate {
  readonly id: number
  readonly passage: Passage
  readonly filename: string
  readonly documentOrder: number
}

const rank = (query: string, candidates: ReadonlyArray<Candidate>): ReadonlyArray<Candidate> => {
  const index = new MiniSearch<{ id: number; text: string }>({ fields: ["text"], processTerm })
  index.addAll(candidates.map((candidate) => ({ id: candidate.id, text: candidate.passage.text })))
  const hits = index.search(query, { prefix: (term) => term.length >= 4 })
  const seen = new Set<number>()
  const ranked: Array<Candidate> = []
  for (const hit of hits) {
    const candidate = candidates[Number(hit.id)]
    if (candidate !== undefined && !seen.has(candidate.id)) {
      seen.add(candidate.id)
      ranked.push(candidate)
    }
  }
  // Passages without a query term still give the model context (e.g. "summarise this"), after the hits.
  for (const candidate of candidates) {
    if (!seen.has(candidate.id)) ranked.push(candidate)
  }
  return ranked
}

/**
 * Picks the best BM25-ranked passages of the documents for the query until `budgetTokens` is spent, then
 * returns them in reading order (document, then position) so the model reads coherent text.
 */
export const selectContext = (
  query: string,
  documents: ReadonlyArray<EngineDocument>,
  budgetTokens: number
): ReadonlyArray<ContextPassage> => {
  const candidates: Array<Candidate> = []
  documents.forEach((document, documentOrder) => {
    for (const passage of document.passages) {
      if (passage.text.trim() !== "") {
        candidates.push({ id: candidates.length, passage, filename: document.filename, documentOrder })
      }
    }
  })
  const chosen: Array<ContextPassage> = []
  let remaining = budgetTokens
  for (const candidate of rank(query, candidates)) {
    const passage: ContextPassage = {
      filename: candidate.filename,
      page: candidate.passage.page,
      lastPage: pageAt(candidate.passage, candidate.passage.text.length - 1),
      documentOrder: candidate.documentOrder,
      index: candidate.passage.index,
      text: candidate.passage.text
    }
    const cost = estimateTokens(formatPassage(passage))
    if (cost <= remaining) {
      chosen.push(passage)
      remaining -= cost
      continue
    }
    if (remaining >= minUsefulTokens) {
      const labelTokens = estimateTokens(formatPassage({ ...passage, text: "" }))
      const kept = passage.text.slice(0, (remaining - labelTokens) * 4)
      // The label cites the pages of the kept text: the cut-off tail may run onto pages the model never sees.
      chosen.push({ ...passage, text: kept, lastPage: pageAt(candidate.passage, kept.length - 1) })
    }
    break
  }
  return chosen.sort((a, b) => a.documentOrder - b.documentOrder || a.index - b.index)
}
