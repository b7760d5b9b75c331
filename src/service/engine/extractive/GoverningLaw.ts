import type { EngineDocument } from "../AnswerEngine.js"
import type { Found } from "./Found.js"
import type { PassageIndex } from "./PassageIndex.js"
import { findGoverningLaw } from "./PlaceSpans.js"
import { toRanked } from "./Ranking.js"

/** "Which law governs?", "Governing law?", "Under which state's laws is it interpreted?": the law, not the courts. */
const governingLawQuestion = /\blaws?\b|\bgovern\w*|\blegislation\b|\binterpret\w*|\bconstru\w*/i
const placeOnly = /\b(?:courts?|venue|forum|seat|where|sue|litigat\w*|arbitrat\w*)\b/i

/** A choice-of-law clause: the contract is governed by, construed under, or subject to some place's law. */
const choiceOfLaw =
  /\b(?:governed|construed|interpreted|enforced|subject)\b[^.;]{0,120}\b(?:laws?|legislation)\s+of\b|\b(?:laws?|legislation)\s+of\b[^.;]{0,80}\b(?:shall|will)\s+(?:govern|apply|control)\b|\b(?:laws?|legislation)\s+of\b[^.;]{0,60}\bgovern/i

/**
 * A law chosen for something else than the contract: "The laws of Ontario shall govern the conduct of the
 * arbitration", "… the procedure of the arbitration".
 */
const otherSubject =
  /\bgovern\w*\s+(?:the\s+)?(?:conduct|procedure|proceedings?|rules)\s+of\s+(?:the\s+|any\s+)?arbitra\w*/i

/**
 * The governing law, from the document's choice-of-law clause wherever it stands (the same answer for every
 * wording): the first sentence that chooses a law for the contract and names the place, else the first that chooses
 * one for anything (an arbitration's conduct).
 */
export const answerGoverningLaw = (
  index: PassageIndex,
  document: EngineDocument,
  question: string
): Found | undefined => {
  if (!governingLawQuestion.test(question) || placeOnly.test(question)) return undefined
  let other: Found | undefined
  for (const sentence of index.scan(document.id, (text) => choiceOfLaw.test(text))) {
    const [place] = findGoverningLaw(sentence.text)
    if (place === undefined) continue
    const found = { short: place.text, sentence: toRanked(sentence), at: place.start }
    if (!otherSubject.test(sentence.text)) return found
    other ??= found
  }
  return other
}
