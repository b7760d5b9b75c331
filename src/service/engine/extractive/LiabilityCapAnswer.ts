import type { EngineDocument } from "../AnswerEngine.js"
import { findMoney } from "./AmountSpans.js"
import type { Found } from "./Found.js"
import type { PassageIndex } from "./PassageIndex.js"
import type { Query } from "./Query.js"
import type { RankedSentence } from "./Ranking.js"
import { yesNoAnswer } from "./YesNoAnswer.js"

/** "What is the cap on liability?", "What is the maximum liability?", "Limit of liability?" */
export const liabilityCapQuestion = (question: string): boolean =>
  /\bliab(?:ility|ilities|le)\b/i.test(question) &&
  /\b(?:cap\w*|limit\w*|maximum|ceiling)\b/i.test(question) &&
  // "What general liability insurance limit must the provider carry?" asks for cover, not a cap.
  !/\b(?:insur\w*|coverage|cover|insured|polic(?:y|ies))\b/i.test(question)

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * The cap asked for as an amount, read as "Is there a cap on liability?" reads it (the liability cap's evidence,
 * see `Concepts`), so both wordings quote the same clause: its amount or measure ("The fees paid in the twelve (12)
 * months before the claim", "EUR 2,000,000"), or that it has none stated; "No cap:" for a clause that says
 * liability is unlimited; undefined when no cap is found (ranking by amounts quoted a late-payment rate of 1.5%).
 */
export const liabilityCapAnswer = (
  index: PassageIndex,
  document: EngineDocument,
  query: Query,
  sentences: ReadonlyArray<RankedSentence>
): Found | undefined => {
  const found = yesNoAnswer(index, document, query, sentences)
  const short = found?.short
  if (found === undefined || short === undefined) return undefined
  if (short.startsWith("Yes — ")) return { ...found, short: capitalised(short.slice("Yes — ".length)) }
  if (short === "Yes.") {
    // The cap's own sentence names its amount in a form the cap's reading leaves out ("limited to EUR 2,000,000").
    const amount = findMoney(`${found.sentence.text} ${found.continuation ?? ""}`)[0]
    return { ...found, short: amount?.text ?? "Capped, with no amount stated." }
  }
  if (short === "No.") return { ...found, short: "No cap: liability is not limited." }
  return undefined
}
