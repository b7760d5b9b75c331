import type { HistoryTurn } from "../AnswerEngine.js"
import { type AnswerKind, detectKind } from "./AnswerKind.js"
import { clauseTypeOf } from "./ClauseTypes.js"
import { concepts } from "./Concepts.js"
import { type Instructions, readInstructions } from "./Instructions.js"
import { considerationQuestion, considerationTerms } from "./MoneyPreference.js"
import { synonyms } from "./Synonyms.js"
import { terms } from "./Terms.js"

/** A question turned into weighted index terms. */
export interface Query {
  /** The question without its answer-format instructions (see `readInstructions`). */
  readonly text: string
  /** What the query asks of the answer's form: ISO dates, days, the words for "nothing found". */
  readonly instructions: Instructions
  readonly kind: AnswerKind
  /**
   * Stem → weight: the question's words 1 (generic ones less), related words 0.5, answer-kind cues 0.3, and for a
   * question about a deal's price the names that price goes by 0.8.
   */
  readonly weights: ReadonlyMap<string, number>
  /** The question's own distinctive stems, each with the stems that count as it (itself and related words). */
  readonly groups: ReadonlyArray<ReadonlySet<string>>
  /** "the other party": names the previous answer gave are not the answer now. */
  readonly exclude: ReadonlyArray<string>
  /** Documents the previous answer quoted, preferred when a follow-up spans several documents. */
  readonly preferred: ReadonlySet<string>
}

/** The question's own distinctive stems, without the related words that count as them. */
export const ownStems = (query: Query): Array<string> => query.groups.flatMap((group) => [...group].slice(0, 1))

/** Words that every contract has; they help ranking a little but prove nothing about a clause being there. */
const generic = new Set(
  terms(
    "agreement contract document clause provision section party parties state specify mention contain include " +
      "provide say stated set forth term terms letter report company date amount percentage percent number " +
      "period much many long require required carry need needed obligated allow allowed permit permitted " +
      "either impose imposes obligation obligations"
  )
)

const cues: Record<AnswerKind, string> = {
  date: "date dated effective commence day",
  money: "fee amount usd dollars price paid",
  duration: "days months years period notice",
  law: "governed laws jurisdiction courts construed",
  party: "between party inc llc corporation ltd",
  number: "percent number total",
  yesno: "",
  text: ""
}

/** A question that asks for something (what, which, how …) rather than naming a clause ("Exclusivity?"). */
const asksWhat =
  /^\s*(?:\S+\s+){0,3}(?:what|which|who|whom|whose|when|where|why|how)\b|^\s*(?:list|describe|summari[sz]e|explain|give|tell|show|quote|name|identify|provide|state|find)\b/i

/** "Commission on house accounts?", "Royalty for spare parts?": a payment named with what it is paid on asks its rate. */
export const paymentOnAsked = (question: string): boolean =>
  /^\s*(?:commissions?|royalt(?:y|ies))\s+(?:payable\s+)?(?:on|for)\s+\w/i.test(question)

/** Words that ask for a rate: "Royalty rate?". */
const rateWords = /\b(?:rate|percentage)\b/i
/** Words that ask for a period: "Term of confidentiality?", "Non-compete period?". */
const periodWords = /\b(?:term|period|duration|length|how\s+long)\b/i

/**
 * "What is the exclusive remedy for breach of warranty?", "Remedy for breach of the non-compete?": asked what follows
 * a breach of a kind of clause, not what the clause says nor whether there is one; ranking finds the remedy.
 */
export const asksBreachRemedy = (question: string): boolean =>
  /\b(?:remed(?:y|ies)|damages|penalt(?:y|ies)|consequences?|what\s+happens)\b[^?]{0,40}\b(?:breach\w*|violat\w*|default\w*|fails?|failure)\b/i.test(
    question
  )

/** "Exclusivity?", "Non-compete clause?": a bare clause name asks whether the document has one. */
const namesClause = (question: string): boolean =>
  !asksWhat.test(question) &&
  !asksBreachRemedy(question) &&
  (clauseTypeOf(question) !== undefined || concepts.some((concept) => concept.asks(question)))

