import type { ConceptName } from "./ClauseNames.js"
import { findDurations } from "./DurationSpans.js"
import { numberWordsSource } from "./NumberWords.js"
import { eitherOf } from "./RegExpText.js"
import { terms } from "./Terms.js"

/**
 * A clause type that yes/no questions ask about in many wordings ("Does it renew automatically?", "Is there an
 * evergreen clause?"). Whether a sentence says yes takes more than sharing the question's words: an option to renew
 * is not automatic renewal, and liability insurance "with limits of at least $1,000,000" is not a liability cap.
 */
export interface Concept {
  readonly name: ConceptName
  /** Whether a question (without its instructions) names this concept… */
  readonly asks: (question: string) => boolean
  /** …and asks nothing else: each of its distinctive words is one of these ("survive" makes it another question). */
  readonly words: ReadonlySet<string>
  /** A sentence that says yes. */
  readonly evidence: RegExp
  /** A sentence that says no even if it looks like evidence: tested on the clause before "unless" or "except". */
  readonly negated?: RegExp
  /** A sentence that says yes in part, looked for when no sentence is evidence (an exclusion of damages)… */
  readonly weakEvidence?: RegExp
  /** …and what that yes is, from the sentence that says it. */
  readonly weakDetail?: (text: string) => string
  /** A sentence that settles the question the other way: an option to renew, a term that ends unless extended. */
  readonly contrary?: RegExp
  /** What the yes is, when the clause states it: the renewal term, the cap. */
  readonly detail?: (text: string, at: number) => string | undefined
}

// "It prolongs itself automatically by periods of two (2) years": renewal as contracts translated from German say it.
const renewWord = "(?:renew\\w*|extend\\w*|extension|prolong\\w*|roll\\w*\\s+over)"
const automaticWord = "(?:automatic(?:ally)?|auto[- ]?|evergreen|tacit(?:ly)?)"

/**
 * An evergreen continuation, renewal in all but the word: "Thereafter, this Agreement shall continue in effect on a
 * month-to-month basis until terminated", "shall continue from year to year", "shall continue for successive one (1)
 * year periods"; not an obligation that continues "for an additional period of two (2) years".
 */
const continuesPeriodically =
  "\\bcontinu\\w*\\b[^.;]{0,60}?\\b(?:(?:on\\s+an?\\s+)?(month|year|week)[-\\s]to[-\\s](?:month|year|week)|from\\s+(month|year|week)\\s+to\\s+(?:month|year|week)|for\\s+(?:\\w+\\s+){0,2}(?:successive|consecutive)\\b)"

/** The period an evergreen continuation runs on: "on a month-to-month basis" → "1 month"; undefined for none. */
export const evergreenPeriod = (text: string): string | undefined => {
  const unit = new RegExp(continuesPeriodically, "i").exec(text)
  const each = unit?.[1] ?? unit?.[2]
  return each === undefined ? undefined : `1 ${each.toLowerCase()}`
}

/** "twelve (12) month periods" → "12 months": the period that is not a notice period. */
const renewalTerm = (text: string, at: number): string | undefined => {
  // "on a month-to-month basis": a period of one such unit.
  const evergreen = evergreenPeriod(text)
  if (evergreen !== undefined) return `renewal term of ${evergreen}`
  const notice = /notice|before|prior|in\s+advance/i
  const periods = findDurations(text).filter(
    (span) =>
      !notice.test(text.slice(span.end, span.end + 30)) &&
      !notice.test(text.slice(Math.max(0, span.start - 30), span.start))
  )
  // "renews … for successive one (1) year terms": the period after the renewal words, else one just before them.
  const term = periods.find((span) => span.start >= at) ?? periods.find((span) => span.start >= at - 40)
  return term === undefined ? undefined : `renewal term of ${term.text}`
}

/** "twelve (12) months" → "12 months", for a clause quoted as a short answer. */
const spelledAndDigits = new RegExp(`\\b(?:${numberWordsSource})\\s*\\((\\d[\\d,.]*)\\)`, "gi")
const plainNumbers = (text: string) => text.replace(spelledAndDigits, "$1")

