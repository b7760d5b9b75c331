import { Cause, Clock, Duration, Effect, Exit, Match, Option, Ref, Schema } from "effect"
import { type ClientError, isClientError, type RetryableError } from "../client/ClientError.js"
import type { ServiceClient } from "../client/ServiceClient.js"
import { listedSettings, type ServiceSettings } from "../pipeline/EffectiveConfig.js"
import { CellStore } from "../store/CellStore.js"
import { ChatStore } from "../store/ChatStore.js"
import type { CheckpointStore } from "../store/CheckpointStore.js"
import { RunStore } from "../store/RunStore.js"
import { StoreError } from "../store/StoreError.js"
import type { DocumentIngest } from "./DocumentIngest.js"
import { makeFlow } from "./flow/Flow.js"
import { RunProgress } from "./Progress.js"
import { evidenceText, rerunEvidenceKey, storedEvidence } from "./Reconcile.js"
import { withRetry } from "./RetryPolicy.js"
import { cellSojournsKey } from "./RunCells.js"
import { RunContext, type RunContextShape } from "./RunContext.js"
import { DeadlineReached, outcomeOf, type RunStop, stopFor } from "./RunnerErrors.js"
import { RunnerSettings } from "./RunnerSettings.js"
import { emptySummary, type RunInput, type RunSummary } from "./RunSummary.js"
import { runWork, type WorkResult } from "./RunWork.js"

/** Failures `runPipeline` cannot turn into an outcome: the checkpoint itself failed. */
export type RunnerError = StoreError

/** Answer times a previous run kept (a JSON list of milliseconds); anything else is ignored. */
const parseSojourns = (text: string): ReadonlyArray<number> =>
  Option.getOrElse(Schema.decodeUnknownOption(Schema.parseJson(Schema.Array(Schema.Number)))(text), () => [])

/**
 * "backing off 12 s after 429 on POST /api/ai/table/3/run": the progress line and the text log say it. A network
 * error says which ("connection refused", "timed out: …"), since each has its own remedy.
 */
const describeWait = (error: RetryableError, delay: Duration.Duration) => {
  const after = Match.valueTags(error, {
    RateLimited: () => "429",
    ServerError: (failure) => `a server error (${failure.status})`,
    Transport: (failure) => `a network error (${failure.reason})`,
    Unreachable: (failure) => `a network error (${failure.reason})`
  })
  return `backing off ${Math.ceil(Duration.toSeconds(delay))} s after ${after} on ${error.request}`
}

/** Which id the service needs and the settings lack, in words (the CLI refuses such a run before it opens anything). */
export const missingIdentity = (service: Pick<ServiceSettings, "userId" | "orgId">): string | undefined => {
  const missing =
    service.userId === undefined
      ? "user id (user_id, DOCSWEEP_USER_ID, --user-id)"
      : service.orgId === undefined
        ? "workspace id (workspace, DOCSWEEP_ORG_ID, --org-id)"
        : undefined
  return missing === undefined ? undefined : `no ${missing}: the service needs it to create tables and sessions`
}

/**
 * Runs a pipeline against the service: documents → tables and columns → cells → chats, checkpointed so that a killed
 * or interrupted run resumes where it stopped and a finished one re-runs only what is new or changed. Service
 * failures end in an outcome (never a failure of this effect); the run record is finished on every path,
 * interruption included ("interrupted", exit 130), so Ctrl-C leaves the checkpoint consistent.
 */
