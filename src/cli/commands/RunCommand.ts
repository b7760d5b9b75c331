import { PositiveDuration } from "../../pipeline/Duration.js"
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { NodeHttpClient } from "@effect/platform-node"
import { Config, Effect, Fiber, FiberRef, HashSet, Layer, Logger, Schema } from "effect"
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs"
import { ClientSettings } from "../../client/ClientSettings.js"
import { ServiceClient } from "../../client/ServiceClient.js"
import { RunProgress } from "../../runner/Progress.js"
import { runPipeline } from "../../runner/Runner.js"
import { parseEngineChoice } from "../../service/engine/EngineSettings.js"
import { CheckpointStore } from "../../store/CheckpointStore.js"
import { isEmptyCheckpoint, verifyCheckpoint } from "../../store/CheckpointConsistency.js"
import { acquireLock } from "../../store/PipelineLock.js"
import { connectService, describeConnection } from "../EmbeddedService.js"
import { exitCodeOf } from "../ExitCode.js"
import { reportFailures } from "../Failures.js"
import { type ArgsOf, loadEffective, withServiceFlags } from "../PipelineArgs.js"
import { makeLogger } from "../Logging.js"
import { type LiveTerminal, makeLiveTerminal, showProgress } from "../ProgressDisplay.js"
import { shardDir, statePath, writeRunReports } from "../Reports.js"
import { renderPlan, renderSummary } from "../RunSummaryText.js"
import { runCommandWith } from "../runCommand.js"
import { parseShard } from "../Shard.js"
import { UsageError } from "../UsageError.js"
import { docsweepVersion } from "../Version.js"

const builder = (yargs: Argv) =>
  withServiceFlags(yargs.positional("file", { type: "string", demandOption: true }))
    .option("dry-run", { type: "boolean", default: false, describe: "print the plan; submit and write nothing" })
    .option("max-cells", { type: "number", describe: "refuse a run that would submit more pairs" })
    .option("fresh", { type: "boolean", default: false, describe: "start over: new tables, every pair asked again" })
    .option("only-failed", { type: "boolean", default: false, describe: "run only the pairs that failed before" })
    .option("shard", { type: "string", describe: "I/N: this machine's deterministic share of the documents" })
    .option("engine", {
      type: "string",
      default: "extractive",
      describe: "embedded service: extractive, openai, latency"
    })
    .option("latency-ms", { type: "number", describe: "embedded latency engine: milliseconds per answer" })
    .option("llm-base-url", { type: "string", describe: "embedded openai engine: OpenAI-compatible base URL" })
    .option("llm-model", { type: "string", describe: "embedded openai engine: model name" })
    .option("progress-interval", {
      type: "string",
      default: "30s",
      describe: "without a terminal: one line per interval"
    })
    .option("summary-json", { type: "string", describe: "also write the summary as JSON to this file" })

type RunArgs = ArgumentsCamelCase<ArgsOf<typeof builder>> & {
  readonly quiet?: boolean | undefined
  readonly logFormat?: string | undefined
}

/** `--progress-interval` reads like every duration in a pipeline (`30s`, `500ms`, `2m`). */
const parseInterval = (text: string) =>
  Schema.decodeUnknown(PositiveDuration)(text).pipe(
    Effect.mapError(
      () => new UsageError({ message: `--progress-interval takes a duration such as 30s or 500ms; got "${text}"` })
    )
  )

/** At a terminal, or when FORCE_TTY=1 (tests, `script`), progress is drawn live; otherwise logged per interval. */
const isTerminal = Config.boolean("FORCE_TTY").pipe(
  Config.withDefault(false),
  Effect.map((forced) => forced || process.stderr.isTTY === true),
  Effect.orElseSucceed(() => process.stderr.isTTY === true)
)

/** A directory removed with the scope: where a dry run's embedded service keeps its data. */
const scratchDir = Effect.acquireRelease(
  Effect.sync(() => mkdtempSync(join(tmpdir(), "docsweep-dry-run-"))),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
)

/**
 * At a terminal every log line of the run goes through the live display, which writes it above its block; a log
 * line written straight to stderr would be drawn over by the next redraw.
 */
