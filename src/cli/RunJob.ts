import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { NodeHttpClient } from "@effect/platform-node"
import { Clock, type Duration, Effect, Either, Fiber, Layer, Ref } from "effect"
import { ClientSettings } from "../client/ClientSettings.js"
import { ServiceClient } from "../client/ServiceClient.js"
import type { EffectiveConfig } from "../pipeline/EffectiveConfig.js"
import type { LoadedPipeline } from "../pipeline/loadPipeline.js"
import type { Shard } from "../runner/Keys.js"
import { RunProgress } from "../runner/Progress.js"
import { runPipeline } from "../runner/Runner.js"
import type { EngineChoice } from "../service/engine/EngineSettings.js"
import { isEmptyCheckpoint, verifyCheckpoint } from "../store/CheckpointConsistency.js"
import { CheckpointStore } from "../store/CheckpointStore.js"
import { acquireLock } from "../store/PipelineLock.js"
import { CliOutput } from "./CliOutput.js"
import { connectService, describeConnection } from "./EmbeddedService.js"
import { exitCodeOf } from "./ExitCode.js"
import { type LiveTerminal, showProgress } from "./ProgressDisplay.js"
import { shardDir, statePath } from "./Reports.js"
import { endRun } from "./RunEnding.js"
import { renderPlan } from "./RunSummaryText.js"
import { StopSignal } from "./runCommand.js"
import { OutputUnwritable } from "./UsageError.js"
import { docsweepVersion } from "./Version.js"

/** A `run` as parsed and checked: nothing is contacted or written yet. */
export interface RunJob {
  readonly loaded: LoadedPipeline
  readonly effective: EffectiveConfig
  readonly shard: Shard | undefined
  readonly engine: EngineChoice
  readonly dryRun: boolean
  readonly fresh: boolean
  readonly onlyFailed: boolean
  readonly maxCells: number | undefined
  readonly quiet: boolean
  readonly interval: Duration.Duration
  readonly summaryJson: string | undefined
  readonly terminal: LiveTerminal | undefined
}

/** A directory removed with the scope: where a dry run's embedded service keeps its data. */
const scratchDir = Effect.acquireRelease(
  Effect.sync(() => mkdtempSync(join(tmpdir(), "docsweep-dry-run-"))),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
)

/** Creates the output folder; one that cannot be created is one line naming it (exit 2), not a stack trace. */
const createOutputDir = (dir: string) =>
  Effect.try({
    try: () => mkdirSync(dir, { recursive: true }),
    catch: (cause) =>
      new OutputUnwritable({
        path: dir,
        reason: `the output folder cannot be created (${cause instanceof Error ? cause.message : String(cause)})`
      })
  })

/**
 * Runs the job: takes the pipeline's lock, connects to the service (or starts the embedded one), runs the pipeline
 * and ends it (`endRun`). The first Ctrl-C or SIGTERM (`StopSignal`) interrupts the runner, which leaves the
 * checkpoint consistent and records the run as interrupted; the reports and the summary are then written from
 * the checkpoint as for any other ending (exit 130).
 */
