import type { PassageIndex } from "./PassageIndex.js"
import type { RankedSentence } from "./Ranking.js"
import { splitSentences } from "./Sentences.js"

/** A lead-in ends where its clause begins: "Vendor hereby agrees:", "… as follows.", "… defined in Table 1 below.". */
const leadIn = /(?::|—|\bas\s+follows\.?|\bbelow\.?|\bthat)\s*$/i
/** A sentence with one of these says something itself, however short ("Consultant is not an employee."). */
const statementVerb =
  /\b(?:shall|will|may|must|can|hereby|is|are|was|were|does|do|has|have|agrees?|acknowledges?|covenants?)\b/i
/** Short, with no verb: a heading ("9. Non-Competition."). */
export const headingOnly = (text: string) => text.length < 80 && !statementVerb.test(text)

/** Short and a heading ("9. Non-Competition.", no verb) or a lead-in. */
const headingOrLeadIn = (text: string) => text.length < 80 && (leadIn.test(text) || !statementVerb.test(text))

/**
 * The next sentence of the same passage, when `sentence` is only a heading or a lead-in ("9. Non-Competition.",
 * "Vendor hereby agrees:"): the clause is what follows it, whether or not the question ranked it. A short sentence
 * that states something is whole: the next heading is not its continuation.
 */
export const continuationOf = (
  sentence: RankedSentence,
  all: ReadonlyArray<RankedSentence>,
  index?: PassageIndex
): string | undefined => {
  if (!headingOrLeadIn(sentence.text)) return undefined
  const ranked = all.find((other) => other.entry === sentence.entry && other.position === sentence.position + 1)
  const own = ranked?.text ?? splitSentences(sentence.entry.passage.text)[sentence.position + 1]?.text
  if (own !== undefined || index === undefined) return own
  // A heading that ends its passage: the clause opens the next one (which may repeat the heading first).
  const next = index.beside(sentence.entry, 1)
  if (next === undefined) return undefined
  const [first, second] = splitSentences(next.passage.text)
  return first?.text === sentence.text ? second?.text : first?.text
}
