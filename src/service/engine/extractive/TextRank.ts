import { UndirectedGraph } from "graphology"
import { pagerank } from "graphology-metrics/centrality/index.js"
import type { DocumentSentence } from "./DocumentSentences.js"

/** How the ranking is tuned, in one place. */
const settings = {
  /** Sentences a summary may quote: long enough to say something, short enough to read. */
  quotable: { minChars: 50, maxChars: 500, minTerms: 6 },
  /** The graph ranks at most this many sentences, the ones nearest the document's centroid (keeps it fast). */
  graphSize: 250,
  /** LexRank's edge threshold on IDF-weighted cosine similarity. */
  edgeThreshold: 0.1,
  /** Selected sentences this similar to an earlier pick are left out (they say the same thing). */
  redundant: 0.5
} as const

/** Whether a sentence reads as prose a summary can quote (not a heading, a table row, a signature line). */
export const quotable = (sentence: DocumentSentence): boolean => {
  const { text } = sentence
  const { minChars, maxChars, minTerms } = settings.quotable
  if (text.length < minChars || text.length > maxChars || sentence.stems.size < minTerms) return false
  const letters = text.replace(/[^\p{L}]/gu, "")
  const upper = letters.replace(/[^\p{Lu}]/gu, "").length
  return letters.length > 0 && upper / letters.length < 0.5 && /[.;:]$|\p{Ll}$/u.test(text)
}

/** IDF weights and vector lengths for one ranking, each sentence's length computed once. */
interface Weights {
  readonly idf: (term: string) => number
  readonly norm: (sentence: DocumentSentence) => number
}

const weightsOf = (idf: (term: string) => number): Weights => {
  const norms = new Map<DocumentSentence, number>()
  const norm = (sentence: DocumentSentence) => {
    const known = norms.get(sentence)
    if (known !== undefined) return known
    let sum = 0
    for (const [term, count] of sentence.stems) sum += (count * idf(term)) ** 2
    const value = Math.sqrt(sum) || 1
    norms.set(sentence, value)
    return value
  }
  return { idf, norm }
}

/** IDF-weighted cosine similarity of two sentences (LexRank's measure). */
const similarity = (a: DocumentSentence, b: DocumentSentence, weights: Weights) => {
  let dot = 0
  for (const [term, count] of a.stems) {
    const other = b.stems.get(term)
    if (other !== undefined) dot += count * other * weights.idf(term) ** 2
  }
  return dot === 0 ? 0 : dot / (weights.norm(a) * weights.norm(b))
}

/** The sentences nearest the centroid of `candidates` (their summed IDF-weighted term counts). */
const nearCentroid = (candidates: ReadonlyArray<DocumentSentence>, weights: Weights, size: number) => {
  if (candidates.length <= size) return [...candidates]
  const { idf } = weights
  const centroid = new Map<string, number>()
  for (const sentence of candidates) {
    for (const [term, count] of sentence.stems) centroid.set(term, (centroid.get(term) ?? 0) + count * idf(term))
  }
  const score = (sentence: DocumentSentence) => {
    let dot = 0
    for (const [term, count] of sentence.stems) dot += count * idf(term) * (centroid.get(term) ?? 0)
    return dot / weights.norm(sentence)
  }
  return candidates
    .map((sentence) => ({ sentence, value: score(sentence) }))
    .sort((a, b) => b.value - a.value || a.sentence.order - b.sentence.order)
    .slice(0, size)
    .map((item) => item.sentence)
}

/**
 * LexRank: sentences are nodes, IDF-weighted cosine similarities above 0.1 are weighted edges, and PageRank
 * (graphology-metrics) gives each sentence its centrality: a sentence that many others resemble states what the
 * document is about. Returns the candidates ranked, best first, with their centrality.
 */
export const rankByCentrality = (
  candidates: ReadonlyArray<DocumentSentence>,
  idf: (term: string) => number
): Array<{ readonly sentence: DocumentSentence; readonly centrality: number }> => {
  const weights = weightsOf(idf)
  const nodes = nearCentroid(candidates, weights, settings.graphSize)
  const graph = new UndirectedGraph()
  for (const sentence of nodes) graph.addNode(String(sentence.order))
  for (let i = 0; i < nodes.length; i++) {
    for (let j = i + 1; j < nodes.length; j++) {
      const a = nodes[i]
      const b = nodes[j]
      if (a === undefined || b === undefined) continue
      const weight = similarity(a, b, weights)
      if (weight > settings.edgeThreshold) graph.addEdge(String(a.order), String(b.order), { weight })
    }
  }
  const ranks = graph.size === 0 ? {} : pagerank(graph, { getEdgeWeight: "weight" })
  return nodes
    .map((sentence) => ({ sentence, centrality: ranks[String(sentence.order)] ?? 1 / Math.max(1, nodes.length) }))
    .sort((a, b) => b.centrality - a.centrality || a.sentence.order - b.sentence.order)
}

/** The first `count` of `ranked` that do not repeat an earlier pick. */
export const pickDistinct = (
  ranked: ReadonlyArray<DocumentSentence>,
  count: number,
  idf: (term: string) => number
): Array<DocumentSentence> => {
  const weights = weightsOf(idf)
  const picked: Array<DocumentSentence> = []
  for (const sentence of ranked) {
    if (picked.length >= count) break
    if (picked.some((other) => similarity(other, sentence, weights) > settings.redundant)) continue
    picked.push(sentence)
  }
  return picked
}
