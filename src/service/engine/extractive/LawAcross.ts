import { maxDocumentsRead } from "./AcrossDocuments.js"
import type { Found, Outcome } from "./Found.js"
import { answerGoverningLaw } from "./GoverningLaw.js"
import type { PassageIndex } from "./PassageIndex.js"
import { findGoverningLaw } from "./PlaceSpans.js"
import type { Query } from "./Query.js"

/** Capitalised words of a question that are no place: "Which law governs…?" */
const questionWords = new Set(["Which", "What", "Whose", "Each", "Every", "All", "Governing", "Applicable", "The"])

const capitalised = "(\\p{Lu}[\\p{L}.'’-]*(?:\\s+\\p{Lu}[\\p{L}.'’-]*){0,3})"
/** "…under Delaware law?", "…subject to the laws of Ontario?" */
const namedLaw = new RegExp(
  `\\b(?:under|by|to)\\s+(?:the\\s+)?${capitalised}\\s+law\\b|\\blaws?\\s+of\\s+(?:the\\s+)?(?:(?:State|Province|Commonwealth)\\s+of\\s+)?${capitalised}`,
  "u"
)

/** "Which contracts are governed by New York law?": the place a law question names, if any. */
const placeAsked = (query: Query): string | undefined => {
  if (query.kind !== "law") return undefined
  const m = namedLaw.exec(query.text)
  const place = findGoverningLaw(query.text)[0]?.text ?? m?.[1] ?? m?.[2]
  return place === undefined || questionWords.has(place.split(/\s+/)[0] ?? "") ? undefined : place
}

/**
 * A law question over several documents that names a place: every document whose governing law is that place,
 * read from each document's own choice-of-law clause (not only those that rank near the top), or that none is.
 * Undefined when the question names no place (each document's law is listed then, as for any question).
 */
export const lawAcross = (index: PassageIndex, query: Query): Outcome | undefined => {
  const place = placeAsked(query)
  if (place === undefined) return undefined
  const wanted = place.toLowerCase()
  const found: Array<Found> = []
  for (const document of index.documents.slice(0, maxDocumentsRead)) {
    const law = answerGoverningLaw(index, document, query.text)
    if (law?.short?.toLowerCase().includes(wanted)) found.push(law)
  }
  if (found.length > 0) return { _tag: "Answers", lead: undefined, found }
  const read = Math.min(index.documents.length, maxDocumentsRead)
  return { _tag: "Nothing", message: `None of the ${read} documents names ${place} law as its governing law.` }
}
