/**
 * What an analyst's query says beyond its question: `Does it renew automatically? Answer "yes" or "no".` asks the
 * question before the instruction. The instruction's words must not pick the answer kind or the clauses ("payment
 * terms" is not a period, "supplier or customer" is not the party asked for); its format requests are kept.
 */
export interface Instructions {
  /** The question alone: it decides the answer kind and the terms searched for. */
  readonly core: string
  /** `Answer as YYYY-MM-DD`: dates shown in ISO form. */
  readonly isoDate: boolean
  /** `Answer in days`: whole weeks shown as days. */
  readonly inDays: boolean
  /** `Give the number of months`: years shown as months (not when years are asked for too). */
  readonly inMonths: boolean
  /** `Answer in years`: whole years of months shown as years. */
  readonly inYears: boolean
  /** `or "not stated"`: the words to answer with when nothing is found. */
  readonly fallback: string | undefined
}

/** A sentence after the question that tells how to answer: `Answer …`, `Give …`, `Reply in …`. */
const instructionSentence =
  /^(?:answer|give|reply|respond|return|format|use|express|state|provide|include|list|quote|cite|write|say|specify|show|then|only|just|keep|be|do\s+not|don't|please|if\s+(?:none|not|no|there\s+is\s+no)|otherwise|one\s+word|yes\s+or\s+no)\b/i
/** Asides that illustrate or format rather than ask: `(for example supplier or customer)`, `(amount or formula)`. */
const aside =
  /\s*\((?:for\s+example|for\s+instance|e\.\s?g\.?|i\.\s?e\.?|such\s+as|like|say|as\s|in\s|format|yes|no\b|answer|amount\s+or|or\s)[^()]*\)/gi
/**
 * Quoted options and fallbacks: `"yes" or "no"`, `, or "not stated"`, `"yes"/"no"`. A lone quoted term (`what does
 * "Purpose" mean?`) is part of the question.
 */
const quotedOption = /,?\s*\bor\s+"[^"]{1,40}"|"[^"]{1,40}"(?:\s*(?:\/|,|or)\s*"[^"]{1,40}")+/g
/** Format phrases inside the question: `answer as YYYY-MM-DD`, `in ISO format`, `in days`. */
const formatPhrase =
  /,?\s*(?:\b(?:answer(?:ed)?|given|expressed|stated|formatted|written)\s+)?\b(?:as|in)\s+(?:YYYY-MM-DD|ISO(?:\s+8601)?(?:\s+format)?|(?:a\s+)?(?:number\s+of\s+)?(?:days|weeks|months|years)|one\s+word|a\s+single\s+word)\b/gi
/** A trailing request for extra detail: `…, with currency and payment terms?`, `…, including any conditions?`. */
const trailingDetail = /,\s*(?:with|including|giving|stating|and\s+(?:its|their|any))\s+[^,?]*(?=\?\s*$|$)/i
const fallbackOption = /\bor\s+"([^"]{1,40})"/gi
const yesOrNo = /^(?:yes|no|y|n)$/i

const tidy = (text: string) =>
  text
    .replace(/\s+([?.,;:])/g, "$1")
    .replace(/([?.,;:])[.,;:]+/g, "$1")
    .replace(/\s+/g, " ")
    .trim()

/**
 * The question sentences, the instructions after them dropped: `What …? Answer in days.` → `What …?`. After a
 * request that is not a question ("Summarize the indemnities. List any caps.") each sentence is part of the request.
 */
const questionSentences = (text: string): string => {
  const pieces = text.split(/(?<=[?!])\s+|(?<=\.)\s+(?=\p{Lu})/u)
  const [first, ...rest] = pieces
  if (first === undefined || !first.trim().endsWith("?")) return text
  const kept = rest.filter((piece) => !instructionSentence.test(piece.trim()))
  return [first, ...kept].join(" ")
}

/** "in months", "the number of months", "how many months": the unit an answer is asked in. */
const unitAsked = (unit: string) => new RegExp(`\\b(?:in|number\\s+of|how\\s+many)\\s+${unit}\\b`, "i")

/** Splits a query into its question and its answer-format instructions. */
export const readInstructions = (query: string): Instructions => {
  const text = query.replace(/[“”]/g, '"').trim()
  const fallback = [...text.matchAll(fallbackOption)]
    .map((m) => (m[1] ?? "").trim())
    .find((option) => option.length > 0 && !yesOrNo.test(option))
  let core = questionSentences(text).replace(aside, "").replace(formatPhrase, "").replace(quotedOption, "")
  core = tidy(core.replace(trailingDetail, ""))
  return {
    core: core.length > 0 ? core : text,
    isoDate: /\bYYYY-MM-DD\b|\bISO(?:\s+8601)?\s+(?:date|format)\b/i.test(text),
    inDays: /(?:\b(?:answer(?:ed)?|given|expressed|stated)\s+|\()in\s+(?:calendar\s+)?days\b/i.test(text),
    inMonths: unitAsked("months").test(text) && !/\byears?\b/i.test(text),
    inYears: unitAsked("years").test(text) && !/\bmonths?\b/i.test(text),
    fallback
  }
}

/** The question part of a query (see `readInstructions`). */
export const coreQuestion = (query: string): string => readInstructions(query).core