/**
 * "Can the agreement be terminated early?", "early termination": any termination before the term ends is early, and
 * contracts seldom say the word ("may terminate … on thirty (30) days' notice"): it is no term the answer must hold.
 */
const earlyEnd =
  /\b(terminat\w*|end|cancel\w*)\s+(?:(?:it|this|the)\s+(?:\w+\s+)?)?(?:early|earlier|prematurely)\b|\b(?:early|premature)\s+(terminat\w*|cancel\w*)/gi

/** Whether a stem is one of the words every contract uses (see `generic`). */
export const isGeneric = (term: string): boolean => generic.has(term)

const anaphora =
  /^(?:and|but|also|so|what\s+about|how\s+about|what\s+of|same\s+for|and\s+for)\b|\b(?:it|its|they|them|their|that|this|those|these|he|she|his|her|the\s+other)\b/i

/** A message that leans on the previous one: short, or opening with "and…"/"what about…", or using pronouns. */
const isFollowUp = (question: string): boolean => {
  const own = terms(question).filter((term) => !generic.has(term))
  return own.length <= 2 || (anaphora.test(question) && own.length <= 6)
}

const addTerm = (weights: Map<string, number>, term: string, weight: number) => {
  if (weight > (weights.get(term) ?? 0)) weights.set(term, weight)
}

const citedDocuments = (response: string): Set<string> =>
  new Set([...response.matchAll(/— ([^,\n]+), pp?\. \d+/g)].map((m) => m[1] ?? ""))

/**
 * Builds the weighted query. A chat follow-up ("and when does it end?") borrows the previous question's terms at a
 * lower weight and, when its own wording names no answer kind, that question's kind.
 */
export const buildQuery = (query: string, history: ReadonlyArray<HistoryTurn>): Query => {
  const instructions = readInstructions(query)
  const question = instructions.core
  const previous = history[history.length - 1]
  const followUp = previous !== undefined && isFollowUp(question)
  let kind = detectKind(question)
  if (followUp && kind === "text") kind = detectKind(previous.query)
  // "Term of confidentiality?", "Royalty rate?" name a clause but ask for its period or rate.
  const asksValue =
    (kind === "duration" && periodWords.test(question)) || rateWords.test(question) || paymentOnAsked(question)
  if (kind !== "yesno" && namesClause(question) && !asksValue) kind = "yesno"
  const weights = new Map<string, number>()
  const own = terms(question)
  // "early" in "terminated early" still ranks ("terminate it earlier"), but is not a word the answer must hold.
  const required = terms(question.replace(earlyEnd, (_, ended?: string, early?: string) => ended ?? early ?? ""))
  const optional = new Set(own.filter((term) => !required.includes(term)))
  for (const term of own) addTerm(weights, term, generic.has(term) || optional.has(term) ? 0.4 : 1)
  for (const term of own) for (const other of synonyms.get(term) ?? []) addTerm(weights, other, 0.5)
  if (followUp) for (const term of terms(previous.query)) addTerm(weights, term, generic.has(term) ? 0.2 : 0.6)
  for (const term of terms(cues[kind])) addTerm(weights, term, 0.3)
  // The price of a deal goes by many names; for "what is the contract value?" each of them is the thing asked for.
  if (kind === "money" && considerationQuestion.test(question)) {
    for (const term of terms(considerationTerms)) addTerm(weights, term, 0.8)
  }
  const distinct = [...new Set(required.filter((term) => !generic.has(term)))]
  const groups = distinct.map((term) => new Set([term, ...(synonyms.get(term) ?? [])]))
  const otherParty = /\b(?:other|another|second|counter)\s*-?\s*part(?:y|ies)\b|\bother\s+side\b/i.test(question)
  return {
    text: question,
    instructions,
    kind,
    weights,
    groups,
    exclude: otherParty && previous !== undefined ? [previous.response.split("\n\n")[0] ?? ""] : [],
    preferred: followUp && previous !== undefined ? citedDocuments(previous.response) : new Set()
  }
}
