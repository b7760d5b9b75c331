import { findMoney, findNumbers, findPercentages } from "./AmountSpans.js"
import type { AnswerKind } from "./AnswerKind.js"
import { findDates } from "./DateSpans.js"
import { findDurations, findImmediate } from "./DurationSpans.js"
import { findGoverningLaw, findVenue } from "./PlaceSpans.js"
import type { Query } from "./Query.js"
import type { RankedSentence } from "./Ranking.js"
import { type Span, withoutOverlaps } from "./Span.js"
import { processTerm } from "./Terms.js"

const percentQuestion =
  /percent|%|\brate\b|margin|growth|uptime|availability|discount|escalat|increase|proportion|interest/i
const terminationNotice = /\bnotice\b.*\bterminat|\bterminat.*\bnotice\b/i
const venueQuestion = /\b(?:where|court|venue|jurisdiction|litigat|arbitrat|dispute|sue|forum|seat)/i
/** "Which jurisdiction's law governs?" asks for the law, not the courts; "where" and "courts" ask for the place. */
const lawQuestion = /\blaws?\b|\bgovern/i
const placeQuestion = /\b(?:where|courts?|venue|forum|seat|sue|litigat\w*)\b/i
const venueFirst = (question: string) =>
  placeQuestion.test(question) || (venueQuestion.test(question) && !lawQuestion.test(question))

/** A sentence-initial enumerator ("4.4 Provider…", "1.2 The subscription…") is not a quantity. */
const notEnumerator = (spans: Array<Span>, text: string) =>
  spans.filter((span) => span.start > 0 || !/^\(?[\d.]+\)?\s/.test(text))

/** Whether a sentence has spans of the kind itself, not only stand-ins (a percentage for an amount). */
export const hasOwnKind = (kind: AnswerKind, text: string): boolean =>
  kind === "money" ? findMoney(text).length > 0 : kind === "date" ? findDates(text).length > 0 : true

/** The span patterns for a kind of answer, in order of preference. */
export const spanFinder = (
  kind: AnswerKind,
  query: Query,
  candidates: ReadonlyArray<RankedSentence>
): ((text: string) => Array<Span>) => {
  switch (kind) {
    case "date":
      // "When must it be paid?" answered "within thirty (30) days of the invoice" when no date is stated there.
      return (text) => {
        const dates = findDates(text)
        return dates.length > 0 ? dates : findDurations(text)
      }
    case "money":
      // "The fee is 15% of net revenue": a money question answered by a percentage when no amount is stated there.
      return (text) => {
        const money = findMoney(text)
        return money.length > 0 ? money : findPercentages(text)
      }
    case "duration":
      // "Either party may terminate with immediate effect by written notice": no notice period, and that is the answer.
      return terminationNotice.test(query.text)
        ? (text) => withoutOverlaps([...findDurations(text), ...findImmediate(text)])
        : findDurations
    case "law":
      return venueFirst(query.text)
        ? (text) => [...findVenue(text), ...findGoverningLaw(text)]
        : (text) => [...findGoverningLaw(text), ...findVenue(text)]
    case "number": {
      const isUnit = (word: string) => {
        const term = processTerm(word)
        return term !== null && query.groups.some((group) => group.has(term))
      }
      const numbers = (text: string) => {
        const found = notEnumerator(findNumbers(text, isUnit), text)
        const withUnit = found.filter((span) => span.text.includes(" "))
        return withUnit.length > 0 ? withUnit : found
      }
      // Percentages answer a "what rate / what percentage" question when any candidate sentence states one.
      const wantsPercent =
        percentQuestion.test(query.text) && candidates.some((sentence) => findPercentages(sentence.text).length > 0)
      return wantsPercent ? findPercentages : numbers
    }
    default:
      return () => []
  }
}
