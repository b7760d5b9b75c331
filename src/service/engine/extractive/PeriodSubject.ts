import type { EngineDocument } from "../AnswerEngine.js"
import { headingOnly } from "./Continuation.js"
import type { Found } from "./Found.js"
import type { PassageIndex } from "./PassageIndex.js"
import { buildQuery, isGeneric, type Query } from "./Query.js"
import { type RankedSentence, rankPassages, rankSentences } from "./Ranking.js"
import { splitSentences } from "./Sentences.js"
import { spanAnswer } from "./SpanAnswer.js"
import { terms } from "./Terms.js"

/**
 * "How long do confidentiality obligations last after termination?", "How long is the non-solicitation period?",
 * "How long is the non-compete?", "Non-compete period?": the thing whose period is asked.
 */
const determiner = "(?:the\\s+|a\\s+|an\\s+|its\\s+|their\\s+|any\\s+)?"
const howLongSubject = new RegExp(
  `\\bhow\\s+long\\s+(?:do|does|did|will|shall|must|should|would|can|is|are)\\s+${determiner}(.+?)\\s+(?:last|survive|continue|remain|run|apply|stay|endure|be\\s+\\w+)\\b|\\bhow\\s+long\\s+(?:is|are)\\s+${determiner}(.+?)\\s+(?:period|term|duration)s?\\b|\\bhow\\s+long\\s+(?:is|are)\\s+${determiner}(.+?)\\s*\\??\\s*$|^\\s*(?:what\\s+is\\s+|what's\\s+)?${determiner}((?:non-?compet\\w*|non-?solicit\\w*|confidentiality|exclusivity|restrictive\\s+covenants?|restricted)(?:\\s+of\\s+\\w+)?)\\s+(?:period|term|duration)\\b`,
  "i"
)

/** How many sentences under its heading a sentence may stand and still be read as that section's. */
const sectionReach = 3

/**
 * A sentence under a heading that names the subject ("8.1 Non-Competition." over "During her employment and for
 * twelve (12) months … the Executive shall not …", "5. Confidentiality." over "… This obligation survives for two
 * (2) years"): it states the subject's period without naming it.
 */
const headedBy = (sentence: RankedSentence, names: (text: string) => boolean): boolean => {
  const before = splitSentences(sentence.entry.passage.text).slice(0, sentence.position).reverse()
  // The nearest heading above, a few sentences up at most: the section the sentence stands in.
  const heading = before.slice(0, sectionReach).find((other) => headingOnly(other.text))
  return heading !== undefined && names(heading.text)
}

/** How many passages of all documents the subject's own question ranks. */
const passageLimit = 24

/**
 * The period of the thing a "how long does X last" question names, asked of X alone: the question's other words
 * ("after termination", "survive") pull its ranking toward the term and termination clauses, whose periods answered
 * for the confidentiality obligations before. Where the sentences that name X state no period of it, no period is
 * given (`found` undefined), not another thing's; nor where the document never names X. Undefined when X is the
 * agreement itself (its term is read from the term clause) or the passages ranked first do not name it although
 * others do: the question is then answered as any other.
 */
export const subjectPeriod = (
  index: PassageIndex,
  document: EngineDocument,
  query: Query
): { readonly found: Found | undefined } | undefined => {
  const asked = howLongSubject.exec(query.text)
  const subject = asked?.[1] ?? asked?.[2] ?? asked?.[3] ?? asked?.[4]
  const own = terms(subject ?? "")
  if (subject === undefined || own.every(isGeneric)) return undefined
  const focused = buildQuery(`How long is the ${subject} period?`, [])
  // The subject's own words and the words that count as them ("confidential" for "confidentiality").
  const named = focused.groups.filter((group) => own.some((term) => group.has(term)))
  // Only sentences that name the subject: a period elsewhere is another thing's.
  const names = (text: string) => terms(text).some((term) => named.some((group) => group.has(term)))
  const sentences = rankSentences(index, focused, rankPassages(index, focused, passageLimit)).filter(
    (sentence) => sentence.entry.document === document && (names(sentence.text) || headedBy(sentence, names))
  )
  // Where the subject's period is stated, most certain first: the section a heading naming all of the subject opens
  // ("5. Confidentiality." over "The obligations in this Section 5 continue … for five (5) years"); a sentence naming
  // all of it ("… an orderly transition … (the "Termination Assistance Services") for up to eighteen (18) months");
  // the section a heading naming part of it opens. A mere mention elsewhere ("competing products" in a
  // non-solicitation, "breaches of Section 5 (Confidentiality)" in a cap) may state another thing's period.
  const distinctive = named.filter((group) => own.some((term) => group.has(term) && !isGeneric(term)))
  const namesAll = (text: string) => {
    const said = terms(text)
    return distinctive.length > 0 && distinctive.every((group) => said.some((term) => group.has(term)))
  }
  for (const stated of [
    sentences.filter((sentence) => headedBy(sentence, namesAll)),
    sentences.filter((sentence) => namesAll(sentence.text)),
    sentences.filter((sentence) => headedBy(sentence, names))
  ]) {
    const found = stated.length > 0 ? spanAnswer(index, "duration", focused, stated)?.found : undefined
    if (found !== undefined) return { found }
  }
  if (sentences.length > 0) return { found: spanAnswer(index, "duration", focused, sentences)?.found }
  // A document that never names it (in the question's words or theirs) states no period of it either: the periods
  // ranking would find are another thing's ("How long do confidentiality obligations last?" over a lease).
  const namesIt = index.passages.some(
    (entry) => entry.document === document && named.some((group) => [...group].some((term) => entry.terms.has(term)))
  )
  return namesIt ? undefined : { found: undefined }
}
