import { spawn } from "node:child_process"
import { join } from "node:path"
import { ConfigProvider, Effect, Fiber, Layer, Logger, LogLevel } from "effect"
import type { ServiceClient } from "../../../src/client/ServiceClient.js"
import { resolveConfig } from "../../../src/pipeline/EffectiveConfig.js"
import { loadPipeline } from "../../../src/pipeline/loadPipeline.js"
import { DocumentIngest } from "../../../src/runner/DocumentIngest.js"
import { RunProgress } from "../../../src/runner/Progress.js"
import { runPipeline } from "../../../src/runner/Runner.js"
import type { RunInput, RunSummary } from "../../../src/runner/RunSummary.js"
import { CheckpointStore } from "../../../src/store/CheckpointStore.js"
import type { LayoutStore } from "../../../src/store/LayoutStore.js"
import { allStores, type Stores } from "../../store/StoreFixtures.js"
import { childScript } from "../../support/TestChildren.js"
import type { TestService } from "./localService.js"

export type RunFlags = Partial<Pick<RunInput, "dryRun" | "fresh" | "onlyFailed" | "maxCells" | "shard">> & {
  /**
   * How files reach the service: uploaded (the default), or another layer (the embedded service's ingestion, or one
   * around `DocumentIngest.upload`, given the run's client and checkpoint).
   */
  readonly ingest?: Layer.Layer<DocumentIngest, never, ServiceClient | LayoutStore>
  /** Runs between reading the pipeline and running it (a file that changes or vanishes after validation). */
  readonly afterLoad?: Effect.Effect<void>
}

/** The checkpoint file of a pipeline whose output dir is `dir`. */
export const stateFileOf = (outputDir: string) => join(outputDir, "state.sqlite")

/**
 * Loads a pipeline file as the CLI would (environment from the test service) and runs it in this process. `watch`
 * runs beside the run (forked, interrupted when it ends) with the run's progress.
 */
export const runInProcess = (
  service: TestService,
  file: string,
  flags: RunFlags = {},
  watch?: (progress: RunProgress) => Effect.Effect<void>
) =>
  Effect.gen(function* () {
    const loaded = yield* loadPipeline(file, { defaultsFile: null })
    if (flags.afterLoad !== undefined) yield* flags.afterLoad
    const effective = yield* resolveConfig({ loaded }).pipe(
      Effect.withConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(service.env))))
    )
    const layer = Layer.mergeAll(flags.ingest ?? DocumentIngest.upload, RunProgress.Default).pipe(
      Layer.provideMerge(service.client),
      Layer.provideMerge(CheckpointStore.open(stateFileOf(effective.pipeline.output.dir)))
    )
    const run = Effect.gen(function* () {
      const watching = watch === undefined ? undefined : yield* Effect.fork(Effect.flatMap(RunProgress, watch))
      return yield* runPipeline({
        loaded,
        effective,
        dryRun: flags.dryRun ?? false,
        fresh: flags.fresh ?? false,
        onlyFailed: flags.onlyFailed ?? false,
        maxCells: flags.maxCells,
        shard: flags.shard
      }).pipe(Effect.ensuring(watching === undefined ? Effect.void : Fiber.interrupt(watching)))
    })
    return yield* run.pipe(Effect.provide(layer))
  }).pipe(Effect.orDie, Effect.provide(Logger.minimumLogLevel(LogLevel.Warning)))

/** Reads a checkpoint with its own short-lived store connection. */
export const withCheckpoint = <A, E>(outputDir: string, use: (store: Stores) => Effect.Effect<A, E>) =>
  Effect.flatMap(allStores, use).pipe(Effect.provide(CheckpointStore.open(stateFileOf(outputDir))), Effect.orDie)

export interface ChildResult {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly summary: RunSummary | undefined
  readonly stderr: string
}

/**
 * Runs the runner in a child process (`runChild.ts`) and waits for it to end, by itself, by its crash hook
 * (`crashAt`, e.g. "after-intent:2"), or by a signal this process sends once a condition holds (`signal`).
 */
export const runChild = (
  service: TestService,
  file: string,
  options: {
    readonly args?: ReadonlyArray<string>
    readonly crashAt?: string
    /** Sends `name` once `when` holds (checked every 50 ms; errors count as not yet). */
    readonly signal?: { readonly name: NodeJS.Signals; readonly when: () => boolean }
  } = {}
) =>
  Effect.async<ChildResult>((resume) => {
    const child = spawn(process.execPath, [childScript("runChild"), file, ...(options.args ?? [])], {
      env: {
        ...process.env,
        ...service.env,
        ...(options.crashAt === undefined ? {} : { DOCSWEEP_TEST_CRASH_AT: options.crashAt })
      },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let out = ""
    let err = ""
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString()
    })
    const signal = options.signal
    const holds = () => {
      try {
        return signal?.when() === true
      } catch {
        return false
      }
    }
    const timer: NodeJS.Timeout | undefined =
      signal === undefined
        ? undefined
        : setInterval(() => {
            if (!holds()) return
            clearInterval(timer)
            child.kill(signal.name)
          }, 50)
    child.on("close", (code, signal) => {
      if (timer !== undefined) clearInterval(timer)
      const last = out.trim().split("\n").at(-1) ?? ""
      const summary = last.startsWith("{") ? (JSON.parse(last) as RunSummary) : undefined
      resume(Effect.succeed({ code, signal, summary, stderr: err }))
    })
    return Effect.sync(() => child.kill("SIGKILL"))
  })
