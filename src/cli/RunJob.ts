import { Cause, Clock, type Duration, Effect, Exit, Fiber, Option, Ref } from "effect"
import { ClientSettings } from "../client/ClientSettings.js"
import type { EffectiveConfig } from "../pipeline/EffectiveConfig.js"
import type { LoadedPipeline } from "../pipeline/loadPipeline.js"
import { RunProgress } from "../runner/Progress.js"
import { type RunnerError, type RunSummary, runPipeline } from "../runner/Runner.js"
import { verifyCheckpoint } from "../store/CheckpointConsistency.js"
import { CliOutput } from "./CliOutput.js"
import { exitCodeOf } from "./ExitCode.js"
import { LiveDisplay, showProgress } from "./ProgressDisplay.js"
import { endRun } from "./RunEnding.js"
import { RunLayer, RunLease, type RunTarget } from "./RunLayer.js"
import { renderPlan } from "./RunSummaryText.js"
import { Signals } from "./Signals.js"
import { docsweepVersion } from "./Version.js"

/** A `run` as parsed and checked: nothing is contacted or written yet. */
export interface RunJob extends RunTarget {
  readonly loaded: LoadedPipeline
  /** With where each value came from (`sources`): the HTML report's settings. */
  readonly effective: EffectiveConfig
  readonly fresh: boolean
  readonly onlyFailed: boolean
  readonly maxCells: number | undefined
  readonly quiet: boolean
  readonly interval: Duration.Duration
  readonly summaryJson: string | undefined
}

/** Never prints the token: only whether one is set. */
const describeConnection = (job: RunJob, client: ClientSettings["Type"]) =>
  `${job.connection._tag === "Configured" ? "service" : "embedded local service"} ${client.baseUrl}` +
  (client.token === undefined ? " (no token)" : "")

/**
 * The run on its layer: checks the checkpoint against the lock, runs the pipeline with its progress shown, and
 * ends it (`endRun`). From the start of the runner on, only the runner is interruptible: the first Ctrl-C or
 * SIGTERM interrupts it, it leaves the checkpoint consistent and records the run as interrupted, and the reports and
 * the summary are then written from the checkpoint as for any other ending (exit 130). The exit code reached is kept
 * for the process (`Signals.ended`): the command itself ends interrupted.
 */
const runOnLayer = (job: RunJob) =>
  Effect.gen(function* () {
    const { effective, loaded } = job
    const progress = yield* RunProgress
    const { lease, wasEmpty } = yield* RunLease
    const started = yield* Clock.currentTimeMillis
    const begun = yield* Ref.make<number | undefined>(undefined)
    if (lease !== undefined && !job.fresh) yield* verifyCheckpoint(job.checkpoint, lease.previous, wasEmpty)
    yield* Effect.logInfo(
      `pipeline ${effective.pipeline.name}: ${describeConnection(job, yield* ClientSettings)}, checkpoint ${job.checkpoint}`
    )
    const terminal = Option.getOrUndefined(yield* LiveDisplay)
    const display =
      job.dryRun || job.quiet
        ? undefined
        : yield* Effect.fork(showProgress(progress, { terminal, interval: job.interval }))
    const run = runPipeline({
      loaded,
      effective,
      dryRun: job.dryRun,
      maxCells: job.maxCells,
      fresh: job.fresh,
      onlyFailed: job.onlyFailed,
      shard: job.shard,
      version: docsweepVersion,
      onRunBegun: (runId) => Ref.set(begun, runId).pipe(Effect.zipRight(lease?.recordRun(runId) ?? Effect.void))
    })
    return yield* Effect.uninterruptibleMask((restore) =>
      Effect.gen(function* () {
        const ran = yield* Effect.exit(restore(run)).pipe(
          Effect.ensuring(display === undefined ? Effect.void : Fiber.interrupt(display))
        )
        // The ending runs in a fiber of its own, interruptible inside (its races stop their losers), joined
        // uninterruptibly: the signal that interrupted the runner does not reach it.
        const ended = ending(job, ran, { started, begun: yield* Ref.get(begun) })
        const code = yield* Effect.flatMap(Effect.fork(Effect.interruptible(ended)), Fiber.join)
        yield* Effect.flatMap(Signals, (signals) => signals.ended(code))
        return code
      })
    )
  }).pipe(Effect.annotateLogs({ pipeline: job.effective.pipeline.name }))

/** How the run ended, told and reported: a dry run's plan, else `endRun` (reports, summary, exit code). */
const ending = (
  job: RunJob,
  ran: Exit.Exit<RunSummary, RunnerError>,
  context: { readonly started: number; readonly begun: number | undefined }
) =>
  Effect.gen(function* () {
    const output = yield* CliOutput
    const { effective } = job
    const interrupted = Exit.isFailure(ran) && Cause.isInterruptedOnly(ran.cause)
    if (Exit.isFailure(ran) && !interrupted) return yield* Effect.failCause(ran.cause)
    if (interrupted) {
      const signal = Option.getOrElse(yield* Effect.flatMap(Signals, (signals) => signals.first), () => "the signal")
      yield* Effect.logWarning(
        `interrupted (${signal}): writing the reports and the summary from the checkpoint; ${signal} again stops at once`
      )
    }
    const summary = Exit.isSuccess(ran) ? ran.value : undefined
    const seconds = ((yield* Clock.currentTimeMillis) - context.started) / 1000
    if (job.dryRun) {
      if (summary === undefined) {
        output.problem("interrupted: a dry run writes nothing", { exitCode: exitCodeOf("interrupted") })
        return exitCodeOf("interrupted")
      }
      output.result(
        summary.plan === undefined
          ? (summary.note ?? "nothing to plan")
          : renderPlan(summary.plan, effective.pipeline.run.concurrency),
        { plan: summary.plan, note: summary.note }
      )
      return exitCodeOf(summary.outcome)
    }
    return yield* endRun({
      outputDir: job.outputDir,
      pipelineFile: job.loaded.file,
      output: effective.pipeline.output,
      sources: effective.sources,
      runId: summary?.runId ?? context.begun,
      outcome: summary?.outcome ?? "interrupted",
      note: summary?.note,
      plan: summary?.plan,
      skipped: summary?.skipped ?? [],
      seconds,
      summaryJson: job.summaryJson
    })
  })

/** Runs the job on its layer (`RunLayer`: lock, checkpoint, service, progress), built once, released at the end. */
export const runJob = (job: RunJob) => runOnLayer(job).pipe(Effect.provide(RunLayer(job)))
