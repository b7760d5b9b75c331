import { Clock, Effect } from "effect"
import { type AnswerEngine, type AnswerRequest, type ChunkSink, writeChunks } from "./AnswerEngine.js"

export interface LatencyEngineSettings {
  /** Simulated generation time of one answer, in milliseconds; 0 answers at once. */
  readonly latencyMs: number
}

const subject = (request: AnswerRequest): string => {
  const named = request.documents.map((document) => `${document.id} (${document.filename})`)
  if (named.length === 0) return " without documents"
  return named.length === 1 ? ` for document ${named[0]}` : ` for documents ${named.join(", ")}`
}

/** The two chunks of the fixed answer; joined they read `Answer to "<query>" for document <id> (<filename>)`. */
export const latencyAnswerChunks = (request: AnswerRequest): readonly [string, string] => [
  `Answer to "${request.query}"`,
  subject(request)
]

/**
 * A stand-in model for load tests and service tests: a deterministic answer `latencyMs` after the request, in two
 * chunks, the first at half time so pollers can see a partial answer. Both are due at fixed times from the start,
 * so time the consumer spends storing the first chunk does not delay the second (under load 50 workers store
 * their chunks one after another). The sleeps use the Effect clock (the test clock drives them); at 0 there is no
 * sleep at all, since benchmarks run 10,000+ cells.
 */
export const makeLatencyEngine = (settings: LatencyEngineSettings): AnswerEngine => {
  const half = Math.floor(settings.latencyMs / 2)
  const answer = (request: AnswerRequest, sink: ChunkSink): Effect.Effect<void> => {
    const [first, second] = latencyAnswerChunks(request)
    if (settings.latencyMs <= 0) return writeChunks([first, second], sink)
    return Effect.gen(function* () {
      const start = yield* Clock.currentTimeMillis
      const until = (offset: number) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) => Effect.sleep(Math.max(0, start + offset - now)))
      yield* until(half)
      if (!(yield* sink(first))) return
      yield* until(settings.latencyMs)
      yield* sink(second)
    })
  }
  return { name: "latency", answer }
}
