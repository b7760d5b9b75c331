import { Effect } from "effect"
import type { ArgumentsCamelCase, Argv } from "yargs"
import type { CliOutput } from "../CliOutput.js"
import type { CommandError } from "../Failures.js"
import { loadEffective, withOutputFlag, withPipelineFile } from "../PipelineArgs.js"
import { requireCheckpoint, runOutputDir, statePath } from "../Reports.js"
import { effectCommand } from "../runCommand.js"
import { parseShard } from "../Shard.js"

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
    // The service settings of the environment are never used here, so a stale DOCSWEEP_* variable cannot block it.
    const { effective, loaded } = yield* loadEffective(file, { output: argv.output }, { environment: false })
    const shard = argv.shard === undefined ? undefined : yield* parseShard(argv.shard)
    const outputDir = runOutputDir(effective.pipeline.output.dir, shard)
    const path = statePath(outputDir)
    yield* requireCheckpoint(path)
    return { effective, loaded, outputDir, path }
  })

export type Checkpoint = Effect.Effect.Success<ReturnType<typeof checkpointOf>>

/** The flags `withCheckpointFlags` adds, as a handler reads them. */
interface CheckpointArgs {
  readonly file: string
  readonly output?: string | undefined
  readonly shard?: string | undefined
}

/** A command that works from the checkpoint alone: its program gets the checkpoint the flags name, found. */
export const checkpointCommand = <T extends CheckpointArgs>(
  command: string,
  describe: string,
  builder: (yargs: Argv) => Argv<T>,
  program: (argv: ArgumentsCamelCase<T>, checkpoint: Checkpoint) => Effect.Effect<number, CommandError, CliOutput>
) =>
  effectCommand(command, describe, builder, (argv) =>
    Effect.flatMap(checkpointOf(argv.file, argv), (checkpoint) => program(argv, checkpoint))
  )