const runProgram = (argv: RunArgs) =>
  Effect.gen(function* () {
    const terminal =
      !argv.dryRun && argv.quiet !== true && (yield* isTerminal)
        ? makeLiveTerminal((text) => process.stderr.write(text))
        : undefined
    if (terminal === undefined) return yield* runWith(argv, undefined)
    const logger = makeLogger(argv.logFormat === "json" ? "json" : "text", terminal.log)
    return yield* Effect.locally(
      runWith(argv, terminal),
      FiberRef.currentLoggers,
      HashSet.make(logger, Logger.tracerLogger)
    )
  })

const runWith = (argv: RunArgs, terminal: LiveTerminal | undefined) =>
  Effect.gen(function* () {
    const { effective, loaded } = yield* loadEffective(argv.file, argv)
    const shard = argv.shard === undefined ? undefined : yield* parseShard(argv.shard)
    const engine = yield* parseEngineChoice(argv, process.env).pipe(
      Effect.mapError((error) => new UsageError({ message: error.reason }))
    )
    const interval = yield* parseInterval(argv.progressInterval)
    const outputDir =
      shard === undefined ? effective.pipeline.output.dir : shardDir(effective.pipeline.output.dir, shard)
    const checkpoint = statePath(outputDir)
    const lease = argv.dryRun
      ? undefined
      : yield* Effect.suspend(() => {
          mkdirSync(outputDir, { recursive: true })
          return acquireLock(checkpoint)
        })
    // Read before the store opens the file (opening writes the schema into it).
    const wasEmpty = isEmptyCheckpoint(checkpoint)
    // A dry run writes nothing: with no checkpoint yet it plans against an empty one in memory, and an embedded
    // service without a data dir yet keeps its data in a temporary directory.
    const dataDir = join(outputDir, "service")
    const connection = yield* connectService({
      effective,
      engine,
      shard,
      dataDir:
        argv.dryRun && effective.service.baseUrl === undefined && !existsSync(dataDir) ? yield* scratchDir : dataDir
    })
    yield* Effect.logInfo(
      `pipeline ${effective.pipeline.name}: ${describeConnection(connection)}, checkpoint ${checkpoint}`
    )
    const connected = {
      ...effective,
      service: {
        ...effective.service,
        baseUrl: connection.baseUrl,
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
      CheckpointStore.open(argv.dryRun && !existsSync(checkpoint) ? ":memory:" : checkpoint),
      RunProgress.Default
    )
    return yield* Effect.gen(function* () {
      const progress = yield* RunProgress
      if (lease !== undefined && !argv.fresh) yield* verifyCheckpoint(checkpoint, lease.previous, wasEmpty)
      const display =
        argv.dryRun || argv.quiet === true
          ? undefined
          : yield* Effect.fork(showProgress(progress, { terminal, interval }))
      const summary = yield* runPipeline({
        loaded,
        effective: connected,
        dryRun: argv.dryRun,
        maxCells: argv.maxCells,
        fresh: argv.fresh,
        onlyFailed: argv.onlyFailed,
        shard,
        ingest: connection.ingest,
        version: docsweepVersion,
        onRunBegun: lease?.recordRun
      }).pipe(Effect.ensuring(display === undefined ? Effect.void : Fiber.interrupt(display)))
      if (argv.dryRun) {
        console.log(
          summary.plan === undefined
            ? (summary.note ?? "nothing to plan")
            : renderPlan(summary.plan, effective.pipeline.run.concurrency)
        )
        return exitCodeOf(summary.outcome === "completed" ? "completed" : summary.outcome)
      }
      const reports =
        summary.runId === undefined
          ? []
          : yield* writeRunReports({
              outputDir,
              pipelineFile: loaded.file,
              output: effective.pipeline.output,
              runId: summary.runId,
              sources: effective.sources
            })
      const code = exitCodeOf(summary.outcome)
      console.log(renderSummary(summary, reports, code))
      if (argv.summaryJson !== undefined) {
        writeFileSync(argv.summaryJson, `${JSON.stringify({ ...summary, exitCode: code, reports }, null, 2)}\n`)
      }
      return code
    }).pipe(Effect.provide(layer), Effect.annotateLogs({ pipeline: effective.pipeline.name }))
  }).pipe(Effect.scoped)

/** `docsweep run FILE`: the whole job; resumable; ends with the reports and a summary. */
export const RunCommand: CommandModule<object, ArgsOf<typeof builder>> = {
  command: "run <file>",
  describe: "run a pipeline: tables, cells and chats, checkpointed; ends with its reports and a summary",
  builder,
  handler: (argv) => runCommandWith(argv, reportFailures(runProgram(argv)))
}