export const runPipeline = Effect.fn("Runner.runPipeline")(function* (input: RunInput) {
  const cellStore = yield* CellStore
  const chatStore = yield* ChatStore
  const runStore = yield* RunStore
  const progress = yield* RunProgress
  const pipeline = input.effective.pipeline
  const started = yield* Clock.currentTimeMillis
  // Resolved and branded once, with the rest of the effective configuration (and the embedded service's defaults).
  const { orgId, userId } = input.effective.service
  if (userId === undefined || orgId === undefined) {
    return emptySummary({ runId: undefined, outcome: "invalid", note: missingIdentity(input.effective.service) })
  }
  const settings = RunnerSettings.fromPipeline(pipeline, { userId, orgId })
  const deadlineAt = Option.map(settings.deadline, (d) => started + Duration.toMillis(d))
  const learned = yield* runStore.getMeta(cellSojournsKey)
  const flow = yield* makeFlow(settings.flow, {
    bounds: {
      minGap: Option.getOrUndefined(Option.map(settings.pollInterval, Duration.toMillis)),
      maxGap: Option.getOrUndefined(Option.map(settings.maxPollInterval, Duration.toMillis))
    },
    learned: { cells: Option.match(learned, { onNone: () => [], onSome: parseSojourns }) },
    onWindow: progress.limit
  })
  const retry = withRetry(settings, {
    deadlineAt,
    onBackoff: (error, delay) =>
      Effect.zipRight(
        progress.backingOff(describeWait(error, delay), Duration.toMillis(delay)),
        Effect.logInfo(describeWait(error, delay))
      ),
    onThrottled: (error) => flow.throttled(error.request, error.retryAfter)
  })
  const runId = input.dryRun
    ? 0
    : (input.runId ??
      (yield* runStore.beginRun({
        pipelineName: pipeline.name,
        pipelineHash: input.loaded.hash,
        baseUrl: input.effective.service.baseUrl ?? "embedded",
        shard: input.shard === undefined ? undefined : `${input.shard.index}/${input.shard.count}`,
        docsweepVersion: input.version ?? "0.1.0",
        ...(input.effective.sources === undefined ? {} : { settings: listedSettings(input.effective.sources) })
      })).id)
  if (!input.dryRun && input.onRunBegun !== undefined) yield* input.onRunBegun(runId)
  const serviceUrl = input.effective.service.baseUrl ?? "embedded"
  const reruns = yield* Ref.make(storedEvidence(yield* runStore.getMeta(rerunEvidenceKey), serviceUrl))
  // What this run learned of re-runs is kept even when it is interrupted: a resumed run decides with it.
  const keepEvidence = Effect.flatMap(Ref.get(reruns), (evidence) =>
    evidence.reruns === 0 ? Effect.void : runStore.setMeta(rerunEvidenceKey, evidenceText(evidence, serviceUrl))
  )
  const context: RunContextShape = { runId, retry, flow, reruns }

  const work = runWork(input).pipe(
    Effect.provideService(RunContext, context),
    Effect.provideService(RunnerSettings, settings)
  )
  const bounded: Effect.Effect<
    WorkResult,
    StoreError | ClientError | RunStop,
    ServiceClient | CheckpointStore | RunProgress | DocumentIngest
  > = Option.match(settings.deadline, {
    onNone: () => work,
    onSome: (deadline) =>
      Effect.timeoutFail(work, { duration: deadline, onTimeout: () => new DeadlineReached({ deadline }) })
  })
  const stopped = (stop: RunStop): WorkResult => ({ outcome: outcomeOf(stop), note: stop.message, summary: undefined })
  const result = yield* bounded.pipe(
    Effect.catchIf(
      (error): error is ClientError | RunStop => !(error instanceof StoreError),
      (error) => Effect.succeed(stopped(isClientError(error) ? stopFor(error) : error))
    ),
    Effect.annotateLogs({ run: runId }),
    Effect.onExit((exit) =>
      input.dryRun
        ? Effect.void
        : Exit.match(exit, {
            onSuccess: (done) => runStore.finishRun(runId, done.outcome, done.note),
            onFailure: (cause) =>
              Cause.isInterruptedOnly(cause)
                ? runStore.finishRun(runId, "interrupted", "stopped by a signal; run again to continue")
                : runStore.finishRun(runId, "error", Cause.pretty(cause).split("\n")[0])
          }).pipe(
            Effect.zipRight(keepEvidence),
            Effect.asVoid,
            Effect.catchAll((error) => Effect.logWarning(`could not finish the run record: ${error.message}`))
          )
    )
  )
  yield* progress.phase("done")
  const ended = yield* Clock.currentTimeMillis
  // A run that did its work counted its cells and chats as it ended; one that stopped earlier is counted here.
  const counted = result.summary !== undefined || input.dryRun
  const base = result.summary ?? emptySummary({ runId: undefined, outcome: result.outcome, note: result.note })
  return {
    ...base,
    runId: input.dryRun ? undefined : runId,
    outcome: result.outcome,
    note: result.note,
    cells: counted ? base.cells : yield* cellStore.cellCounts(),
    chats: counted ? base.chats : yield* chatStore.chatCounts(),
    seconds: (ended - started) / 1000
  } satisfies RunSummary
})

export type { RunInput, RunSummary }
