import type { EngineDocument } from "../AnswerEngine.js"
import type { ClauseName } from "./ClauseNames.js"
import { clauseTypeOf } from "./ClauseTypes.js"
import { conceptOf } from "./Concepts.js"
import type { Outcome } from "./Found.js"
import { learnedClauses, type Quoted } from "./LearnedClauses.js"
import type { PassageIndex } from "./PassageIndex.js"
import { ownStems, type Query } from "./Query.js"
import { toRanked } from "./Ranking.js"

/** At most this many related passages: where else to look, not a second answer. */
const shown = 2

/** The kind of clause a question names (`ClauseTypes`, `Concepts`), if any. */
const kindAsked = (query: Query): ClauseName | undefined =>
  clauseTypeOf(query.text)?.name ?? conceptOf(query.text, ownStems(query))?.name

/**
 * A question about a kind of clause is answered by the rules, which know how the kind is usually drafted; the
 * passages the learned clause model (`LearnedClauses`) ranks highest for the kind, which the answer does not quote,
 * follow under a lead that says what they are. A contract that drafts the clause in words no rule reads, or states
 * it among other things, is where the rules miss it, and where those passages show a reader where to look. The
 * answer itself, its yes or no and its values, is the rules' alone.
 */
export const withRelated = (index: PassageIndex, document: EngineDocument, query: Query, outcome: Outcome): Outcome => {
  const kind = kindAsked(query)
  if (kind === undefined) return outcome
  const quoted: Array<Quoted> =
    outcome._tag === "Nothing"
      ? []
      : outcome.found.map((found) => ({
          entry: found.sentence.entry,
          position: found.sentence.position,
          text: `${found.sentence.text} ${found.continuation ?? ""}`
        }))
  const found = learnedClauses(index, document, kind, shown, quoted).map((learned) => ({
    short: undefined,
    sentence: toRanked(learned.sentence)
  }))
  if (found.length === 0) return outcome
  return { ...outcome, related: { lead: relatedLead(kind), found } }
}

/** How the related passages' lead begins: what they are, so that no reader takes them for the answer. */
export const relatedLeadStart = "Passages a model trained on labelled contracts ranks nearest to"

const relatedLead = (kind: ClauseName) =>
  `${relatedLeadStart} ${/^[aeiouAEIU]/.test(kind) ? "an" : "a"} ${kind} clause:`

/** An answer's text without its related passages: what the rules answered. */
export const withoutRelated = (answer: string): string => answer.split(`\n\n${relatedLeadStart}`)[0] ?? answer
