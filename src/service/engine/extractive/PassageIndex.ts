import MiniSearch from "minisearch"
import type { EngineDocument, Passage } from "../AnswerEngine.js"
import { type DocumentSentence, sentencesOf } from "./DocumentSentences.js"
import { terms } from "./Terms.js"

/** A passage with the document it belongs to and its index terms. */
export interface IndexedPassage {
  readonly passage: Passage
  readonly document: EngineDocument
  readonly terms: ReadonlySet<string>
}

/** A BM25 index over the passages of one or more documents, with document frequencies for IDF weights. */
export interface PassageIndex {
  readonly documents: ReadonlyArray<EngineDocument>
  readonly passages: ReadonlyArray<IndexedPassage>
  readonly search: MiniSearch<{ readonly id: number; readonly text: string }>
  /** BM25's inverse document frequency of a stem over these passages (absent stems get the highest value). */
  readonly idf: (term: string) => number
  /** A document's sentences in order, split once per index (for summaries). */
  readonly sentences: (documentId: number) => ReadonlyArray<DocumentSentence>
  /** A document's sentences that pass `keep`, in order; only passages that pass it are split (see `sentencesOf`). */
  readonly scan: (documentId: number, keep: (text: string) => boolean) => ReadonlyArray<DocumentSentence>
}

/** Builds the index; query terms arrive already processed, so the search side only splits on spaces. */
export const buildIndex = (documents: ReadonlyArray<EngineDocument>): PassageIndex => {
  const processed = documents.flatMap((document) =>
    document.passages.map((passage) => ({ passage, document, stems: terms(passage.text) }))
  )
  const passages = processed.map(({ passage, document, stems }) => ({ passage, document, terms: new Set(stems) }))
  // Passages are stemmed once, above; MiniSearch indexes those stems as they are.
  const search = new MiniSearch<{ readonly id: number; readonly text: string }>({
    fields: ["text"],
    tokenize: (text) => text.split(" "),
    processTerm: (term) => (term.length > 0 ? term : null),
    searchOptions: { tokenize: (query) => query.split(" "), processTerm: (term) => term }
  })
  search.addAll(processed.map((entry, id) => ({ id, text: entry.stems.join(" ") })))
  const frequency = new Map<string, number>()
  for (const entry of passages) for (const term of entry.terms) frequency.set(term, (frequency.get(term) ?? 0) + 1)
  const n = passages.length
  const idf = (term: string) => {
    const df = frequency.get(term) ?? 0
    return Math.log(1 + (n - df + 0.5) / (df + 0.5))
  }
  const split = new Map<number, ReadonlyArray<DocumentSentence>>()
  const own = (documentId: number) => passages.filter((entry) => entry.document.id === documentId)
  const sentences = (documentId: number) => {
    const known = split.get(documentId)
    if (known !== undefined) return known
    const made = sentencesOf(own(documentId))
    split.set(documentId, made)
    return made
  }
  const scan = (documentId: number, keep: (text: string) => boolean) =>
    split.get(documentId)?.filter((sentence) => keep(sentence.text)) ?? sentencesOf(own(documentId), keep)
  return { documents, passages, search, idf, sentences, scan }
}

/** Cache key: the documents and how many passages each has (re-ingested documents get a new key). */
const keyOf = (documents: ReadonlyArray<EngineDocument>) =>
  documents.map((document) => `${document.id}:${document.passages.length}`).join(",")

/**
 * A small least-recently-used cache of indexes, so that the many cells of one document (one per column) and the
 * turns of one chat reuse the index instead of rebuilding it.
 */
export const makeIndexCache = (capacity: number) => {
  const entries = new Map<string, PassageIndex>()
  return (documents: ReadonlyArray<EngineDocument>): PassageIndex => {
    const key = keyOf(documents)
    const hit = entries.get(key)
    if (hit !== undefined) {
      entries.delete(key)
      entries.set(key, hit)
      return hit
    }
    const built = buildIndex(documents)
    entries.set(key, built)
    for (const oldest of entries.keys()) {
      if (entries.size <= capacity) break
      entries.delete(oldest)
    }
    return built
  }
}
