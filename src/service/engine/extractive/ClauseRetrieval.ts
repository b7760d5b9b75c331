import type { EngineDocument } from "../AnswerEngine.js"
import type { ClauseName } from "./ClauseNames.js"
import { compiledFor } from "./CompiledVocabulary.js"
import { definedTermOf } from "./DefinedTerm.js"
import type { DocumentSentence } from "./DocumentSentences.js"
import { headingsAbove } from "./HeadingsAbove.js"
import { withoutFilingLegends } from "./PageFurniture.js"
import type { PassageIndex } from "./PassageIndex.js"

/** The facets of a clause must all stand within this many characters (about forty words): one clause, not two. */
const reach = 250

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

/** A signature block's fields ("Title: Senior Vice President, Title: President"): no clause, whatever its words. */
export const signatureFields = (text: string) =>
  /\b(?:Title|Name|By|Its|Date)\s*:/.test(text) && !/\b(?:shall|will|may|hereby|agrees?|must)\b/i.test(text)

/**
 * A definition of another term ("Net Sales" means … less freight and insurance …) states no clause of the kind
 * however its words fit: a definition is a clause of the kind only when the term it defines names the kind ("Change
 * of Control" means …).
 */
const definesOther = (text: string, heading: RegExp | undefined): boolean => {
  const term = definedTermOf(text)
  return term !== undefined && !(heading?.test(term) ?? false)
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
  // A filing's redaction notice ("would likely cause competitive harm to the registrant") states no clause.
  const readable = (text: string) => blank(withoutFilingLegends(text), kind.ignore)
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
      if (span > reach || kind.against?.test(text) || signatureFields(sentence.text)) return []
      if (definesOther(sentence.text, kind.heading)) return []
      const headed = kind.heading?.test(readable(headingsAbove(index, sentence))) ?? false
      return [{ sentence, span, at, headed }]
    })
  return found.sort(
    (a, b) => Number(b.headed) - Number(a.headed) || a.span - b.span || a.sentence.order - b.sentence.order
  )
}
