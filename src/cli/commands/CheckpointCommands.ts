import { Effect, Option } from "effect"
import type { Argv, CommandModule } from "yargs"
import type { ReportFormat } from "../../export/ReportModel.js"
import { CheckpointStore } from "../../store/CheckpointStore.js"
import { ReadStore } from "../../store/ReadStore.js"
import { RunStore } from "../../store/RunStore.js"
import { readLock } from "../../store/PipelineLock.js"
import { CliOutput } from "../CliOutput.js"
import { ExitCode } from "../ExitCode.js"
import { type ArgsOf, loadEffective, withOutputFlag, withPipelineFile } from "../PipelineArgs.js"
import { describeRuns, requireCheckpoint, requireRun, shardDir, statePath, writeRunReports } from "../Reports.js"
import { parseShard } from "../Shard.js"
import { diffHeadline, renderDiff, renderStatus } from "../StatusText.js"
import { runCommandWith } from "../runCommand.js"
import { UsageError } from "../UsageError.js"

/** What the commands that work from the checkpoint alone take: the pipeline, where it ran, which shard. */
export const withCheckpointFlags = (yargs: Argv) =>
  withOutputFlag(withPipelineFile(yargs)).option("shard", {
    type: "string",
    describe: "I/N: the checkpoint of that shard (run --shard I/N)"
  })

/** The output directory and checkpoint a pipeline (or one of its shards) writes to. */
export const checkpointOf = (
  file: string,
  argv: { readonly output?: string | undefined; readonly shard?: string | undefined }
) =>
  Effect.gen(function* () {
    const { effective, loaded } = yield* loadEffective(file, { output: argv.output })
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
    .option("run", { type: "number", describe: "the run to report, as it ended (default: the latest)" })
    .option("format", {
      type: "string",
      describe: "xlsx, csv, html or several, comma-separated (default: the pipeline's output.formats)"
    })
    .example("$0 export pipelines/contracts.yaml", "the latest run's reports again (also the -latest files)")
    .example("$0 export pipelines/contracts.yaml --run 3 --format html", "run #3 as it ended: <name>-run3-<UTC>.html")

/** `docsweep export FILE`: the reports again, from the checkpoint alone; the service is not contacted. */
export const ExportCommand: CommandModule<object, ArgsOf<typeof exportBuilder>> = {
  command: "export <file>",
  describe: "write the reports of a run again from the checkpoint alone (no service needed)",
  builder: exportBuilder,
  handler: (argv) =>
    runCommandWith(
      argv,
      Effect.gen(function* () {
        const output = yield* CliOutput
        const { effective, loaded, outputDir, path } = yield* checkpointOf(argv.file, argv)
        const formats = yield* parseFormats(argv.format)
        const written = yield* Effect.gen(function* () {
          const runs = yield* RunStore
          yield* requireRun(yield* runs.runs(), argv.run, "--run", path)
          return yield* writeRunReports({
            outputDir,
            pipelineFile: loaded.file,
            output: effective.pipeline.output,
            formats,
            runId: argv.run,
            sources: effective.sources
          })
        }).pipe(Effect.provide(CheckpointStore.openExisting(path)))
        output.result(written.join("\n"), { reports: written })
        return ExitCode.ok
      })
    )
}

const statusBuilder = (yargs: Argv) =>
  withCheckpointFlags(yargs)
    .option("json", { type: "boolean", describe: "print JSON" })
    .example("$0 status pipelines/contracts.yaml", "runs, counts, failed cells with reasons, the lock")
    .example("$0 status pipelines/contracts.yaml --shard 2/4 --json", "one shard's checkpoint, for scripts")

/** `docsweep status FILE`: runs, counts, failures, last activity and the lock, from the checkpoint alone. */
export const StatusCommand: CommandModule<object, ArgsOf<typeof statusBuilder>> = {
  command: "status <file>",
  describe: "runs, counts by status, failures, last activity and the lock, from the checkpoint alone",
  builder: statusBuilder,
  handler: (argv) =>
    runCommandWith(
      argv,
      Effect.gen(function* () {
        const output = yield* CliOutput
        const { path } = yield* checkpointOf(argv.file, argv)
        const summary = yield* Effect.flatMap(ReadStore, (store) => store.statusSummary()).pipe(
          Effect.provide(CheckpointStore.openExisting(path))
        )
        const lock = Option.getOrUndefined(yield* readLock(path))
        const data = { checkpoint: path, lock, ...summary }
        if (output.format === "json") output.result(`status of ${path}`, data)
        else output.result(argv.json === true ? JSON.stringify(data, null, 2) : renderStatus(path, summary, lock))
        return ExitCode.ok
      })
    )
}

const diffBuilder = (yargs: Argv) =>
  withCheckpointFlags(yargs)
    .option("from", { type: "number", describe: "the earlier run (default: the run before --to)" })
    .option("to", { type: "number", describe: "the later run (default: the latest)" })
    .option("json", { type: "boolean", describe: "print JSON" })
    .example("$0 diff pipelines/contracts.yaml", "what changed between the last two runs")
    .example("$0 diff pipelines/contracts.yaml --from 1 --to 3 --json", "between runs #1 and #3, for scripts")

/** `docsweep diff FILE [--from RUN] [--to RUN]`: answers that changed between two runs. */
export const DiffCommand: CommandModule<object, ArgsOf<typeof diffBuilder>> = {
  command: "diff <file>",
  describe:
    "answers that changed between two runs, and documents that joined or left the pipeline (default: the last two runs)",
  builder: diffBuilder,
  handler: (argv) =>
    runCommandWith(
      argv,
      Effect.gen(function* () {
        const output = yield* CliOutput
        const { path } = yield* checkpointOf(argv.file, argv)
        return yield* Effect.gen(function* () {
          const runs = yield* (yield* RunStore).runs()
          yield* requireRun(runs, argv.from, "--from", path)
          yield* requireRun(runs, argv.to, "--to", path)
          const to = argv.to ?? runs.at(-1)?.id
          const from = argv.from ?? runs.filter((run) => to !== undefined && run.id < to).at(-1)?.id
          if (to === undefined || from === undefined) {
            return yield* new UsageError({ message: `diff needs two runs; ${path} holds ${describeRuns(runs)}` })
          }
          const store = yield* ReadStore
          const changes = yield* store.diff(from, to)
          const documents = yield* store.documentChanges(from, to)
          const data = { from, to, changes, ...(documents === undefined ? {} : { documents }) }
          if (output.format === "json") output.result(diffHeadline(from, to, changes.length), data)
          else
            output.result(argv.json === true ? JSON.stringify(data, null, 2) : renderDiff(from, to, changes, documents))
          return ExitCode.ok
        }).pipe(Effect.provide(CheckpointStore.openExisting(path)))
      })
    )
}
