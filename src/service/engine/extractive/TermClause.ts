import type { EngineDocument } from "../AnswerEngine.js"
import type { Found } from "./Found.js"
import type { PassageIndex } from "./PassageIndex.js"

/** A clause that says how long the agreement lasts. */
const termClause =
  /\b(?:this\s+agreement|the\s+(?:initial\s+)?term|term\s+of\s+this\s+agreement)\b[^.;]{0,120}\b(?:shall|will)\s+(?:\w+\s+){0,2}(?:continue|remain\s+in\s+(?:full\s+)?(?:force|effect)|expire|terminate\s+(?:on|upon|at)|end\s+on|commence)\b|\binitial\s+term\b[^.;]{0,40}\b(?:means|shall\s+mean|is)\b|\bin\s+perpetuity\b/i
/** A term without an end: it runs until someone ends it. */
const openEnded =
  /\bin\s+perpetuity\b|\bperpetual(?:ly)?\b|\bindefinite(?:ly)?\b|\buntil\s+(?:\w+\s+){0,3}terminated\b|\bshall\s+continue\s+(?:in\s+(?:full\s+)?(?:force|effect)\s+)?until\b[^.;]{0,40}\bterminat/i

/**
 * When no end date can be read or computed: the agreement's term clause, quoted, with what it says about the end
 * ("No fixed end date: it runs until terminated."), so that the reader sees the clause instead of "not found".
 */
export const termClauseAnswer = (index: PassageIndex, document: EngineDocument): Found | undefined => {
  const [sentence] = index.scan(document.id, (text) => termClause.test(text))
  if (sentence === undefined) return undefined
  const short = openEnded.test(sentence.text)
    ? "No fixed end date: it runs until terminated."
    : "No end date is stated; the term clause:"
  return { short, sentence: { ...sentence, score: 1, coverage: 1 } }
}
