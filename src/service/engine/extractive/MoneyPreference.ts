import type { Query } from "./Query.js"
import type { Span } from "./Span.js"
import { terms } from "./Terms.js"

/**
 * Clauses whose amounts are about something other than what the parties pay for the deal: a liability cap, an
 * insurance limit, a penalty, a deposit, a one-time bonus. "What are the fees payable?" should not be answered from
 * "shall not exceed the total fees paid or payable … $1,250,000.00", unless the question names the clause.
 */
const sideWords: ReadonlyArray<string> = terms(
  "liability liable insurance indemnify indemnification damages penalty interest shortfall deposit allowance bonus " +
    "reimburse expenses credit dividend late overdue"
)
/** How much an amount in such a clause counts against one in a clause the question is about. */
const sideFit = 0.4

/**
 * Clauses whose figures are never what is paid, unless the question asks about them: `clause` finds one in a
 * sentence, `asked` in the question.
 */
const neverPaid: ReadonlyArray<{ readonly clause: RegExp; readonly asked: RegExp }> = [
  // "interest of one and one-half percent (1.5%) per month … if fees are not paid by their due date": what a late
  // payment costs.
  {
    clause:
      /\binterest\b[^;]{0,200}\b(?:late|overdue|past\s+due|not\s+(?:paid|received)|unpaid|due\s+date|delinquent)\b|\b(?:late|overdue|past\s+due|unpaid|delinquent)\b[^;]{0,120}\binterest\b/i,
    asked: /\b(?:interest|late|overdue|past\s+due|delinquen\w*|penalt\w*)\b/i
  },
  // "If the amount owed … was underpaid in excess of 10% of the amount owed, the fees of such audit shall also be
  // paid": when an audit's finding shifts its cost.
  {
    clause:
      /\b(?:underpa\w*|under-pa\w*|overpa\w*|over-pa\w*|discrepanc\w*|variance|shortfall)\b[^;]{0,150}(?:%|\bper\s*cent\b|\bpercent\b)|(?:%|\bper\s*cent\b|\bpercent\b)[^;]{0,150}\b(?:underpa\w*|under-pa\w*|overpa\w*|discrepanc\w*)\b/i,
    asked: /\b(?:audit\w*|underpa\w*|overpa\w*|discrepanc\w*|variance)\b/i
  }
]

/**
 * "What is the total contract value or the fees payable?", "What is the consideration?": the price of the deal,
 * whatever the document calls it (fee, price, rent, salary, retainer).
 */
export const considerationQuestion =
  /\b(?:contract|total|deal|aggregate)\s+value\b|\bvalue\s+of\s+(?:the|this)\s+(?:contract|agreement|deal)\b|\bfees?\s+(?:payable|due|owed)\b|\bconsideration\b|\bhow\s+much\s+(?:is|does|will)\s+(?:the|this)\s+(?:contract|agreement|deal)\b/i
/** What the price of a deal is called, added to a consideration question's terms. */
export const considerationTerms = "fee price rent salary compensation retainer subscription charges"
/** The price of a deal is mostly a rate ("per month", "per kilogram", "annual"), not a one-off amount. */
const rateFit = 1.3
const rate = /\b(?:per|each)\s+\w+|\/\s*\w+|\b(?:monthly|annual|annually|yearly|hourly|weekly|quarterly)\b/i

/**
 * The amounts of a sentence that fit a money question, and how well: lower in a side clause the question does not
 * name; for a question about the deal's price, rates first and higher.
 */
export const moneyPreference = (
  text: string,
  spans: ReadonlyArray<Span>,
  query: Query
): { readonly spans: ReadonlyArray<Span>; readonly fit: number } => {
  if (query.kind !== "money") return { spans, fit: 1 }
  if (neverPaid.some(({ clause, asked }) => clause.test(text) && !asked.test(query.text))) return { spans: [], fit: 1 }
  const present = new Set(terms(text))
  const sides = sideWords.filter((word) => present.has(word))
  const side = sides.length > 0 && !sides.some((word) => query.weights.has(word)) ? sideFit : 1
  if (!considerationQuestion.test(query.text)) return { spans, fit: side }
  const rates = spans.filter((span) =>
    rate.test(`${text.slice(Math.max(0, span.start - 30), span.start)} ${span.text}`)
  )
  return rates.length > 0 ? { spans: rates, fit: side * rateFit } : { spans, fit: side }
}
