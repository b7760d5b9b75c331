import { resolve } from "node:path"
import { Effect } from "effect"
import type { Argv, CommandModule } from "yargs"
import { loadPipeline } from "../../pipeline/loadPipeline.js"
import type { OutputSettings } from "../../pipeline/PipelineSchema.js"
import { CheckpointStore } from "../../store/CheckpointStore.js"
import { mergeCheckpoints } from "../../store/MergeCheckpoints.js"
import { ExitCode } from "../ExitCode.js"
import { reportFailures } from "../Failures.js"
import type { ArgsOf } from "../PipelineArgs.js"
import { requireCheckpoint, statePath, writeRunReports } from "../Reports.js"
import { runCommandWith } from "../runCommand.js"
import { UsageError } from "../UsageError.js"

const defaultOutput: OutputSettings = {
  dir: "",
  formats: ["xlsx", "csv", "html"],
  csv_bom: false,
  allow_formulas: false,
  keep: 10,
  changes: false
}

const builder = (yargs: Argv) =>
  yargs
    .positional("dirs", { type: "string", array: true, demandOption: true, describe: "shard output directories" })
    .option("pipeline", { type: "string", describe: "the pipeline file: its output settings and output dir" })
    .option("out", { type: "string", describe: "where the merged checkpoint and report go" })

/** `docsweep merge DIR... [--out DIR]`: one checkpoint and one report from the shards' checkpoints. */
export const MergeCommand: CommandModule<object, ArgsOf<typeof builder>> = {
  command: "merge <dirs..>",
  describe: "combine shard checkpoints (their output dirs) into one checkpoint and one report",
  builder,
  handler: (argv) =>
    runCommandWith(
      argv,
      reportFailures(
        Effect.gen(function* () {
          const pipeline = argv.pipeline === undefined ? undefined : (yield* loadPipeline(argv.pipeline)).pipeline
          const outDir = argv.out ?? pipeline?.output.dir
          if (outDir === undefined)
            return yield* new UsageError({ message: "merge needs --out DIR or --pipeline FILE" })
          const sources = argv.dirs.map((dir) => statePath(resolve(dir)))
          yield* Effect.forEach(sources, requireCheckpoint, { discard: true })
          const target = statePath(resolve(outDir))
          const merged = yield* mergeCheckpoints(target, sources)
          console.error(`merged ${sources.length} checkpoints into ${target}: ${JSON.stringify(merged)}`)
          const written = yield* writeRunReports({
            outputDir: resolve(outDir),
            pipelineFile: argv.pipeline ?? "(merged shards)",
            output: pipeline?.output ?? defaultOutput
          }).pipe(Effect.provide(CheckpointStore.open(target)))
          for (const file of written) console.log(file)
          return ExitCode.ok
        })
      )
    )
}
