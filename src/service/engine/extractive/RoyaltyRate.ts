import type { EngineDocument } from "../AnswerEngine.js"
import { findPercentages } from "./AmountSpans.js"
import type { Found } from "./Found.js"
import type { PassageIndex } from "./PassageIndex.js"
import { isGeneric, paymentOnAsked } from "./Query.js"
import { toRanked } from "./Ranking.js"
import { listItem, splitSentences } from "./Sentences.js"
import type { Span } from "./Span.js"
import { terms } from "./Terms.js"

/** "What royalty is payable?", "What is the royalty rate?", "How much commission is paid?" */
export const royaltyQuestion = (question: string): boolean =>
  paymentOnAsked(question) ||
  (/\b(?:royalt(?:y|ies)|commissions?)\b/i.test(question) &&
    /\b(?:what|how\s+much|rate|percentage|payable|owed|due)\b/i.test(question) &&
    !/\b(?:minimum|when|report\w*|statement|audit\w*|who)\b/i.test(question))

/** Words of a question about the royalty itself; any other names what it is for ("… applies to valves?"). */
const royaltyWords = new Set(
  terms(
    "royalty royalties commission commissions rate rates percentage percent payable paid pay owed due apply applies " +
      "applicable charge charged earn earned running standard base licensee licensor representative agent net " +
      "sales receipts revenue revenues gross income proceeds price invoice"
  )
)

/** The question's words that name what the royalty is for ("valves", "footwear", "house accounts"). */
export const royaltyFor = (heads: ReadonlyArray<string>): ReadonlyArray<string> =>
  heads.filter((head) => !royaltyWords.has(head) && !isGeneric(head))

/** A royalty stated as a share: "a running royalty of four and one-half per cent (4.5%) of Net Sales". */
const royaltySentence = /\b(?:royalt(?:y|ies)|commissions?)\b/i
const ofBase =
  /^[)\s]*of\s+(?:the\s+|all\s+|such\s+)?(?:[\w'’-]+\s+){0,3}(?:sales|revenues?|receipts|income|proceeds|price|profits?)\b/i
/** A rate that adjusts another ("shall be reduced by one half for Net Sales exceeding …"), not the rate itself. */
const adjustment = /\b(?:reduced|increased|adjusted)\s+by\b|\bexceeding\b/i

/** Where a list's items begin, or a clause after a semicolon: "(i)", "(b)", ";". */
const itemBoundary = /\((?:[ivx]{1,4}|[a-z])\)|;/g

/** "4.5% of Net Sales": the rate with the base it is a share of, when the text names one. */
const withBase = (text: string, rate: Span): string => {
  const base =
    ofBase
      .exec(text.slice(rate.end, rate.end + 60))?.[0]
      .replace(/^[)\s]+/, "")
      .trim() ?? ""
  return base.length > 0 ? `${rate.text} ${base}` : rate.text
}

/**
 * The royalty a contract charges, as the share of sales it states, read from all of its sentences: the first
 * royalty stated as a percentage of a base ("4.5% of Net Sales"), which contracts state before the rates that
 * replace or adjust it. Asked for what a royalty is for (`forTerms`: "signature footwear", "valves and actuators"),
 * the rate of the royalty sentence that names it, the percentage nearest its words; none when no royalty sentence
 * names it (the question is then answered as any other). A minimum royalty in money is no rate; "What is the minimum
 * royalty?" is asked as money.
 */
export const royaltyRate = (
  index: PassageIndex,
  document: EngineDocument,
  forTerms: ReadonlyArray<string> = []
): Found | undefined => {
  const royalties = index
    .scan(document.id, (text) => royaltySentence.test(text) && /%|per\s*cent/i.test(text))
    .filter((sentence) => royaltySentence.test(sentence.text) && !adjustment.test(sentence.text))
  if (forTerms.length > 0) {
    // A list item of rates completes the royalty sentence before it ("… at the following rates: (a) …; and" then
    // "(c) ten percent (10%) for replacement parts.").
    const items = index
      .scan(document.id, (text) => /%|per\s*cent/i.test(text))
      .filter((sentence) => !royaltySentence.test(sentence.text) && listItem.test(sentence.text))
      .filter((sentence) =>
        royaltySentence.test(splitSentences(sentence.entry.passage.text)[sentence.position - 1]?.text ?? "")
      )
    for (const sentence of [...royalties, ...items]) {
      const text = sentence.text
      // Where the question's words stand in the sentence, as offsets of their stems' words.
      const at = [...text.matchAll(/[\p{L}\p{N}]+/gu)]
        .filter((word) => terms(word[0]).some((term) => forTerms.includes(term)))
        .map((word) => word.index)
      if (at.length === 0) continue
      // The item of a list the words stand in ("(i) six percent (6%) of Net Sales of Signature Products that are
      // footwear, and (ii) four percent (4%) …"), its rate stated with its base first.
      const items = [0, ...[...text.matchAll(itemBoundary)].map((m) => m.index), text.length]
      const itemOf = (offset: number) => items.findLastIndex((boundary) => boundary <= offset)
      const wanted = new Set(at.map(itemOf))
      const rates = findPercentages(text).filter((span) => wanted.has(itemOf(span.start)))
      const rate = rates.find((span) => ofBase.test(text.slice(span.end, span.end + 60))) ?? rates[0]
      if (rate !== undefined) return { short: withBase(text, rate), sentence: toRanked(sentence), at: rate.start }
    }
    return undefined
  }
  for (const sentence of royalties) {
    const rate = findPercentages(sentence.text).find((span) =>
      ofBase.test(sentence.text.slice(span.end, span.end + 60))
    )
    if (rate !== undefined)
      return { short: withBase(sentence.text, rate), sentence: toRanked(sentence), at: rate.start }
  }
  return undefined
}
