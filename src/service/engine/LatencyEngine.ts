import { Effect, Stream } from "effect"
import type { AnswerEngine, AnswerRequest } from "./AnswerEngine.js"

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
 * A stand-in model for load tests and service tests: a deterministic answer after `latencyMs`, in two chunks.
 * Half the latency passes before each chunk so pollers can see a partial answer. The sleeps use the Effect
 * clock (the test clock drives them); at 0 there is no sleep at all, since benchmarks run 10,000+ cells.
 */
export const makeLatencyEngine = (settings: LatencyEngineSettings): AnswerEngine => {
  const firstWait = Math.floor(settings.latencyMs / 2)
  const secondWait = settings.latencyMs - firstWait
  const after = (millis: number, chunk: string): Stream.Stream<string> =>
    millis > 0 ? Stream.fromEffect(Effect.as(Effect.sleep(millis), chunk)) : Stream.succeed(chunk)
  const answer = (request: AnswerRequest): Stream.Stream<string> => {
    const [first, second] = latencyAnswerChunks(request)
    return settings.latencyMs > 0
      ? Stream.concat(after(firstWait, first), after(secondWait, second))
      : Stream.make(first, second)
  }
  return { name: "latency", answer }
}
