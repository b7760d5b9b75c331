import { Effect } from "effect"
import { type AnswerEngine, type AnswerRequest, type ChunkSink, EngineFailure, writeChunks } from "./AnswerEngine.js"
import { formatOutcome } from "./extractive/AnswerFormat.js"
import { answerText, chunk } from "./extractive/AnswerText.js"
import { answerIn, nothingFound } from "./extractive/Extract.js"
import type { Found, Outcome } from "./extractive/Found.js"
import { lawAcross } from "./extractive/LawAcross.js"
import { makeIndexCache, type PassageIndex } from "./extractive/PassageIndex.js"
import { buildQuery, type Query } from "./extractive/Query.js"
import { rankPassages, rankSentences } from "./extractive/Ranking.js"
import { withRelated } from "./extractive/RelatedClauses.js"
import { summaryRequest, summaryText } from "./extractive/Summary.js"
import { termAcross } from "./extractive/TermAcross.js"

/** Indexes kept per engine: the documents of a table's recent cells and of recent chats. */
const cacheSize = 16
/** Over several documents, another document's answer is shown when it scores at least this share of the best. */
const alsoShare = 0.75
/** "Which law governs each agreement?": every document with an answer of some support is shown. */
const eachShare = 0.25
const everyDocument = /\b(?:each|every|all|both|respective(?:ly)?)\b/i
/** The answer of a chat whose session holds no documents. */
export const noDocumentsAnswer = "Not found: this chat session holds no documents to answer from."
/** At most this many documents answer one chat message. */
const maxDocuments = 5

const answerOne = (index: PassageIndex, query: Query): Outcome => {
  const passages = rankPassages(index, query)
  const sentences = rankSentences(index, query, passages)
  const document = index.documents[0]
  const found = answerIn(index, query, sentences, document)
  const outcome: Outcome =
    found === undefined
      ? nothingFound(query, sentences)
      : { _tag: "Answers", lead: undefined, found: [found, ...(found.more ?? [])] }
  return document === undefined ? outcome : withRelated(index, document, query, outcome)
}

/** Over several documents: rank across all of them, then answer from each document that ranks near the top. */
const answerMany = (index: PassageIndex, query: Query): Outcome => {
  const acrossDocuments = lawAcross(index, query) ?? termAcross(index, query)
  if (acrossDocuments !== undefined) return acrossDocuments
  const passages = rankPassages(index, query, 24)
  const sentences = rankSentences(index, query, passages)
  const documents = [...new Set(passages.map((ranked) => ranked.entry.document))]
  const found: Array<Found> = []
  for (const document of documents) {
    const own = sentences.filter((sentence) => sentence.entry.document === document)
    const answer = answerIn(index, query, own, document)
    if (answer !== undefined) found.push(answer)
  }
  const best = found[0]?.sentence.score ?? 0
  const share = everyDocument.test(query.text) ? eachShare : alsoShare
  const kept = found.filter((answer) => answer.sentence.score >= best * share).slice(0, maxDocuments)
  return kept.length === 0
    ? nothingFound(query, sentences, index.documents.length)
    : { _tag: "Answers", lead: undefined, found: kept }
}

/**
 * The offline, deterministic answer engine: BM25 passage ranking (MiniSearch), sentence scoring, and span patterns
 * for the kind of answer the question asks for (date, amount, period, party, governing law, yes/no, figure, text).
 * Answers quote their source with its page, and name the document when a chat covers several. Questions that ask
 * for a summary or a document's main risks get an extractive summary (LexRank; see `Summary`).
 */
export const makeExtractiveEngine = (): AnswerEngine => {
  const indexFor = makeIndexCache(cacheSize)
  const answer = (request: AnswerRequest, sink: ChunkSink): Effect.Effect<void, EngineFailure> =>
    Effect.suspend(() => {
      if (request.documents.length === 0) {
        // A chat session may hold no documents (reference §8.1): an answer, as over documents without the answer.
        // A cell always names its document; none means it is gone.
        return request.kind === "chat"
          ? writeChunks([noDocumentsAnswer], sink)
          : Effect.fail(new EngineFailure({ reason: "The request names no document to answer from" }))
      }
      // Pure computation; a throw from it (or from MiniSearch) is reported as this request's failure.
      return Effect.try({
        try: () => {
          const index = indexFor(request.documents)
          const history = request.kind === "chat" ? request.history : []
          const query = buildQuery(request.query, history)
          const summary = summaryRequest(query.text)
          if (summary !== undefined) return chunk(summaryText(index, summary))
          const multiDocument = request.documents.length > 1
          const outcome = formatOutcome(multiDocument ? answerMany(index, query) : answerOne(index, query), query)
          return chunk(answerText(outcome, multiDocument))
        },
        catch: (cause) => new EngineFailure({ reason: "The extractive engine could not answer this request", cause })
      }).pipe(Effect.flatMap((chunks) => writeChunks(chunks, sink)))
    })
  return { name: "extractive", answer }
}
