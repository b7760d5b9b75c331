import type { PassageIndex } from "./PassageIndex.js"
import type { RankedSentence } from "./Ranking.js"
import { splitSentences } from "./Sentences.js"

/**
 * The next sentence of the same passage, when `sentence` is only a heading or a lead-in ("9. Non-Competition.",
 * "Vendor hereby agrees:"): the clause is what follows it, whether or not the question ranked it.
 */
export const continuationOf = (
  sentence: RankedSentence,
  all: ReadonlyArray<RankedSentence>,
  index?: PassageIndex
): string | undefined => {
  if (sentence.text.length >= 80) return undefined
  const ranked = all.find((other) => other.entry === sentence.entry && other.position === sentence.position + 1)
  const own = ranked?.text ?? splitSentences(sentence.entry.passage.text)[sentence.position + 1]?.text
  if (own !== undefined || index === undefined) return own
  // A heading that ends its passage: the clause opens the next one (which may repeat the heading first).
  const next = index.beside(sentence.entry, 1)
  if (next === undefined) return undefined
  const [first, second] = splitSentences(next.passage.text)
  return first?.text === sentence.text ? second?.text : first?.text
}
