import { join } from "node:path"
import { Duration, Effect, Fiber, Layer, Option, Random, Schema, Stream, TestClock } from "effect"
import { OrganizationId, UserId } from "../../../src/api/Ids.js"
import type { ServiceClient } from "../../../src/client/ServiceClient.js"
import { type Pipeline, PipelineSchema } from "../../../src/pipeline/PipelineSchema.js"
import { DocumentIngest } from "../../../src/runner/DocumentIngest.js"
import { type ProgressSnapshot, RunProgress } from "../../../src/runner/Progress.js"
import { runPipeline } from "../../../src/runner/Runner.js"
import type { RunInput, RunSummary } from "../../../src/runner/RunSummary.js"
import { CheckpointStore } from "../../../src/store/CheckpointStore.js"

/** A decoded pipeline (defaults filled in) writing its checkpoint under `dir`. */
export const pipelineOf = (raw: Record<string, unknown>, dir: string): Pipeline => {
  const decoded = Schema.decodeUnknownSync(PipelineSchema)({ name: "clocked", ...raw })
  return { ...decoded, output: { ...decoded.output, dir } }
}

export const inputOf = (pipeline: Pipeline, flags: Partial<RunInput> = {}): RunInput => ({
  loaded: { file: "pipeline.yaml", hash: "hash", pipeline },
  effective: { pipeline, service: { baseUrl: "http://fake", userId: UserId.make(3), orgId: OrganizationId.make(7) } },
  dryRun: false,
  fresh: false,
  onlyFailed: false,
  ...flags
})

/**
 * Runs a pipeline on the test clock: forks the run, then advances the clock by `step` until it ends (at most
 * `limit` of clock time). Jitter is pinned (`Random.fixed`) so backoffs are exact.
 */
export const runOnTestClock = (
  client: Layer.Layer<ServiceClient>,
  input: RunInput,
  options: {
    readonly step?: Duration.DurationInput
    readonly limit?: Duration.DurationInput
    readonly random?: number
    /** Sees every change of the run's progress (window, counts), on the test clock. */
    readonly watch?: (snapshot: ProgressSnapshot) => void
  } = {}
) =>
  Effect.gen(function* () {
    const layer = Layer.mergeAll(DocumentIngest.upload, RunProgress.Default).pipe(
      Layer.provideMerge(client),
      Layer.provideMerge(CheckpointStore.open(join(input.effective.pipeline.output.dir, "state.sqlite")))
    )
    const watching = Effect.flatMap(RunProgress, (progress) =>
      Stream.runForEach(progress.changes, (snapshot) => Effect.sync(() => options.watch?.(snapshot)))
    )
    const fiber = yield* Effect.fork(
      Effect.zip(
        options.watch === undefined
          ? runPipeline(input)
          : Effect.raceFirst(runPipeline(input), Effect.zipRight(watching, Effect.never)),
        Effect.flatMap(RunProgress, (progress) => progress.get)
      ).pipe(
        Effect.map(([summary, progress]) => ({ ...summary, progress })),
        Effect.provide(layer),
        Effect.withRandom(Random.fixed([options.random ?? 0.5]))
      )
    )
    const step = Duration.decode(options.step ?? "100 millis")
    const steps = Math.ceil(Duration.toMillis(Duration.decode(options.limit ?? "30 minutes")) / Duration.toMillis(step))
    const advance = (left: number): Effect.Effect<RunSummary & { readonly progress: ProgressSnapshot }, unknown> =>
      Effect.gen(function* () {
        const done = yield* Fiber.poll(fiber)
        if (Option.isSome(done)) return yield* done.value
        if (left === 0) return yield* Effect.dieMessage("the run did not end in time")
        yield* TestClock.adjust(step)
        return yield* advance(left - 1)
      })
    return yield* advance(steps)
  })

/** Opens the checkpoint of a finished clocked run. */
export const checkpointAt = (dir: string) => CheckpointStore.open(join(dir, "state.sqlite"))
