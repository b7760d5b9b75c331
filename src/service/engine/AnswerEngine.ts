import { Data, Effect } from "effect"

/** One passage of a document, split once at ingestion and stored by the service. */
export interface Passage {
  readonly documentId: number
  /** 1-based page the passage starts on. */
  readonly page: number
  /** Position of the passage inside its document (0-based), for stable ordering. */
  readonly index: number
  readonly text: string
  /**
   * Where later pages begin inside `text`: [offset, page] pairs in order (a paragraph that runs onto the next page
   * stays whole). Absent or empty: all of the passage is on `page`.
   */
  readonly pageStarts?: ReadonlyArray<readonly [number, number]> | undefined
}

/** The page that the character at `offset` of a passage's text stands on. */
export const pageAt = (passage: Passage, offset: number): number => {
  let page = passage.page
  for (const [at, starts] of passage.pageStarts ?? []) if (at <= offset) page = starts
  return page
}

/** "p. 3", or "pp. 3–4" for text that runs onto a later page. */
export const pagesLabel = (first: number, last: number = first): string =>
  first === last ? `p. ${first}` : `pp. ${first}–${last}`

/** A document as an engine sees it: its name and its stored passages. */
export interface EngineDocument {
  readonly id: number
  readonly filename: string
  readonly passages: ReadonlyArray<Passage>
}

/** An earlier exchange of the same chat session, oldest first. */
export interface HistoryTurn {
  readonly query: string
  readonly response: string
}

export interface AnswerRequest {
  /** "cell": one AI Table column query over one document; "chat": a session message. */
  readonly kind: "cell" | "chat"
  readonly query: string
  readonly documents: ReadonlyArray<EngineDocument>
  /** Earlier turns of the session (empty for cells or when use_history is false). */
  readonly history: ReadonlyArray<HistoryTurn>
  /** Answer language as the API writes it ("English (US)"); engines may ignore it. */
  readonly language?: string | undefined
  /** The AI table column name, for cells. */
  readonly columnName?: string | undefined
  /** Epoch ms at which a worker took the task: engines that simulate answer times count from here. */
  readonly startedAt?: number | undefined
}

/** A generation that could not produce an answer; `reason` is kept on the task as its failure. */
export class EngineFailure extends Data.TaggedError("EngineFailure")<{
  readonly reason: string
  readonly cause?: unknown
}> {
  override get message() {
    return this.reason
  }
}

/** Receives an answer chunk by chunk; `false` means stop (the task was superseded or its target deleted). */
export type ChunkSink = (chunk: string) => Effect.Effect<boolean>

/**
 * Writes answers for cells and chat messages. Each chunk goes to the sink as soon as it is ready: the service
 * appends it to the task's `response`, so clients polling the list endpoints see `running` with partial text.
 * A push rather than a `Stream`: with 50 workers finishing together, running 50 streams added 20-30 ms to every
 * answer of the wave, while pushing costs a function call per chunk. Streaming engines run their stream into the
 * sink (`Stream.runForEachWhile(stream, sink)`).
 */
export interface AnswerEngine {
  readonly name: string
  readonly answer: (request: AnswerRequest, sink: ChunkSink) => Effect.Effect<void, EngineFailure>
}

/** Hands `chunks` to `sink` in order, until it says stop. */
export const writeChunks = (chunks: Iterable<string>, sink: ChunkSink): Effect.Effect<void> =>
  Effect.gen(function* () {
    for (const chunk of chunks) if (!(yield* sink(chunk))) return
  })

/** The whole answer's chunks, in order: for evaluation and tests. */
export const collectChunks = (
  engine: AnswerEngine,
  request: AnswerRequest
): Effect.Effect<ReadonlyArray<string>, EngineFailure> =>
  Effect.suspend(() => {
    const chunks: Array<string> = []
    return Effect.as(
      engine.answer(request, (chunk) => Effect.sync(() => chunks.push(chunk) > 0)),
      chunks
    )
  })
