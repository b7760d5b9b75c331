import type { ClauseTypeName } from "./ClauseNames.js"
import { blank, questionFit } from "./ClauseRetrieval.js"
import { commercialClauses } from "./CommercialClauses.js"
import { exceptionAfterDenial } from "./DenialLeads.js"
import { liabilityClauses } from "./LiabilityClauses.js"
import { rightsClauses } from "./RightsClauses.js"

/**
 * Kinds of contract clause that reviewers ask about by name ("Is there a non-compete?", "Audit rights?", "Can a
 * party terminate without cause? Answer yes or no."). A question names a kind by its own words (`asks`); whether a
 * document has that clause is decided from the document's sentences, not from the question's wording, so every
 * phrasing of the question gets the same answer. Patterns are general drafting language, not any one contract's.
 */
export interface ClauseType {
  readonly name: ClauseTypeName
  /** Whether a question (its instructions removed) asks about this kind of clause. */
  readonly asks: RegExp
  /** A sentence that has the clause: every pattern must match (after `ignore` is blanked out). */
  readonly evidence: ReadonlyArray<RegExp>
  /** Phrases that look like evidence but are not ("exclusive remedy" for exclusivity), blanked before testing. */
  readonly ignore?: RegExp
  /** A sentence matching this is not evidence however it matches ("terminate … if the other party breaches"). */
  readonly unless?: RegExp
  /** A sentence that says the clause does not apply ("There are no third-party beneficiaries"): the answer is no. */
  readonly negated?: RegExp
}

/**
 * In order: the first type a question names is the one asked (specific kinds before the general ones, so a licence
 * grant, which any question that says "licensee" names, comes last).
 */
const clauseTypes: ReadonlyArray<ClauseType> = [
  ...commercialClauses,
  ...rightsClauses.filter((type) => type.name !== "licence grant"),
  ...liabilityClauses,
  ...rightsClauses.filter((type) => type.name === "licence grant")
]

/** "change-of-control", "no-hire": words joined by hyphens, read also as separate words. */
const unhyphenated = (text: string) => text.replace(/(?<=\p{L})-(?=\p{L})/gu, " ")

/**
 * The clause type a question names, if any: the first whose own wording (`asks`) it has, hyphens read as spaces
 * too ("change-of-control"); else one whose vocabulary it names whole — every facet of a sense, or a heading of the
 * kind ("Can the contract be transferred to another company?", "Assignability?").
 */
export const clauseTypeOf = (question: string): ClauseType | undefined => {
  const plain = unhyphenated(question)
  return (
    clauseTypes.find((type) => type.asks.test(question) || type.asks.test(plain)) ??
    clauseTypes.find((type) => questionFit(type.name, plain) >= 1)
  )
}

/**
 * Periods that end no sentence ("$2.00", "Section 4.4", "Acme Inc. shall") would stop the patterns' "within the
 * clause" windows (`[^.;]`): they are read as another character of the same length. The pattern matches what stands
 * before the period and puts it back, rather than looking behind: V8 tries a lookbehind at every position of every
 * passage, which made it the costliest pattern of a question over a long document.
 */
const innerDots = /(\d)\.(?=\d)|\b(Inc|Ltd|Co|Corp|No|Nos|Sec|Secs|Art|U\.S|U\.K|e\.g|i\.e|etc|vs|Mr|Ms|Mrs|Dr|St)\./g
const readable = (text: string) =>
  text.includes(".") ? text.replace(innerDots, (_, digit?: string, word?: string) => `${digit ?? word}·`) : text

/** The text as the type's patterns read it: inner periods kept from ending a clause, `ignore` blanked out. */
const seenBy = (type: ClauseType, raw: string): string => {
  const text = readable(raw)
  return type.ignore === undefined ? text : text.replace(type.ignore, " ")
}

/**
 * Whether a sentence has the clause: every evidence pattern (after `ignore`), and neither `unless` nor `negated`
 * ("Nothing in this Agreement shall be construed to grant … any exclusive right" names the clause to deny it).
 */
export const hasClause = (type: ClauseType, raw: string): boolean => {
  const seen = seenBy(type, raw)
  if (!type.evidence.every((pattern) => pattern.test(seen)) || (type.unless?.test(seen) ?? false)) return false
  const denied = type.negated?.exec(seen)
  if (denied === null || denied === undefined) return true
  // "… nothing herein shall confer upon any other person any right, except that the Indemnitees are intended
  // third-party beneficiaries": the exception after the denial states the clause.
  const rest = seen.slice(denied.index + denied[0].length)
  const exception = exceptionAfterDenial.exec(rest)
  return exception !== null && type.evidence.every((pattern) => pattern.test(rest.slice(exception.index)))
}

/**
 * A pattern as a passage is screened with: a branch that reads a whole sentence from its start ("^(?![^;]*\bif\b)…",
 * no condition anywhere in it) is read from any sentence's start instead, up to its end, since a passage holds
 * several sentences and a condition in another must not hide this one.
 */
const screens = new WeakMap<RegExp, RegExp>()
const screenOf = (pattern: RegExp): RegExp => {
  let screen = screens.get(pattern)
  if (screen === undefined) {
    const source = pattern.source.replaceAll("^(?![^;]*", "(?:^|[.;]\\s+)(?![^.;]*")
    screen = source === pattern.source ? pattern : new RegExp(source, pattern.flags)
    screens.set(pattern, screen)
  }
  return screen
}

/** Whether a text (a passage) could hold the clause: its evidence patterns, without the sentence-level vetoes. */
export const mayHaveClause = (type: ClauseType, raw: string): boolean => {
  const seen = seenBy(type, raw)
  return type.evidence.every((pattern) => screenOf(pattern).test(seen))
}

/** Whether a sentence says what the kind rules out ("terminate … if the other party breaches") or that it does not apply. */
export const rulesOut = (type: ClauseType, raw: string): boolean => {
  const seen = seenBy(type, raw)
  return (type.unless?.test(seen) ?? false) || (type.negated?.test(seen) ?? false)
}

/** Where in a sentence its clause is stated (the first evidence pattern's match), so a quote cut to a window shows it. */
export const clauseAt = (type: ClauseType, raw: string): number | undefined => {
  const seen = blank(readable(raw), type.ignore)
  const [first] = type.evidence
  const at = first === undefined ? -1 : seen.search(first)
  return at < 0 ? undefined : at
}
