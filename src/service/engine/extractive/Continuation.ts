import { isTitle } from "./ClauseHeadings.js"
import type { PassageIndex } from "./PassageIndex.js"
import { type RankedSentence, toRanked } from "./Ranking.js"
import { splitSentences } from "./Sentences.js"

/** A lead-in ends where its clause begins: "Vendor hereby agrees:", "… as follows.", "… defined in Table 1 below.". */
const leadIn = /(?::|—|\bas\s+follows\.?|\bbelow\.?|\bthat)\s*$/i
/** A sentence with one of these says something itself, however short ("Consultant is not an employee."). */
const statementVerb =
  /\b(?:shall|will|may|must|can|hereby|is|are|was|were|does|do|has|have|agrees?|acknowledges?|covenants?)\b/i
/** Short, with no verb or in title case: a heading ("9. Non-Competition.", "5.4 Covenant Not to Sue."). */
export const headingOnly = (text: string) => text.length < 80 && (!statementVerb.test(text) || isTitle(text))

/** Short and a heading or a lead-in. */
const headingOrLeadIn = (text: string) => (leadIn.test(text) ? text.length < 80 : headingOnly(text))

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
  const sentences = splitSentences(sentence.entry.passage.text)
  const own = ranked?.text ?? sentences[sentence.position + 1]?.text
  // "RIGHT OF FIRST NEGOTIATION" over "12.1 New Formulations." over the clause: the clause too.
  const after = sentences[sentence.position + 2]?.text
  if (
    own !== undefined &&
    after !== undefined &&
    !leadIn.test(sentence.text) &&
    headingOnly(own) &&
    !leadIn.test(own)
  ) {
    return `${own} ${after}`
  }
  if (own !== undefined || index === undefined) return own
  // A heading that ends its passage: the clause opens the next one (which may repeat the heading first).
  const next = index.beside(sentence.entry, 1)
  if (next === undefined) return undefined
  const [first, second] = splitSentences(next.passage.text)
  return first?.text === sentence.text ? second?.text : first?.text
}

/** A sentence that goes on from the one before: "… within 180 days after receipt of such notice, terminate …". */
const goesOn =
  /^[^.;]{0,160}?\b(?:such\s+(?:notice|change|event|acquisition|merger|transaction|offer|election|failure|assignment)|in\s+(?:such|that|either|any\s+such)\s+(?:event|case)|thereupon)\b/i

/**
 * The sentence after a clause that says what follows from it ("Corvane shall notify Halvorsen … of any Change of
 * Control." then "Halvorsen may, within 180 days after receipt of such notice, terminate this Agreement …"): read
 * with it, in the same passage, so a quote holds the consequence too.
 */
export const consequenceOf = (sentence: RankedSentence, after = 0): string | undefined => {
  const next = splitSentences(sentence.entry.passage.text)[sentence.position + 1 + after]?.text
  return next !== undefined && goesOn.test(next) ? next : undefined
}

/**
 * A heading's clause, and the sentence after it that says what follows from it ("11.5 Change of Control." over
 * "Tunewave shall notify Redhollow … of any such transaction." then "Redhollow may terminate … after receipt of such
 * notice."); else the clause alone, or, for a sentence that is no heading, what follows from it.
 */
export const clauseWithConsequence = (
  sentence: RankedSentence,
  ranked: ReadonlyArray<RankedSentence>,
  index?: PassageIndex
): string | undefined => {
  const opened = continuationOf(sentence, ranked, index)
  if (opened === undefined) return consequenceOf(sentence)
  const following = splitSentences(sentence.entry.passage.text)[sentence.position + 1]?.text
  const then = following === opened ? consequenceOf(sentence, 1) : undefined
  return then === undefined ? opened : `${opened} ${then}`
}

/** A sentence that opens by referring back: "The Parties agree that such credits are …", "Such fee shall …". */
const refersBack =
  /^(?:[^.;,]{0,40}?\b(?:that\s+)?)?(?:such|these|those|said)\s+(?!as\b|other\b|time\b|times\b|date\b|party\b|parties\b)\w+/i

/**
 * The sentence before one that refers back to it ("Corvane shall credit … two percent (2%) … The Parties agree that
 * such credits are a reasonable estimate …"), in its passage or closing the one before: a quote of it alone would not
 * say what it is about.
 */
export const antecedentOf = (sentence: RankedSentence, index?: PassageIndex): RankedSentence | undefined => {
  if (!refersBack.test(sentence.text)) return undefined
  // The first sentence of a passage: the one before it closes the passage before (passages overlap, so that one
  // may hold the sentence too).
  const entry = sentence.position > 0 ? sentence.entry : index?.beside(sentence.entry, -1)
  if (entry === undefined) return undefined
  const sentences = splitSentences(entry.passage.text)
  const at = entry === sentence.entry ? sentence.position : sentences.findIndex((s) => s.text === sentence.text)
  const position = (at < 0 ? sentences.length : at) - 1
  const before = sentences[position]
  if (before === undefined || headingOnly(before.text)) return undefined
  return toRanked({ entry, text: before.text, position, start: before.start })
}
