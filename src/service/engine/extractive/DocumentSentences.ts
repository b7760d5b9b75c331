import type { IndexedPassage } from "./PassageIndex.js"
import { splitSentences } from "./Sentences.js"
import { terms } from "./Terms.js"

/** A sentence of a document, where it stands, and its stems. */
export interface DocumentSentence {
  readonly entry: IndexedPassage
  readonly text: string
  /** Where it starts in its passage's text. */
  readonly start: number
  /** Its position among its passage's sentences. */
  readonly position: number
  /** Order in the document: passage by passage, sentence by sentence. */
  readonly order: number
  /** Stem counts, computed when first read (only summaries need them). */
  readonly stems: ReadonlyMap<string, number>
}

const counts = (text: string): Map<string, number> => {
  const out = new Map<string, number>()
  for (const stem of terms(text)) out.set(stem, (out.get(stem) ?? 0) + 1)
  return out
}

const sentence = (entry: IndexedPassage, text: string, start: number, position: number): DocumentSentence => {
  let stems: Map<string, number> | undefined
  return {
    entry,
    text,
    start,
    position,
    order: entry.passage.index * 10_000 + position,
    get stems() {
      stems ??= counts(text)
      return stems
    }
  }
}

/**
 * The sentences of the given passages (one document's, in order) that pass `keep`, once each (passages overlap by a
 * sentence). A passage whose whole text fails `keep` is not split at all: a check for one kind of clause reads
 * only the few passages that could hold it, which keeps a 100-page document fast.
 */
export const sentencesOf = (
  entries: ReadonlyArray<IndexedPassage>,
  keep: (text: string) => boolean = () => true
): Array<DocumentSentence> => {
  const out: Array<DocumentSentence> = []
  const seen = new Set<string>()
  for (const entry of entries) {
    if (!keep(entry.passage.text)) continue
    splitSentences(entry.passage.text).forEach((piece, position) => {
      if (seen.has(piece.text) || !keep(piece.text)) return
      seen.add(piece.text)
      out.push(sentence(entry, piece.text, piece.start, position))
    })
  }
  return out
}
