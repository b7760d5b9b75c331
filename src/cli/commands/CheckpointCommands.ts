import { Effect, Option } from "effect"
import type { Argv, CommandModule } from "yargs"
import type { ReportFormat } from "../../export/ReportModel.js"
import { CheckpointStore } from "../../store/CheckpointStore.js"
import { readLock } from "../../store/PipelineLock.js"
import { ExitCode } from "../ExitCode.js"
import { reportFailures } from "../Failures.js"
import { type ArgsOf, loadEffective, withServiceFlags } from "../PipelineArgs.js"
import { requireCheckpoint, shardDir, statePath, writeRunReports } from "../Reports.js"
import { parseShard } from "../Shard.js"
import { renderDiff, renderStatus } from "../StatusText.js"
import { runCommandWith } from "../runCommand.js"
import { UsageError } from "../UsageError.js"

export const withCheckpointFlags = (yargs: Argv) =>
  withServiceFlags(yargs.positional("file", { type: "string", demandOption: true })).option("shard", {
    type: "string",
    describe: "I/N: the checkpoint of one shard"
  })

/** The output directory and checkpoint a pipeline (or one of its shards) writes to. */
export const checkpointOf = (
  file: string,
  argv: Parameters<typeof loadEffective>[1] & { readonly shard?: string | undefined }
) =>
  Effect.gen(function* () {
    const { effective, loaded } = yield* loadEffective(file, argv)
    const shard = argv.shard === undefined ? undefined : yield* parseShard(argv.shard)
    const outputDir =
      shard === undefined ? effective.pipeline.output.dir : shardDir(effective.pipeline.output.dir, shard)
    const path = statePath(outputDir)
    yield* requireCheckpoint(path)
    return { effective, loaded, outputDir, path }
  })

const parseFormats = (text: string | undefined) =>
  Effect.gen(function* () {
    if (text === undefined) return undefined
    const formats = text
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part !== "")
    const known: ReadonlyArray<ReportFormat> = ["xlsx", "csv", "html"]
    const chosen = known.filter((format) => formats.includes(format))
    if (formats.length === 0 || formats.some((format) => !chosen.some((name) => name === format))) {
      return yield* new UsageError({ message: `--format takes xlsx, csv and html, comma-separated; got "${text}"` })
    }
    return chosen
  })

const exportBuilder = (yargs: Argv) =>
  withCheckpointFlags(yargs)
    .option("run", { type: "number", describe: "the run to report (default: the latest)" })
    .option("format", {
      type: "string",
      describe: "xlsx, csv, html or several, comma-separated (default: the pipeline's output.formats)"
    })

/** `docsweep export FILE`: the reports again, from the checkpoint alone; the service is not contacted. */
export const ExportCommand: CommandModule<object, ArgsOf<typeof exportBuilder>> = {
  command: "export <file>",
  describe: "write the reports again from the checkpoint alone (no service needed)",
  builder: exportBuilder,
  handler: (argv) =>
    runCommandWith(
      argv,
      reportFailures(
        Effect.gen(function* () {
          const { effective, loaded, outputDir, path } = yield* checkpointOf(argv.file, argv)
          const formats = yield* parseFormats(argv.format)
          const written = yield* writeRunReports({
            outputDir,
            pipelineFile: loaded.file,
            output: effective.pipeline.output,
            formats,
            runId: argv.run,
            sources: effective.sources
          }).pipe(Effect.provide(CheckpointStore.open(path)))
          for (const file of written) console.log(file)
          return ExitCode.ok
        })
      )
    )
}

const statusBuilder = (yargs: Argv) =>
  withCheckpointFlags(yargs).option("json", { type: "boolean", describe: "print JSON" })

/** `docsweep status FILE`: runs, counts, failures, last activity and the lock, from the checkpoint alone. */
export const StatusCommand: CommandModule<object, ArgsOf<typeof statusBuilder>> = {
  command: "status <file>",
  describe: "runs, counts by status, failures, last activity and the lock, from the checkpoint alone",
  builder: statusBuilder,
  handler: (argv) =>
    runCommandWith(
      argv,
      reportFailures(
        Effect.gen(function* () {
          const { path } = yield* checkpointOf(argv.file, argv)
          const summary = yield* Effect.flatMap(CheckpointStore, (store) => store.statusSummary()).pipe(
            Effect.provide(CheckpointStore.open(path))
          )
          const lock = Option.getOrUndefined(yield* readLock(path))
          console.log(
            argv.json === true
              ? JSON.stringify({ checkpoint: path, lock, ...summary }, null, 2)
              : renderStatus(path, summary, lock)
          )
          return ExitCode.ok
        })
      )
    )
}

const diffBuilder = (yargs: Argv) =>
  withCheckpointFlags(yargs)
    .option("from", { type: "number", describe: "the earlier run (default: the run before --to)" })
    .option("to", { type: "number", describe: "the later run (default: the latest)" })
    .option("json", { type: "boolean", describe: "print JSON" })

/** `docsweep diff FILE [--from RUN] [--to RUN]`: answers that changed between two runs. */
export const DiffCommand: CommandModule<object, ArgsOf<typeof diffBuilder>> = {
  command: "diff <file>",
  describe: "answers that changed between two runs (default: the last two)",
  builder: diffBuilder,
  handler: (argv) =>
    runCommandWith(
      argv,
      reportFailures(
        Effect.gen(function* () {
          const { path } = yield* checkpointOf(argv.file, argv)
          return yield* Effect.gen(function* () {
            const store = yield* CheckpointStore
            const runs = yield* store.runs()
            const to = argv.to ?? runs.at(-1)?.id
            const from = argv.from ?? runs.filter((run) => to !== undefined && run.id < to).at(-1)?.id
            if (to === undefined || from === undefined) {
              return yield* new UsageError({ message: `diff needs two runs; ${path} holds ${runs.length}` })
            }
            const changes = yield* store.diff(from, to)
            console.log(
              argv.json === true ? JSON.stringify({ from, to, changes }, null, 2) : renderDiff(from, to, changes)
            )
            return ExitCode.ok
          }).pipe(Effect.provide(CheckpointStore.open(path)))
        })
      )
    )
}
