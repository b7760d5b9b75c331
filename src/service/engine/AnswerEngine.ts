import type { Effect, Stream } from "effect"
import { Data } from "effect"

/** One passage of a document, split once at ingestion and stored by the service. */
export interface Passage {
  readonly documentId: number
  /** 1-based page the passage starts on. */
  readonly page: number
  /** Position of the passage inside its document (0-based), for stable ordering. */
  readonly index: number
  readonly text: string
}

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

/**
 * Writes answers for cells and chat messages. The answer streams as chunks: the service appends each chunk
 * to the task's `response` so clients polling the list endpoints see `running` with partial text.
 */
export interface AnswerEngine {
  readonly name: string
  readonly answer: (request: AnswerRequest) => Stream.Stream<string, EngineFailure>
}

/** Convenience for engines and tests: the whole answer as one string. */
export type CollectAnswer = (request: AnswerRequest) => Effect.Effect<string, EngineFailure>
