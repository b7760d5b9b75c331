import { Record } from "effect"
import type { EngineDocument } from "../AnswerEngine.js"
import type { ClauseName, ClauseTypeName, ConceptName } from "./ClauseNames.js"
import { dealingVocabulary } from "./DealingVocabulary.js"
import type { DocumentSentence } from "./DocumentSentences.js"
import { liabilityVocabulary } from "./LiabilityVocabulary.js"
import type { PassageIndex } from "./PassageIndex.js"
import { rightsVocabulary } from "./RightsVocabulary.js"
import { type Sentence, splitSentences } from "./Sentences.js"
import type { Vocabulary } from "./Vocabulary.js"

/** Vocabularies by clause type or concept name (`ClauseTypes`, `Concepts`): every clause type has one. */
const vocabularies = {
  ...dealingVocabulary,
  ...rightsVocabulary,
  ...liabilityVocabulary
} satisfies Record<ClauseTypeName, Vocabulary> & Partial<Record<ConceptName, Vocabulary>>

/** The facets of a clause must all stand within this many characters (about forty words): one clause, not two. */
const reach = 250
/** How far back a sentence's section heading is looked for, in sentences. */
const headingReach = 6
/** A heading is a short line. */
const headingLength = 80

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

interface Compiled {
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
const compiledFor = (name: ClauseName): Compiled | undefined => {
  const kept = compiledByName.get(name)
  if (kept !== undefined) return kept
  const vocabulary = knownVocabularies.get(name)
  if (vocabulary === undefined) return undefined
  const made = compile(vocabulary)
  compiledByName.set(name, made)
  return made
}

/** The text with the phrases `ignore` matches blanked out, each by as many spaces, so offsets in it stay the text's. */
export const blank = (text: string, ignore: RegExp | undefined): string =>
  ignore === undefined ? text : text.replace(ignore, (phrase) => " ".repeat(phrase.length))

/** The shortest stretch (in characters, start to start) holding a phrase of every facet; undefined when one is missing. */
const facetSpan = (
  facets: ReadonlyArray<RegExp>,
  text: string
): { readonly span: number; readonly at: number } | undefined => {
  const hits: Array<readonly [number, number]> = []
  for (const [facet, pattern] of facets.entries()) {
    const before = hits.length
    for (const match of text.matchAll(pattern)) hits.push([match.index, facet])
    if (hits.length === before) return undefined
  }
  hits.sort((a, b) => a[0] - b[0])
  // Sliding window over the hits in order: the narrowest one that holds every facet.
  const seen = new Map<number, number>()
  let best = Number.POSITIVE_INFINITY
  let bestAt = 0
  let from = 0
  for (const [at, facet] of hits) {
    seen.set(facet, (seen.get(facet) ?? 0) + 1)
    while (seen.size === facets.length) {
      const [start, first] = hits[from] ?? [at, facet]
      if (at - start < best) {
        best = at - start
        bestAt = start
      }
      const left = (seen.get(first) ?? 1) - 1
      if (left === 0) seen.delete(first)
      else seen.set(first, left)
      from += 1
    }
  }
  return { span: best, at: bestAt }
}

/** A short line that looks like a heading: a few words, not a clause of a list. */
const headingLike = (text: string) => text.length < headingLength && !/[;,]$/.test(text) && /\p{Lu}/u.test(text)

/** The headings above a sentence: short lines among the few sentences before it, and its own opening words. */
const headingsAbove = (index: PassageIndex, sentence: DocumentSentence): string => {
  const lines: Array<string> = [sentence.text.slice(0, 60)]
  let entry = sentence.entry
  let position = sentence.position
  // The passage being walked, split once when first read (not at every step).
  let sentences: ReadonlyArray<Sentence> | undefined
  for (let step = 0; step < headingReach; step++) {
    if (position === 0) {
      const previous = index.beside(entry, -1)
      if (previous === undefined) break
      entry = previous
      sentences = splitSentences(entry.passage.text)
      position = sentences.length
    }
    position -= 1
    sentences ??= splitSentences(entry.passage.text)
    const text = sentences[position]?.text ?? ""
    if (headingLike(text)) lines.push(text)
  }
  return lines.join("\n")
}

/** A sentence that states a kind of clause in other words: how close its facets stand, and whether a heading names the kind. */
export interface Retrieved {
  readonly sentence: DocumentSentence
  readonly span: number
  /** Where the facets' stretch starts in the sentence. */
  readonly at: number
  readonly headed: boolean
}

/**
 * How well a question's words fit a kind's vocabulary, 0 to 1: the share of a sense's facets it names (the best
 * sense), or 1 when it names a heading of the kind ("Assignability?", "Right to audit?").
 */
export const questionFit = (name: ClauseName, question: string): number => {
  const kind = compiledFor(name)
  if (kind === undefined) return 0
  const text = blank(question, kind.ignore)
  if (kind.heading?.test(text)) return 1
  return Math.max(
    0,
    ...kind.senses.map((sense) => sense.present.filter((facet) => facet.test(text)).length / sense.present.length)
  )
}

/**
 * The document's sentences that state a kind of clause by its vocabulary, best first: those under a heading that
 * names the kind, then those whose facets stand closest together, then in document order.
 */
export const retrieveClauses = (
  index: PassageIndex,
  document: EngineDocument,
  name: ClauseName
): ReadonlyArray<Retrieved> => {
  const kind = compiledFor(name)
  if (kind === undefined) return []
  const readable = (text: string) => blank(text, kind.ignore)
  const found = index
    .scan(document.id, (text) => {
      const seen = readable(text)
      return kind.senses.some((sense) => sense.present.every((facet) => facet.test(seen)))
    })
    .flatMap((sentence) => {
      const text = readable(sentence.text)
      const [closest] = kind.senses
        .flatMap((sense) => facetSpan(sense.facets, text) ?? [])
        .sort((a, b) => a.span - b.span)
      if (closest === undefined) return []
      const { span, at } = closest
      if (span > reach || kind.against?.test(text)) return []
      const headed = kind.heading?.test(readable(headingsAbove(index, sentence))) ?? false
      return [{ sentence, span, at, headed }]
    })
  return found.sort(
    (a, b) => Number(b.headed) - Number(a.headed) || a.span - b.span || a.sentence.order - b.sentence.order
  )
}
