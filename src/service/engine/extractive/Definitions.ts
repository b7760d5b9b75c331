import { isGeneric, type Query } from "./Query.js"
import type { Span } from "./Span.js"
import { terms } from "./Terms.js"

const definition = /["“]([\p{L} -]{2,40})["”]\s*(?:\)|means|shall\s+mean|has\s+the\s+meaning)/gu
const definitionAfter = /^\s*,?\s*\(\s*(?:the\s+|this\s+)?["“]([\p{L} -]{2,40})["”]/u

/**
 * Whether a defined term is what the question asks about: each of its distinctive words is one of the question's
 * own words ("Effective Date" for "what is the effective date?", not "Base Rent" for "the late charge on rent").
 */
const asked = (words: string, query: Query) => {
  const own = terms(words).filter((term) => !isGeneric(term))
  const heads = new Set(query.groups.map((group) => [...group][0]))
  return own.length > 0 && own.every((term) => heads.has(term))
}

/** A term given its value as a label, at the start of a sentence: "Territory: US Federal Government agencies". */
const label = /^\s*(?:\d+(?:\.\d+)*\.?\s+)?(\p{L}[\p{L} -]{1,40}?)\s*:\s*\S/u

/**
 * Whether a sentence defines a term the question uses: `(the "Purpose")`, `"Effective Date" means …`, or
 * `Territory: …` on a cover sheet.
 */
export const defines = (text: string, query: Query): boolean =>
  [...text.matchAll(definition)].some((m) => asked(m[1] ?? "", query)) || asked(label.exec(text)?.[1] ?? "", query)

/** Whether a span is itself what the question's term names: `January 21, 2005 (the "Effective Date")`. */
export const definedBySpan = (text: string, span: Span, query: Query): boolean => {
  const m = definitionAfter.exec(text.slice(span.end, span.end + 60))
  return m !== null && asked(m[1] ?? "", query)
}

/** "the Master Services Agreement dated March 1, 2024": the date the text gives an agreement, named as such. */
const agreementDated =
  /\b(?:agreement|contract|lease|licen[cs]e|amendment)\s+(?:is\s+)?(?:dated|made|entered\s+into|effective)\s+(?:as\s+of\s+|on\s+)?(?:the\s+)?$/i

/** A recital about an earlier agreement that this one amends: "WHEREAS, … that certain Agreement dated …". */
const priorAgreement = /^\s*WHEREAS\b|\bthat\s+certain\b|\bamend(?:s|ed|ing|ment)\b/i

/** Whether a date span is the one a document gives its agreement ("Agreement dated …"), for effective-date questions. */
export const datesAgreement = (text: string, span: Span, query: Query): boolean =>
  query.kind === "date" &&
  !priorAgreement.test(text) &&
  /\b(?:effective|dated|date\s+of\s+(?:the|this)\s+(?:agreement|contract))\b/i.test(query.text) &&
  agreementDated.test(text.slice(Math.max(0, span.start - 60), span.start))