export const runJob = (job: RunJob) =>
  Effect.gen(function* () {
    const { effective, loaded, shard } = job
    const outputDir =
      shard === undefined ? effective.pipeline.output.dir : shardDir(effective.pipeline.output.dir, shard)
    const checkpoint = statePath(outputDir)
    if (!job.dryRun) yield* createOutputDir(outputDir)
    const lease = job.dryRun ? undefined : yield* acquireLock(checkpoint)
    // Read before the store opens the file (opening writes the schema into it).
    const wasEmpty = isEmptyCheckpoint(checkpoint)
    // A dry run writes nothing: with no checkpoint yet it plans against an empty one in memory, and an embedded
    // service without a data dir yet keeps its data in a temporary directory.
    const dataDir = join(outputDir, "service")
    const connection = yield* connectService({
      effective,
      engine: job.engine,
      shard,
      dataDir:
        job.dryRun && effective.service.baseUrl === undefined && !existsSync(dataDir) ? yield* scratchDir : dataDir
    })
    yield* Effect.logInfo(
      `pipeline ${effective.pipeline.name}: ${describeConnection(connection)}, checkpoint ${checkpoint}`
    )
    // The embedded service's URL (a free port) means nothing after the run: its runs are recorded as "embedded".
    const connected = {
      ...effective,
      service: {
        ...effective.service,
        ...(connection.embedded ? {} : { baseUrl: connection.baseUrl }),
        ...(connection.token === undefined ? {} : { token: connection.token }),
        ...(connection.userId === undefined ? {} : { userId: connection.userId }),
        ...(connection.orgId === undefined ? {} : { orgId: connection.orgId })
      }
    }
    const layer = Layer.mergeAll(
      ServiceClient.Default.pipe(
        Layer.provide(
          ClientSettings.layer({ baseUrl: connection.baseUrl, token: connection.token, timeout: "60 seconds" })
        ),
        Layer.provide(NodeHttpClient.layer)
      ),
      CheckpointStore.open(job.dryRun && !existsSync(checkpoint) ? ":memory:" : checkpoint),
      RunProgress.Default
    )
    return yield* Effect.gen(function* () {
      const progress = yield* RunProgress
      const stop = yield* StopSignal
      const output = yield* CliOutput
      const started = yield* Clock.currentTimeMillis
      const begun = yield* Ref.make<number | undefined>(undefined)
      if (lease !== undefined && !job.fresh) yield* verifyCheckpoint(checkpoint, lease.previous, wasEmpty)
      const display =
        job.dryRun || job.quiet
          ? undefined
          : yield* Effect.fork(showProgress(progress, { terminal: job.terminal, interval: job.interval }))
      const run = runPipeline({
        loaded,
        effective: connected,
        dryRun: job.dryRun,
        maxCells: job.maxCells,
        fresh: job.fresh,
        onlyFailed: job.onlyFailed,
        shard,
        ingest: connection.ingest,
        version: docsweepVersion,
        onRunBegun: (runId) => Ref.set(begun, runId).pipe(Effect.zipRight(lease?.recordRun(runId) ?? Effect.void))
      })
      const ran = yield* Effect.raceFirst(Effect.map(run, Either.right), Effect.map(stop.signal, Either.left)).pipe(
        Effect.ensuring(display === undefined ? Effect.void : Fiber.interrupt(display))
      )
      if (Either.isLeft(ran)) {
        yield* Effect.logWarning(
          `interrupted (${ran.left}): writing the reports and the summary from the checkpoint; ${ran.left} again stops at once`
        )
      }
      const seconds = ((yield* Clock.currentTimeMillis) - started) / 1000
      if (job.dryRun) {
        if (Either.isLeft(ran)) {
          output.problem("interrupted: a dry run writes nothing", { exitCode: exitCodeOf("interrupted") })
          return exitCodeOf("interrupted")
        }
        const summary = ran.right
        output.result(
          summary.plan === undefined
            ? (summary.note ?? "nothing to plan")
            : renderPlan(summary.plan, effective.pipeline.run.concurrency),
          { plan: summary.plan, note: summary.note }
        )
        return exitCodeOf(summary.outcome)
      }
      const summary = Either.getOrUndefined(ran)
      return yield* endRun({
        outputDir,
        pipelineFile: loaded.file,
        output: effective.pipeline.output,
        sources: effective.sources,
        runId: summary?.runId ?? (yield* Ref.get(begun)),
        outcome: summary?.outcome ?? "interrupted",
        note: summary?.note,
        plan: summary?.plan,
        skipped: summary?.skipped ?? [],
        seconds,
        summaryJson: job.summaryJson
      })
    }).pipe(Effect.provide(layer), Effect.annotateLogs({ pipeline: effective.pipeline.name }))
  }).pipe(Effect.scoped)
