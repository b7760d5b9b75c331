import type { EngineDocument } from "../AnswerEngine.js"
import type { PassageIndex } from "./PassageIndex.js"
import type { Query } from "./Query.js"
import { terms } from "./Terms.js"

const contractQuestion = /\b(?:this|the)\s+(?:agreement|contract|lease|licen[cs]e)\b|\bcontract\s+value\b/i
const contractNouns = terms("agreement agree agreed contract lease licence license")

/**
 * "What notice is needed to terminate this agreement?" over a document that mentions no agreement, contract or
 * lease at all and agrees to nothing (a press release): whatever period it states is not the answer.
 */
export const notAnAgreement = (index: PassageIndex, query: Query, document: EngineDocument): boolean =>
  contractQuestion.test(query.text) &&
  !index.passages.some((entry) => entry.document === document && contractNouns.some((noun) => entry.terms.has(noun)))
