import type { EngineDocument } from "../AnswerEngine.js"
import type { ClauseName } from "./ClauseNames.js"
import { signatureFields } from "./ClauseRetrieval.js"
import model from "./clause-model.json" with { type: "json" }
import type { DocumentSentence } from "./DocumentSentences.js"
import type { PassageIndex } from "./PassageIndex.js"
import { terms } from "./Terms.js"

/**
 * A logistic model per kind of clause, learned from CUAD's expert-labelled clauses of contracts outside the evaluation
 * corpus's held-out half (`test/engine/cuad/trainClauseModel.ts` says which and how): a sentence's score is the bias
 * plus the weights of its features, a log-odds that it states the kind.
 */
export interface ClauseModel {
  readonly source: string
  readonly kinds: Readonly<Record<string, KindModel>>
}

/** One kind's model. */
export interface KindModel {
  readonly bias: number
  readonly weights: Readonly<Record<string, number>>
}

const clauseModel: ClauseModel = model

/** Each kind's weights as a Map, made when the kind is first asked: a lookup per feature of every sentence. */
const weightsRead = new Map<string, { readonly bias: number; readonly weights: ReadonlyMap<string, number> }>()
const weightsOf = (name: ClauseName) => {
  const kind = clauseModel.kinds[name]
  if (kind === undefined) return undefined
  let read = weightsRead.get(name)
  if (read === undefined) {
    read = { bias: kind.bias, weights: new Map(Object.entries(kind.weights)) }
    weightsRead.set(name, read)
  }
  return read
}

/** What the model reads of a text: its stems (`Terms`) and each pair of adjacent stems. */
export const clauseFeatures = (text: string): Array<string> => {
  const stems = terms(text)
  const pairs = stems.slice(1).map((stem, i) => `${stems[i]} ${stem}`)
  return [...new Set([...stems, ...pairs])]
}

/** Sentences this short are headings or fragments: they name a clause at most, which the rules already read. */
export const shortestLearned = 60

/** Each sentence's features, read once per index (sentences are kept per index). */
const featuresRead = new WeakMap<DocumentSentence, ReadonlyArray<string>>()
const featuresOf = (sentence: DocumentSentence) => {
  let features = featuresRead.get(sentence)
  if (features === undefined) {
    features = clauseFeatures(sentence.text)
    featuresRead.set(sentence, features)
  }
  return features
}

/** A document sentence and how likely the model finds it to state the kind (a log-odds, to compare, not to show). */
export interface LearnedClause {
  readonly sentence: DocumentSentence
  readonly score: number
}

/** A sentence quoted already, with what its quote runs on into. */
export interface Quoted {
  readonly entry: DocumentSentence["entry"]
  readonly position: number
  readonly text: string
}

/**
 * The document's sentences the model scores highest for a kind, best first, at most `count`: none that a quote in
 * `beside` shows, nor next to one of those or to one taken, since the same clause run on is not another place.
 */
export const learnedClauses = (
  index: PassageIndex,
  document: EngineDocument,
  name: ClauseName,
  count: number,
  beside: ReadonlyArray<Quoted> = []
): Array<LearnedClause> => {
  const kind = weightsOf(name)
  if (kind === undefined) return []
  const scored = index
    .sentences(document.id)
    .filter((sentence) => sentence.text.length >= shortestLearned && !signatureFields(sentence.text))
    .map((sentence) => ({
      sentence,
      score: featuresOf(sentence).reduce((sum, feature) => sum + (kind.weights.get(feature) ?? 0), kind.bias)
    }))
    // A log-odds above 0: the model finds the sentence more likely of the kind than not.
    .filter((learned) => learned.score > 0)
    .sort((a, b) => b.score - a.score || a.sentence.order - b.sentence.order)
  const taken: Array<LearnedClause> = []
  const near = (a: Quoted, b: DocumentSentence) =>
    a.text.includes(b.text) ||
    (a.entry.passage.index === b.entry.passage.index && Math.abs(a.position - b.position) <= 1)
  for (const candidate of scored) {
    if (taken.length >= count) break
    const placed = [...beside, ...taken.map((learned) => learned.sentence)]
    if (placed.some((quoted) => near(quoted, candidate.sentence))) continue
    taken.push(candidate)
  }
  return taken
}