/** A ceiling: "limited to", "shall not exceed" …; not "including, but not limited to, loss of profits". */
const ceiling =
  /\b(?:(?:is|are|be|been|shall\s+be|will\s+be)\s+)?(?:(?<!\bnot\s)limited\s+to|capped\s+at|(?:shall|will|may|does|do|to)\s+not\s+(?:\w+\s+){0,2}exceed|in\s+no\s+event\s+(?:shall|will)\s+(?:\w+\s+){0,4}exceed|(?:maximum|cap)\s+of|no\s+more\s+than|in\s+excess\s+of|exceed(?:s|ing)?|up\s+to\s+a\s+maximum\s+of|(?:shall|will)\s+(?:in\s+no\s+(?:case|event)\s+)?be\s+(?:greater|more)\s+than)\b/i
/** A liability clause that excludes kinds of damages but names no amount: a limitation, not a cap. */
const exclusion =
  /\b(?:not|no|neither)\b[^.;]{0,60}?\bliab(?:le|ility)\b[^.;]{0,200}?\b(?:indirect|incidental|special|consequential|punitive|exemplary|lost\s+profits|loss\s+of\s+(?:profits?|business|revenues?|data|use|goodwill))\b/i
/** Other limits without an amount: a sole remedy, a time limit for claims. */
const soleRemedy = /\b(?:sole|exclusive)\s+(?:and\s+exclusive\s+)?remed(?:y|ies)\b/i
const claimDeadline =
  /\b(?:action|claim|suit|proceeding)s?\b[^.;]{0,120}\b(?:must|shall)\s+be\s+(?:brought|commenced|instituted|filed)\s+within\b|\bno\s+(?:action|claim|suit|proceeding)s?\b[^.;]{0,200}\b(?:may|shall|can)\s+be\s+(?:brought|commenced|instituted|asserted|made)\b[^.;]{0,100}\b(?:more\s+than|after)\b/i
const limitWithoutAmount = eitherOf(exclusion, soleRemedy, claimDeadline)
const limitKind = (text: string): string =>
  exclusion.test(text)
    ? "indirect and consequential damages excluded, no amount stated"
    : soleRemedy.test(text)
      ? "a sole remedy limits what can be recovered, no amount stated"
      : "claims must be brought within a time limit, no amount stated"

/** The cap: from "limited to" / "shall not exceed" to the end of the clause, exceptions left out. */
const capOf = (text: string): string | undefined => {
  const m = ceiling.exec(text)
  if (m === null) return undefined
  const rest = text.slice(m.index + m[0].length).replace(/^[\s:]+/, "")
  const end = rest.search(/,?\s+(?:except|unless|provided|save|other\s+than|excluding)\b|;|\.(?:\s|$)/i)
  const amount = plainNumbers((end < 0 ? rest : rest.slice(0, end)).trim()).replace(/\s+/g, " ")
  if (amount.length === 0) return undefined
  const lead = /exceed|excess/i.test(m[0]) ? "not to exceed" : "limited to"
  const cut = amount.length > 200 ? `${amount.slice(0, amount.lastIndexOf(" ", 200))}…` : amount
  return `${lead} ${cut}`
}

