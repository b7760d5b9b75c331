import type { EngineDocument } from "../AnswerEngine.js"
import type { PassageIndex } from "./PassageIndex.js"
import type { Query } from "./Query.js"
import type { RankedSentence } from "./Ranking.js"

/** One answer taken from one sentence: the short answer (absent for free text) and where it comes from. */
export interface Found {
  readonly short: string | undefined
  readonly sentence: RankedSentence
  /** The sentence after it when the answer runs on (a heading and its clause, a two-sentence rule). */
  readonly continuation?: string | undefined
  /** Where the short answer sits in the sentence, to centre a long quote on it. */
  readonly at?: number | undefined
  /** Further clauses that support the same answer, quoted after it (a second change-of-control clause). */
  readonly more?: ReadonlyArray<Found> | undefined
}

/** Passages shown after an answer under a lead of their own: not the answer, but where a reader may look next. */
export interface Related {
  readonly lead: string
  readonly found: ReadonlyArray<Found>
}

/** What an engine says: answers (best first), or nothing found; either may be followed by related passages. */
export type Outcome =
  | {
      readonly _tag: "Answers"
      readonly lead: string | undefined
      readonly found: ReadonlyArray<Found>
      readonly related?: Related | undefined
    }
  | { readonly _tag: "Nothing"; readonly message: string; readonly related?: Related | undefined }

/** An answerer for one document: the index, the document, the question and its ranked sentences. */
export type DocumentAnswerer = (
  index: PassageIndex,
  document: EngineDocument,
  query: Query,
  sentences: ReadonlyArray<RankedSentence>
) => Found | undefined

/**
 * An answerer for the questions of one kind: `{ found }` when the question is of that kind (`found` undefined when
 * the document holds no answer, which is then the answer), undefined when it is not and others should answer it.
 */
export type KindAnswerer = (
  index: PassageIndex,
  document: EngineDocument,
  query: Query,
  sentences: ReadonlyArray<RankedSentence>
) => { readonly found: Found | undefined } | undefined

/** An answerer over ranked sentences, of one document or of all (the document is the first sentence's by default). */
export type SentenceAnswerer = (
  index: PassageIndex,
  query: Query,
  sentences: ReadonlyArray<RankedSentence>,
  document?: EngineDocument
) => Found | undefined
