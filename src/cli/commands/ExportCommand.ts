import { Effect } from "effect"
import type { Argv } from "yargs"
import { Format } from "../../pipeline/OutputSettings.js"
import { CheckpointStore } from "../../store/CheckpointStore.js"
import { lockIsFree } from "../../store/PipelineLock.js"
import { RunStore } from "../../store/RunStore.js"
import { CliOutput } from "../CliOutput.js"
import { ExitCode } from "../ExitCode.js"
import type { ArgvOf } from "../PipelineArgs.js"
import { requireRun, writeRunReports } from "../Reports.js"
import { UsageError } from "../UsageError.js"
import { type Checkpoint, checkpointCommand, withCheckpointFlags } from "./CheckpointCommand.js"

const parseFormats = (text: string | undefined) =>
  Effect.gen(function* () {
    if (text === undefined) return undefined
    const formats = text
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part !== "")
    const chosen = Format.literals.filter((format) => formats.includes(format))
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
const exportReports = Effect.fn("ExportCommand.exportReports")(function* (
  argv: ArgvOf<typeof exportBuilder>,
  { effective, loaded, outputDir, path }: Checkpoint
) {
  const output = yield* CliOutput
  const formats = yield* parseFormats(argv.format)
  const written = yield* Effect.gen(function* () {
    const runs = yield* RunStore
    yield* requireRun(yield* runs.runs(), argv.run, "--run", path)
    return yield* writeRunReports({
      lockFree: yield* lockIsFree(path),
      outputDir,
      pipelineFile: loaded.file,
      output: effective.pipeline.output,
      formats,
      runId: argv.run,
      sources: effective.sources
    })
    // Read only, like status: opened to write, SQLite left its -wal and -shm files in a folder anyone may write,
    // owned by whoever exported, and a run of another user could not open the checkpoint after.
  }).pipe(Effect.provide(CheckpointStore.openToLook(path)))
  output.result(written.join("\n"), { reports: written })
  return ExitCode.ok
})

export const ExportCommand = checkpointCommand(
  "export <file>",
  "write the reports of a run again from the checkpoint alone (no service needed)",
  exportBuilder,
  exportReports
)
