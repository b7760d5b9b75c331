import { Record } from "effect"
import type { ClauseName, ClauseTypeName, ConceptName } from "./ClauseNames.js"
import { dealingVocabulary } from "./DealingVocabulary.js"
import { liabilityVocabulary } from "./LiabilityVocabulary.js"
import { rightsVocabulary } from "./RightsVocabulary.js"
import type { Vocabulary } from "./Vocabulary.js"

/** Vocabularies by clause type or concept name (`ClauseTypes`, `Concepts`): every clause type has one. */
const vocabularies = {
  ...dealingVocabulary,
  ...rightsVocabulary,
  ...liabilityVocabulary
} satisfies Record<ClauseTypeName, Vocabulary> & Partial<Record<ConceptName, Vocabulary>>

const letterOrDigit = "[\\p{L}\\p{N}]"

const startsWord = /^[\p{L}\p{N}]/u

/** One phrase as a pattern: `*` ends a prefix, a space also reads a hyphen or nothing; it ends where a word ends. */
const phraseSource = (phrase: string): string => {
  const words = phrase.trim().split(/\s+/)
  const body = words
    .map((word) => word.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, `${letterOrDigit}*`))
    .join("[\\s\\-–]*")
  const after = /[\p{L}\p{N}*]$/u.test(phrase.trim()) ? `(?!${letterOrDigit})` : ""
  return `${body}${after}`
}

/**
 * The phrases as one pattern. Those that start with a letter or digit start where a word starts, under one shared
 * lookbehind: one per phrase made V8 test every phrase's lookbehind at every position of every passage, the
 * costliest part of reading a long document. (Phrases of both kinds never match at the same position, so grouping
 * them keeps which phrase matches.)
 */
const patternOf = (phrases: string, flags: string) => {
  const listed = phrases
    .split(",")
    .map((phrase) => phrase.trim())
    .filter((phrase) => phrase.length > 0)
  const words = listed.filter((phrase) => startsWord.test(phrase)).map(phraseSource)
  const others = listed.filter((phrase) => !startsWord.test(phrase)).map(phraseSource)
  const grouped = words.length === 0 ? [] : [`(?<!${letterOrDigit})(?:${words.join("|")})`]
  return new RegExp([...grouped, ...others].join("|"), flags)
}

interface Sense {
  /** Global patterns, to find every place of a facet… */
  readonly facets: ReadonlyArray<RegExp>
  /** …and the same without the global flag, to test for one (a global pattern's test moves its `lastIndex`). */
  readonly present: ReadonlyArray<RegExp>
}

export interface Compiled {
  readonly senses: ReadonlyArray<Sense>
  readonly heading: RegExp | undefined
  readonly ignore: RegExp | undefined
  readonly against: RegExp | undefined
}

const compile = (vocabulary: Vocabulary): Compiled => ({
  senses: [vocabulary.facets, ...(vocabulary.senses ?? [])].map((facets) => ({
    facets: facets.map((facet) => patternOf(facet, "giu")),
    present: facets.map((facet) => patternOf(facet, "iu"))
  })),
  heading: vocabulary.heading === undefined ? undefined : patternOf(vocabulary.heading, "iu"),
  ignore: vocabulary.ignore === undefined ? undefined : patternOf(vocabulary.ignore, "giu"),
  against: vocabulary.against === undefined ? undefined : patternOf(vocabulary.against, "iu")
})

/**
 * Each clause's patterns, compiled when first asked for: V8 parses a case-insensitive Unicode pattern's letter
 * classes when it is made, a quarter second for all of them, which every command would pay at start.
 */
const compiledByName = new Map<ClauseName, Compiled>()
const knownVocabularies: ReadonlyMap<ClauseName, Vocabulary> = new Map(Record.toEntries(vocabularies))
export const compiledFor = (name: ClauseName): Compiled | undefined => {
  const kept = compiledByName.get(name)
  if (kept !== undefined) return kept
  const vocabulary = knownVocabularies.get(name)
  if (vocabulary === undefined) return undefined
  const made = compile(vocabulary)
  compiledByName.set(name, made)
  return made
}
