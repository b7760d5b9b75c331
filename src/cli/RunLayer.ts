import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { NodeHttpClient } from "@effect/platform-node"
import { Context, Effect, Layer } from "effect"
import type { OrganizationId, UserId } from "../api/Ids.js"
import { ClientSettings } from "../client/ClientSettings.js"
import { ServiceClient } from "../client/ServiceClient.js"
import type { EffectiveConfig } from "../pipeline/EffectiveConfig.js"
import { DocumentIngest } from "../runner/DocumentIngest.js"
import type { Shard } from "../runner/Keys.js"
import { RunProgress } from "../runner/Progress.js"
import type { EngineChoice } from "../service/engine/EngineSettings.js"
import { isEmptyCheckpoint } from "../store/CheckpointConsistency.js"
import { CheckpointStore } from "../store/CheckpointStore.js"
import { makeDirectory } from "../store/MakeDirectory.js"
import { acquireLock, type PipelineLease } from "../store/PipelineLock.js"
import { EmbeddedServiceLive } from "./EmbeddedService.js"
import { embeddedDataDir } from "./Reports.js"
import { OutputUnwritable } from "./UsageError.js"

/** Whom a run talks to: the service configured at `baseUrl`, or its own, with its engine and the ids it works as. */
export type RunConnection =
  | { readonly _tag: "Configured"; readonly baseUrl: string }
  | {
      readonly _tag: "Embedded"
      readonly engine: EngineChoice
      readonly userId: UserId
      readonly orgId: OrganizationId
    }

/** Where a run writes and whom it talks to, as parsed from its command line: nothing contacted or written yet. */
export interface RunTarget {
  readonly effective: Pick<EffectiveConfig, "pipeline" | "service">
  /** Whom it talks to; an embedded service's ids, resolved once, are in `effective.service` too. */
  readonly connection: RunConnection
  readonly shard: Shard | undefined
  readonly outputDir: string
  readonly checkpoint: string
  readonly dryRun: boolean
}

/**
 * What a run holds while it runs: the pipeline's lock (none for a dry run, which writes nothing) and whether the
 * checkpoint file was empty before it was opened (opening writes the schema into it; see `verifyCheckpoint`).
 */
export class RunLease extends Context.Tag("app/cli/RunLease")<
  RunLease,
  { readonly lease: PipelineLease | undefined; readonly wasEmpty: boolean }
>() {}

/** Creates the output folder; one that cannot be created is one line naming it (exit 2), not a stack trace. */
const createOutputDir = (dir: string) =>
  Effect.try({
    try: () => makeDirectory(dir),
    catch: (cause) =>
      new OutputUnwritable({
        path: dir,
        reason: `the output folder cannot be created (${cause instanceof Error ? cause.message : String(cause)})`
      })
  })

const leaseLayer = (target: RunTarget) =>
  Layer.scoped(
    RunLease,
    Effect.gen(function* () {
      if (!target.dryRun) yield* createOutputDir(target.outputDir)
      const lease = target.dryRun ? undefined : yield* acquireLock(target.checkpoint)
      return { lease, wasEmpty: isEmptyCheckpoint(target.checkpoint) }
    })
  )

/** A directory removed with the scope: where a dry run's embedded service keeps its data. */
const scratchDir = Effect.acquireRelease(
  Effect.sync(() => mkdtempSync(join(tmpdir(), "docsweep-dry-run-"))),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
)

/**
 * The service the run talks to, through the contract either way: the configured one (files uploaded), or the
 * embedded one (files ingested in this process). A dry run writes nothing: an embedded service with no data of
 * its own yet keeps it in a temporary directory.
 */
const serviceLayer = (target: RunTarget) => {
  const { connection } = target
  const timeout = target.effective.pipeline.run.request_timeout
  if (connection._tag === "Configured") {
    const { baseUrl } = connection
    const { token } = target.effective.service
    return DocumentIngest.upload.pipe(
      Layer.provideMerge(ServiceClient.Default),
      Layer.provideMerge(ClientSettings.layer({ baseUrl, token, timeout }))
    )
  }
  const { engine, userId, orgId } = connection
  const dataDir = embeddedDataDir(target.outputDir)
  const started = Effect.map(target.dryRun && !existsSync(dataDir) ? scratchDir : Effect.succeed(dataDir), (dir) =>
    EmbeddedServiceLive({ engine, userId, orgId, dataDir: dir, shard: target.shard, timeout })
  )
  return ServiceClient.Default.pipe(Layer.provideMerge(Layer.unwrapScoped(started)))
}

/**
 * Everything a run uses, built once: the lock first, then the checkpoint (a dry run with no checkpoint yet plans
 * against an empty one in memory), the service and the progress. It is released in the reverse order.
 */
export const RunLayer = (target: RunTarget) =>
  Layer.merge(serviceLayer(target), RunProgress.Default).pipe(
    Layer.provide(NodeHttpClient.layer),
    Layer.provideMerge(
      CheckpointStore.open(target.dryRun && !existsSync(target.checkpoint) ? ":memory:" : target.checkpoint)
    ),
    Layer.provideMerge(leaseLayer(target))
  )
