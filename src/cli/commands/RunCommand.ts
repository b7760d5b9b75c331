import { Effect, Schema } from "effect"
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs"
import { PositiveDuration } from "../../pipeline/Duration.js"
import { missingIdentity } from "../../runner/Runner.js"
import { engineChoice } from "../../service/engine/EngineSettings.js"
import { embeddedIdentity } from "../EmbeddedService.js"
import { type ArgsOf, loadEffective, withPipelineFile, withServiceFlags } from "../PipelineArgs.js"
import { LiveDisplay } from "../ProgressDisplay.js"
import { runOutputDir, statePath } from "../Reports.js"
import { checkSummaryPath } from "../RunEnding.js"
import { runJob } from "../RunJob.js"
import type { RunConnection } from "../RunLayer.js"
import { runCommandWith } from "../runCommand.js"
import { parseShard } from "../Shard.js"
import { UsageError } from "../UsageError.js"
import { engineFlagNames, engineFlags } from "./ServiceFlags.js"

const builder = (yargs: Argv) =>
  engineFlags(withServiceFlags(withPipelineFile(yargs)))
    .option("dry-run", { type: "boolean", default: false, describe: "print the plan; submit and write nothing" })
    .option("max-cells", { type: "number", describe: "refuse (exit 2) a run that would submit more pairs" })
    .option("fresh", { type: "boolean", default: false, describe: "start over: new tables, every pair asked again" })
    .option("only-failed", { type: "boolean", default: false, describe: "run only the pairs that failed before" })
    .option("shard", { type: "string", describe: "I/N: this machine's deterministic share of the documents" })
    .option("progress-interval", {
      type: "string",
      default: "30s",
      describe: "without a terminal: one line per interval"
    })
    .option("summary-json", { type: "string", describe: "also write the summary as JSON to this file" })
    // With no service configured, `run` starts the local one in-process with the engine `serve` would use.
    .group(engineFlagNames, "Embedded service (without --base-url or DOCSWEEP_BASE_URL):")
    .example("$0 run pipelines/example.yaml", "on the embedded local service: no setup, no network")
    .example(
      "DOCSWEEP_BASE_URL=https://cite.petal.org $0 run pipelines/contracts.yaml --token-file ~/.docsweep-token",
      "against the hosted service; run it again to resume or to do only what is new"
    )

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

/** The run as its command line, the pipeline, the environment and the defaults make it: read, checked, not begun. */
const parseRun = (argv: RunArgs) =>
  Effect.gen(function* () {
    if (argv.fresh && argv.onlyFailed) {
      return yield* new UsageError({
        message:
          "--fresh and --only-failed contradict each other: --fresh asks every pair again, --only-failed only those that failed before"
      })
    }
    const { effective, loaded } = yield* loadEffective(argv.file, argv)
    const shard = argv.shard === undefined ? undefined : yield* parseShard(argv.shard)
    const engine = yield* engineChoice(argv).pipe(Effect.mapError((error) => new UsageError({ message: error.reason })))
    const interval = yield* parseInterval(argv.progressInterval)
    yield* checkSummaryPath(argv.summaryJson)
    const outputDir = runOutputDir(effective.pipeline.output.dir, shard)
    const { baseUrl } = effective.service
    const identity = embeddedIdentity(effective.service)
    const missing = baseUrl === undefined ? undefined : missingIdentity(effective.service)
    if (missing !== undefined) return yield* new UsageError({ message: missing })
    const connection: RunConnection =
      baseUrl === undefined ? { _tag: "Embedded", engine, ...identity } : { _tag: "Configured", baseUrl }
    return {
      loaded,
      effective: baseUrl === undefined ? { ...effective, service: { ...effective.service, ...identity } } : effective,
      connection,
      shard,
      outputDir,
      checkpoint: statePath(outputDir),
      dryRun: argv.dryRun,
      fresh: argv.fresh,
      onlyFailed: argv.onlyFailed,
      maxCells: argv.maxCells,
      quiet: argv.quiet === true,
      interval,
      summaryJson: argv.summaryJson
    }
  })

/** `docsweep run FILE`: the whole job; resumable; ends with the reports and a summary, also when interrupted. */
export const RunCommand: CommandModule<object, ArgsOf<typeof builder>> = {
  command: "run <file>",
  describe: "run a pipeline: tables, cells and chats, checkpointed; ends with its reports and a summary",
  builder,
  handler: (argv: RunArgs) =>
    runCommandWith(argv, Effect.flatMap(parseRun(argv), runJob), {
      display: LiveDisplay.forRun({ wanted: !argv.dryRun && argv.quiet !== true && argv.logFormat !== "json" })
    })
}
