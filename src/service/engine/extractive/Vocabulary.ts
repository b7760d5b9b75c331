/**
 * What a kind of clause is about, as facets of words: a sentence states the clause when it has a word of every
 * facet close together (the subject, and what is done about it), in any order and in any phrasing. Written from how
 * such clauses are drafted in general, not from any one contract, so that a contract that words a clause its own
 * way is still found (see `ClauseRetrieval`). Each facet is a list of phrases separated by commas; `*` ends a
 * prefix; a space between words also reads a hyphen or nothing ("non compet*": "non-compete", "noncompete").
 */
export interface Vocabulary {
  /** Every facet must be present, each by one of its phrases. */
  readonly facets: ReadonlyArray<string>
  /** Other ways the same kind is stated, each with facets of its own (a time limit on claims caps liability too). */
  readonly senses?: ReadonlyArray<ReadonlyArray<string>>
  /** A section heading that names the kind ("Assignment", "Audit Rights"). */
  readonly heading?: string
  /** Phrases that look like the kind's words but mean something else ("exclusive remedy"), read as blank. */
  readonly ignore?: string
  /** Phrases that make a sentence another kind of clause (a termination for breach is not one for convenience). */
  readonly against?: string
}

/** A duty not to do something: negations and words of restriction. */
export const restraint = "not, no, neither, nor, never, refrain*, prohibit*, restrict*, covenant*, undertake*"
