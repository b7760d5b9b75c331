import type { EngineDocument, Passage } from "../AnswerEngine.js"
import { type DocumentSentence, sentencesOf } from "./DocumentSentences.js"
import { type StemSearch, stemSearch } from "./StemSearch.js"
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
  readonly search: StemSearch
  /** BM25's inverse document frequency of a stem over these passages (absent stems get the highest value). */
  readonly idf: (term: string) => number
  /** A document's sentences in order, split once per index (for summaries). */
  readonly sentences: (documentId: number) => ReadonlyArray<DocumentSentence>
  /** A document's sentences that pass `keep`, in order; only passages that pass it are split (see `sentencesOf`). */
  readonly scan: (documentId: number, keep: (text: string) => boolean) => ReadonlyArray<DocumentSentence>
  /**
   * A document's opening: its first passages, and those from where it names its parties when a cover page or a
   * table of contents comes first (see `preambleAt`). Dates, parties and titles are read there.
   */
  readonly opening: (documentId: number, count: number) => ReadonlyArray<IndexedPassage>
  /** The passage before (-1) or after (+1) one, in the same document; none at its start or end. */
  readonly beside: (entry: IndexedPassage, step: -1 | 1) => IndexedPassage | undefined
}

/** A document's passages, in order. */
export const passagesOf = (index: PassageIndex, document: EngineDocument): ReadonlyArray<IndexedPassage> =>
  index.passages.filter((entry) => entry.document === document)

/**
 * "This Franchise Agreement … is made …", up to where it names whom it is made between: a contract saying what it
 * is. Read here for where its preamble stands, and by summaries for the sentence to open with. "No." before a
 * number ("This Amendment No. 2 … to the Supply Agreement dated …") ends no sentence.
 */
export const agreementMade =
  "\\bthis\\s+(?:[\\w-]+\\s+){0,8}(?:agreement|contract|amendment|lease|licen[cs]e)\\b(?:[^.]|\\bno\\.(?=\\s*\\d)){0,200}?\\b(?:made|entered\\s+into|dated|executed)\\b[^.]{0,300}"

/** How far into a document its preamble is looked for (a long table of contents comes first). */
const preambleSearch = 60
/**
 * Where a contract names itself and its parties: "This Franchise Agreement … is made … by and between", "BETWEEN:"
 * on a line of its own; not a mention of another agreement "by and between" others.
 */
const preamble = new RegExp(`${agreementMade}\\b(?:between|among)\\b|^\\s*(?:between|among)\\s*:?\\s*$`, "im")

/** The position of the passage that holds a document's preamble among its passages, 0 when none is found. */
const preambleAt = (passages: ReadonlyArray<IndexedPassage>): number =>
  Math.max(
    0,
    passages.slice(0, preambleSearch).findIndex((entry) => preamble.test(entry.passage.text))
  )

/** A passage as indexed; the set of its stems is made when first asked for (few answers ask). */
const indexedPassage = (
  passage: Passage,
  document: EngineDocument,
  stems: ReadonlyArray<string>
): IndexedPassage & { readonly stems: ReadonlyArray<string> } => {
  let distinct: ReadonlySet<string> | undefined
  return {
    passage,
    document,
    stems,
    get terms() {
      distinct ??= new Set(stems)
      return distinct
    }
  }
}

/** Builds the index; passages are stemmed once, here, and query terms arrive already processed. */
const buildIndex = (documents: ReadonlyArray<EngineDocument>): PassageIndex => {
  const passages = documents.flatMap((document) =>
    document.passages.map((passage) => indexedPassage(passage, document, terms(passage.text)))
  )
  const { search, frequency } = stemSearch(passages.map((entry, id) => ({ id, stems: entry.stems })))
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
  const openings = new Map<number, number>()
  const opening = (documentId: number, count: number) => {
    const mine = own(documentId)
    const at = openings.get(documentId) ?? preambleAt(mine)
    openings.set(documentId, at)
    return at < count ? mine.slice(0, count) : [...mine.slice(0, count), ...mine.slice(at, at + count)]
  }
  // Looked up by position, not by searching the list: a long document's headings ask it for many sentences.
  const positions = new Map<IndexedPassage, number>(passages.map((entry, position) => [entry, position]))
  const beside = (entry: IndexedPassage, step: -1 | 1) => {
    const position = positions.get(entry)
    const other = position === undefined ? undefined : passages[position + step]
    return other?.document === entry.document ? other : undefined
  }
  return { documents, passages, search, idf, sentences, scan, opening, beside }
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