export const concepts: ReadonlyArray<Concept> = [
  {
    name: "automatic renewal",
    asks: (q) =>
      new RegExp(
        `${automaticWord}\\s*(?:\\w+\\s+){0,2}${renewWord}|${renewWord}\\s+(?:\\w+\\s+){0,2}${automaticWord}`,
        "i"
      ).test(q) || /\bevergreen\b/i.test(q),
    evidence: new RegExp(
      `${automaticWord}\\s*(?:\\w+\\s+){0,2}${renewWord}|${renewWord}\\b[^.;]{0,40}?\\b(?:automatic(?:ally)?|for\\s+(?:\\w+\\s+){0,2}(?:successive|consecutive|further|subsequent))\\b|\\bevergreen\\b|${continuesPeriodically}`,
      "i"
    ),
    // "does not automatically renew", "shall not renew", "will not wish to renew", "in no event shall this Agreement
    // renew automatically"; not "may elect not to renew".
    negated: new RegExp(
      `\\b(?:does|do|shall|will|would|may|can|is)\\s+(?:not|never|no\\s+longer)\\s+(?:\\w+\\s+){0,2}${renewWord}|\\b(?:not\\s+(?:be\\s+)?|non-?)renewable\\b|\\bwithout\\s+(?:automatic\\s+)?renewal\\b|\\bno\\s+(?:automatic\\s+)?renewal\\b|\\bin\\s+no\\s+event\\s+(?:shall|will)\\s+(?:\\w+\\s+){0,3}${renewWord}`,
      "i"
    ),
    contrary: new RegExp(
      `\\boption\\s+to\\s+${renewWord}|\\b(?:renewed|extended)\\s+(?:only\\s+)?by\\s+(?:the\\s+)?(?:mutual\\s+)?(?:written\\s+)?agreement`,
      "i"
    ),
    words: new Set(
      terms(
        "renew renewal automatically automatic auto extend extension prolong prolongation evergreen roll over tacitly"
      )
    ),
    detail: renewalTerm
  },
  {
    name: "liability cap",
    asks: (q) =>
      /\bliab(?:ility|ilities|le)\b/i.test(q) && /\b(?:cap\w*|limit\w*|maximum|exceed\w*|ceiling)\b/i.test(q),
    // A ceiling on liability, or on the total that can be recovered ("in no event shall the aggregate … exceed").
    evidence: new RegExp(
      `\\bliab(?:ility|ilities|le)\\b(?!\\s+insurance)[^.]*?${ceiling.source}|\\bin\\s+no\\s+event\\s+(?:shall|will)\\s+(?:the\\s+)?(?:aggregate|total|cumulative|maximum)\\b[^.;]{0,150}\\bexceed` +
        // The amount that can be recovered, without naming liability ("the total amount recoverable … shall be limited to").
        `|\\b(?:maximum|aggregate|total|cumulative|entire)\\s+(?:\\w+\\s+){0,2}liabilit(?:y|ies)\\b[^.;]{0,150}\\b(?:is|shall\\s+be|will\\s+be)\\s+(?:\\w+\\s+){0,3}(?:\\$\\s?\\d|[\\w-]+\\s+(?:thousand|million)|(?:the\\s+)?(?:amount|fees?|sums?|price))` +
        `|\\b(?:(?:amounts?|damages)\\s+(?:\\w+\\s+){0,2}(?:recoverable|recovered|awarded)|damages\\s+(?:\\w+\\s+){0,2}payable)\\b[^.;]{0,120}${ceiling.source}`,
      "i"
    ),
    weakEvidence: limitWithoutAmount,
    weakDetail: limitKind,
    // Not an "unlimited liability company" (a kind of entity, named where "person" is defined).
    contrary:
      /\bunlimited\s+liability\b(?!\s+compan)|\bliability\s+(?:is|shall\s+be|will\s+be)\s+unlimited\b|\bno\s+(?:limit|cap)\s+on\s+(?:\w+\s+){0,2}liability\b/i,
    words: new Set(
      terms("liability liable capped cap limited limitation maximum exceed ceiling aggregate total amount")
    ),
    detail: (text) => capOf(text)
  },
  {
    name: "confidentiality",
    asks: (q) => /\bconfidential\w*|\bnon-?disclosure\b|\bsecrecy\b/i.test(q),
    words: new Set(terms("confidential confidentiality nondisclosure secrecy information disclose disclosure duty")),
    // A duty ("shall keep confidential", "must sign the … Confidentiality … Agreement") before a mere mention.
    evidence:
      /\b(?:keep|kept|hold|held|treat|maintain|protect|preserve|safeguard)\b[^.;]{0,80}\bconfidential|\b(?:sign|execute|enter\s+into|bound\s+by)\b[^.;]{0,60}\b(?:confidentiality|non-?disclosure)\b|\b(?:shall|will|must|may)\s+not\s+(?:\w+\s+){0,2}disclose\b|\bkeep\s+(?:\w+\s+){0,4}secret\b/i,
    weakEvidence: /\bconfidential\w*|\bnon-?disclosure\b/i,
    negated:
      /\b(?:no|not\s+(?:be\s+)?subject\s+to\s+any)\s+(?:obligations?\s+of\s+)?confidential\w*|\bnon-?confidential\b/i
  }
]

/** The concept a yes/no question asks about, if it is one of the known ones; `heads` are its distinctive stems. */
export const conceptOf = (question: string, heads: ReadonlyArray<string>): Concept | undefined =>
  concepts.find((concept) => concept.asks(question) && heads.every((head) => concept.words.has(head)))
