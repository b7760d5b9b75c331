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
  /** Order in the document (0-based), duplicates from overlapping passages left out. */
  readonly order: number
  readonly stems: ReadonlyMap<string, number>
}

const counts = (stems: ReadonlyArray<string>): Map<string, number> => {
  const out = new Map<string, number>()
  for (const stem of stems) out.set(stem, (out.get(stem) ?? 0) + 1)
  return out
}

/** Every sentence of the given passages (one document's, in order), once each (passages overlap by a sentence). */
export const sentencesOf = (entries: ReadonlyArray<IndexedPassage>): Array<DocumentSentence> => {
  const out: Array<DocumentSentence> = []
  const seen = new Set<string>()
  for (const entry of entries) {
    splitSentences(entry.passage.text).forEach((sentence, position) => {
      if (seen.has(sentence.text)) return
      seen.add(sentence.text)
      out.push({
        entry,
        text: sentence.text,
        start: sentence.start,
        position,
        order: out.length,
        stems: counts(terms(sentence.text))
      })
    })
  }
  return out
}
