import type { EngineDocument } from "../AnswerEngine.js"
import { findPercentages } from "./AmountSpans.js"
import type { Found } from "./Found.js"
import type { PassageIndex } from "./PassageIndex.js"
import { isGeneric } from "./Query.js"
import { toRanked } from "./Ranking.js"
import { terms } from "./Terms.js"

/** Words of a question about the royalty itself; any other names what it is for ("… applies to valves?"). */
const royaltyWords = new Set(
  terms(
    "royalty royalties commission commissions rate rates percentage percent payable paid pay owed due apply applies " +
      "applicable charge charged earn earned running standard base licensee licensor representative agent net " +
      "sales receipts revenue revenues gross income proceeds price invoice"
  )
)

/**
 * "What royalty is payable?", "What is the royalty rate?", "How much commission is paid?"; not "What commission rate
 * applies to valves and actuators?", which the sentence naming valves answers.
 */
export const royaltyQuestion = (question: string, heads: ReadonlyArray<string> = []): boolean =>
  /\b(?:royalt(?:y|ies)|commissions?)\b/i.test(question) &&
  /\b(?:what|how\s+much|rate|percentage|payable|owed|due)\b/i.test(question) &&
  !/\b(?:minimum|when|report\w*|statement|audit\w*|who)\b/i.test(question) &&
  heads.every((head) => royaltyWords.has(head) || isGeneric(head))

/** A royalty stated as a share: "a running royalty of four and one-half per cent (4.5%) of Net Sales". */
const royaltySentence = /\b(?:royalt(?:y|ies)|commissions?)\b/i
const ofBase =
  /^[)\s]*of\s+(?:the\s+|all\s+|such\s+)?(?:[\w'’-]+\s+){0,3}(?:sales|revenues?|receipts|income|proceeds|price|profits?)\b/i
/** A rate that adjusts another ("shall be reduced by one half for Net Sales exceeding …"), not the rate itself. */
const adjustment = /\b(?:reduced|increased|adjusted)\s+by\b|\bexceeding\b/i

/**
 * The royalty a contract charges, as the share of sales it states, read from all of its sentences: the first
 * royalty stated as a percentage of a base ("4.5% of Net Sales"), which contracts state before the rates that
 * replace or adjust it. A minimum royalty in money is no rate; "What is the minimum royalty?" is asked as money.
 */
export const royaltyRate = (index: PassageIndex, document: EngineDocument): Found | undefined => {
  for (const sentence of index.scan(document.id, (text) => royaltySentence.test(text) && /%|per\s*cent/i.test(text))) {
    if (!royaltySentence.test(sentence.text) || adjustment.test(sentence.text)) continue
    const rate = findPercentages(sentence.text).find((span) =>
      ofBase.test(sentence.text.slice(span.end, span.end + 60))
    )
    if (rate === undefined) continue
    const base =
      ofBase
        .exec(sentence.text.slice(rate.end, rate.end + 60))?.[0]
        .replace(/^[)\s]+/, "")
        .trim() ?? ""
    return { short: `${rate.text} ${base}`, sentence: toRanked(sentence), at: rate.start }
  }
  return undefined
}
