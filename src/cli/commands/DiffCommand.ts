import { Effect } from "effect"
import type { Argv } from "yargs"
import { CheckpointStore } from "../../store/CheckpointStore.js"
import { ReadStore } from "../../store/ReadStore.js"
import { RunStore } from "../../store/RunStore.js"
import { CliOutput } from "../CliOutput.js"
import { ExitCode } from "../ExitCode.js"
import type { ArgvOf } from "../PipelineArgs.js"
import { describeRuns, requireRun } from "../Reports.js"
import { diffHeadline, renderDiff } from "../StatusText.js"
import { UsageError } from "../UsageError.js"
import { type Checkpoint, checkpointCommand, withCheckpointFlags } from "./CheckpointCommand.js"

const diffBuilder = (yargs: Argv) =>
  withCheckpointFlags(yargs)
    .option("from", { type: "number", describe: "the earlier run (default: the run before --to)" })
    .option("to", { type: "number", describe: "the later run (default: the latest)" })
    .option("json", { type: "boolean", describe: "print JSON" })
    .example("$0 diff pipelines/contracts.yaml", "what changed between the last two runs")
    .example("$0 diff pipelines/contracts.yaml --from 1 --to 3 --json", "between runs #1 and #3, for scripts")

/**
 * `docsweep diff FILE [--from RUN] [--to RUN]`: answers that changed between two runs, and the columns and documents
 * that came, went or ask anew.
 */
const showDiff = Effect.fn("DiffCommand.showDiff")(function* (argv: ArgvOf<typeof diffBuilder>, { path }: Checkpoint) {
  const output = yield* CliOutput
  return yield* Effect.gen(function* () {
    const runs = yield* (yield* RunStore).runs()
    yield* requireRun(runs, argv.from, "--from", path)
    yield* requireRun(runs, argv.to, "--to", path)
    const to = argv.to ?? runs.at(-1)?.id
    const from = argv.from ?? runs.filter((run) => to !== undefined && run.id < to).at(-1)?.id
    if (to === undefined || from === undefined) {
      const message =
        runs.length < 2
          ? `diff needs two runs; ${path} holds ${describeRuns(runs)}`
          : `--to ${to}: no run before it to compare it with; pass --from (${path} holds ${describeRuns(runs)})`
      return yield* new UsageError({ message })
    }
    const store = yield* ReadStore
    const changes = yield* store.diff(from, to)
    const chats = yield* store.chatDiff(from, to)
    const documents = yield* store.documentChanges(from, to)
    const columns = yield* store.columnChanges(from, to)
    const data = {
      from,
      to,
      changes,
      chats,
      ...(columns === undefined ? {} : { columns }),
      ...(documents === undefined ? {} : { documents })
    }
    if (output.format === "json") output.result(diffHeadline(from, to, changes.length + chats.length), data)
    else
      output.result(
        argv.json === true ? JSON.stringify(data, null, 2) : renderDiff(from, to, changes, documents, columns, chats)
      )
    return ExitCode.ok
  }).pipe(Effect.provide(CheckpointStore.openToLook(path)))
})

export const DiffCommand = checkpointCommand(
  "diff <file>",
  "answers that changed between two runs, the columns that joined, left or were renamed, and the documents that joined or left (default: the last two runs)",
  diffBuilder,
  showDiff
)
