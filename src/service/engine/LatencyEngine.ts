import { Clock, Effect, Random } from "effect"
import { type AnswerEngine, type AnswerRequest, type ChunkSink, writeChunks } from "./AnswerEngine.js"

/** How answer times spread around `latencyMs`, the median. */
export const latencyDistributions = ["fixed", "exponential", "lognormal"] as const
export type LatencyDistribution = (typeof latencyDistributions)[number]

interface LatencyEngineSettings {
  /** Median generation time of one answer, in milliseconds; 0 answers at once. */
  readonly latencyMs: number
  /** `fixed` (every answer takes `latencyMs`), `exponential` or `lognormal` with that median. */
  readonly distribution?: LatencyDistribution | undefined
  /** σ of the lognormal (log-space standard deviation); 0.5 puts the 95th percentile at 2.3 × the median. */
  readonly spread?: number | undefined
  /** Makes the sequence of answer times reproducible. */
  readonly seed?: number | undefined
}

export const defaultSpread = 0.5

const subject = (request: AnswerRequest): string => {
  const named = request.documents.map((document) => `${document.id} (${document.filename})`)
  if (named.length === 0) return " without documents"
  return named.length === 1 ? ` for document ${named[0]}` : ` for documents ${named.join(", ")}`
}

/** The two chunks of the fixed answer; joined they read `Answer to "<query>" for document <id> (<filename>)`. */
const latencyAnswerChunks = (request: AnswerRequest): readonly [string, string] => [
  `Answer to "${request.query}"`,
  subject(request)
]

/**
 * One answer time drawn from the distribution with median `latencyMs`: exponential by inversion (its median is
 * mean × ln 2), lognormal as median × e^(σz) with z standard normal (Box–Muller).
 */
export const drawLatency = (settings: LatencyEngineSettings, random: Random.Random): Effect.Effect<number> => {
  const median = settings.latencyMs
  switch (settings.distribution ?? "fixed") {
    case "fixed":
      return Effect.succeed(median)
    case "exponential":
      return Effect.map(random.next, (u) => (-Math.log(1 - u) * median) / Math.LN2)
    case "lognormal":
      return Effect.map(Effect.zip(random.next, random.next), ([u1, u2]) => {
        const z = Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2)
        return median * Math.exp((settings.spread ?? defaultSpread) * z)
      })
  }
}

/**
 * A stand-in model for load tests and service tests: a deterministic answer after a drawn answer time, in two
 * chunks, the first at half time so pollers can see a partial answer. Both are due at fixed times from the start
 * (when a worker took the task, or when the engine was called),
 * so time the consumer spends storing the first chunk does not delay the second (under load 50 workers store
 * their chunks one after another). The sleeps use the Effect clock (the test clock drives them); at 0 there is no
 * sleep at all, since benchmarks run 10,000+ cells. With a seed, answer times come from one seeded generator.
 */
export const makeLatencyEngine = (settings: LatencyEngineSettings): AnswerEngine => {
  const seeded = settings.seed === undefined ? undefined : Random.make(settings.seed)
  const answer = (request: AnswerRequest, sink: ChunkSink): Effect.Effect<void> => {
    const [first, second] = latencyAnswerChunks(request)
    if (settings.latencyMs <= 0) return writeChunks([first, second], sink)
    return Effect.gen(function* () {
      // From when a worker took the task: preparing the request does not lengthen the simulated answer.
      const start = request.startedAt ?? (yield* Clock.currentTimeMillis)
      const latency = yield* drawLatency(settings, seeded ?? (yield* Effect.random))
      const until = (offset: number) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) => Effect.sleep(Math.max(0, Math.round(start + offset - now))))
      yield* until(latency / 2)
      if (!(yield* sink(first))) return
      yield* until(latency)
      yield* sink(second)
    })
  }
  return { name: "latency", answer }
}
