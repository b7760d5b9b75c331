import { Effect } from "effect"
import type { Argv } from "yargs"
import { CheckpointStore } from "../../store/CheckpointStore.js"
import { ReadStore } from "../../store/ReadStore.js"
import { CliOutput } from "../CliOutput.js"
import { ExitCode } from "../ExitCode.js"
import type { ArgvOf } from "../PipelineArgs.js"
import { lockOf, statusData } from "../StatusData.js"
import { renderStatus } from "../StatusText.js"
import { type Checkpoint, checkpointCommand, withCheckpointFlags } from "./CheckpointCommand.js"

const statusBuilder = (yargs: Argv) =>
  withCheckpointFlags(yargs)
    .option("json", { type: "boolean", describe: "print JSON" })
    .example("$0 status pipelines/contracts.yaml", "runs, counts, failed cells with reasons, the lock")
    .example("$0 status pipelines/contracts.yaml --shard 2/4 --json", "one shard's checkpoint, for scripts")

/** A word as a shell reads it back: quoted when it holds anything but plain path characters. */
const shellWord = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`)

/** The `docsweep run` that resumes this checkpoint: the same file, output folder and shard. */
const rerunCommand = (argv: ArgvOf<typeof statusBuilder>) =>
  [
    "docsweep",
    "run",
    argv.file,
    ...(argv.output === undefined ? [] : ["--output", argv.output]),
    ...(argv.shard === undefined ? [] : ["--shard", argv.shard])
  ]
    .map(shellWord)
    .join(" ")

/** `docsweep status FILE`: runs, counts, failures, last activity and the lock, from the checkpoint alone. */
const showStatus = Effect.fn("StatusCommand.showStatus")(function* (
  argv: ArgvOf<typeof statusBuilder>,
  { loaded, path }: Checkpoint
) {
  const output = yield* CliOutput
  const summary = yield* Effect.flatMap(ReadStore, (store) => store.statusSummary()).pipe(
    Effect.provide(CheckpointStore.openToLook(path))
  )
  const data = statusData({ checkpoint: path, summary, ...(yield* lockOf(path)), pipelineHash: loaded.hash })
  if (output.format === "json") output.result(`status of ${path}`, data)
  else output.result(argv.json === true ? JSON.stringify(data, null, 2) : renderStatus(data, rerunCommand(argv)))
  return ExitCode.ok
})

export const StatusCommand = checkpointCommand(
  "status <file>",
  "runs, counts by status, failures, last activity and the lock, from the checkpoint alone",
  statusBuilder,
  showStatus
)
