import { existsSync } from "node:fs"
import { join, resolve } from "node:path"
import { Effect, Schema } from "effect"
import type { Argv } from "yargs"
import { loadPipeline } from "../../pipeline/loadPipeline.js"
import { OutputSettings } from "../../pipeline/OutputSettings.js"
import { mergeServiceDocuments } from "../../service/MergeDocuments.js"
import { databaseFile } from "../../service/ServiceDatabase.js"
import { CheckpointStore } from "../../store/CheckpointStore.js"
import { checkMergeTarget, mergeCheckpoints, readShards } from "../../store/MergeCheckpoints.js"
import { requireStopped } from "../../store/MergeChecks.js"
import { acquireLock } from "../../store/PipelineLock.js"
import { CliOutput } from "../CliOutput.js"
import { ExitCode } from "../ExitCode.js"
import { type ArgvOf, commandHelp } from "../PipelineArgs.js"
import { embeddedDataDir, statePath, writeRunReports } from "../Reports.js"
import { effectCommand } from "../runCommand.js"
import { UsageError } from "../UsageError.js"

/** Report settings without a pipeline: the defaults a pipeline's `output:` has (the folder is `--out`). */
const defaultOutput: OutputSettings = { ...Schema.decodeSync(OutputSettings)({}), dir: "" }

const builder = (yargs: Argv) =>
  commandHelp(yargs)
    .positional("dirs", { type: "string", array: true, describe: "the shards' output directories (shard-I-of-N)" })
    // A variadic positional defaults to [] in yargs, which its help would show beside [required].
    .default("dirs", undefined)
    .option("pipeline", {
      type: "string",
      describe: "the pipeline file: the merged output goes to its output.dir, with its report settings"
    })
    .option("out", { type: "string", describe: "where the merged checkpoint and report go (else the pipeline's)" })
    .option("partial", {
      type: "boolean",
      describe: "merge although some shards of the split are not given (the merged run's note names them)"
    })
    .example("$0 merge output/contracts/shard-*-of-4 --pipeline pipelines/contracts.yaml", "then `run` goes on from it")
    .example("$0 merge shards/shard-* --out output/contracts-review", "without the pipeline: default report settings")

/**
 * `docsweep merge DIR... [--out DIR]`: one checkpoint and one report from the shards' checkpoints. Shards that ran
 * on their own embedded services bring their documents into the merged output's embedded service, so a later `run`
 * of the pipeline goes on from the merged checkpoint (doing only what is new).
 */
const mergeShards = Effect.fn("MergeCommand.mergeShards")(function* (argv: ArgvOf<typeof builder>) {
  const output = yield* CliOutput
  const pipeline = argv.pipeline === undefined ? undefined : (yield* loadPipeline(argv.pipeline)).pipeline
  const outDir = argv.out ?? pipeline?.output.dir
  if (outDir === undefined) return yield* new UsageError({ message: "merge needs --out DIR or --pipeline FILE" })
  const dirs = (argv.dirs ?? []).map((dir) => resolve(dir))
  yield* Effect.forEach(dirs, requireShardDir, { discard: true })
  const sources = dirs.map(statePath)
  // Everything is checked before anything is written: the shards (ended, one split of one pipeline), then, under
  // the target's lock (no run of the pipeline writes it meanwhile), the target's checkpoint.
  yield* Effect.forEach(sources, requireStopped, { discard: true })
  const input = yield* readShards(sources, { partial: argv.partial === true, pipelineName: pipeline?.name })
  const target = statePath(resolve(outDir))
  // The lock is held until the reports are written: they are of this merge, not of a run started meanwhile.
  const { merged, written } = yield* Effect.scoped(
    Effect.gen(function* () {
      yield* acquireLock(target)
      yield* checkMergeTarget(target, input)
      // The embedded service data each shard run kept (none when it ran against a service).
      const services = dirs.map(embeddedDataDir).filter((dir) => existsSync(join(dir, databaseFile)))
      const documents =
        services.length === 0 ? 0 : yield* mergeServiceDocuments(embeddedDataDir(resolve(outDir)), services)
      const counts = yield* mergeCheckpoints(target, input)
      yield* Effect.logInfo(`merged ${sources.length} checkpoints into ${target}`).pipe(
        Effect.annotateLogs({ ...counts, serviceDocuments: documents })
      )
      const reports = yield* writeRunReports({
        outputDir: resolve(outDir),
        pipelineFile: argv.pipeline ?? "(merged shards)",
        output: pipeline?.output ?? defaultOutput
      }).pipe(Effect.provide(CheckpointStore.open(target)))
      return { merged: counts, written: reports }
    })
  )
  const { count, missing } = input.split
  if (missing.length > 0) {
    yield* Effect.logWarning(
      `partial merge: shard${missing.length === 1 ? "" : "s"} ${missing.map((i) => `${i}/${count}`).join(", ")} ` +
        "not merged; the report says so"
    )
  }
  for (const chat of pipeline?.chats.filter((c) => c.scope === "all") ?? []) {
    yield* Effect.logInfo(
      `chat "${chat.name}" (scope: all) is not asked by shards: \`docsweep run ${argv.pipeline}\` asks it over ` +
        "every merged document (a later merge keeps its answer)"
    )
  }
  output.result(written.join("\n"), { reports: written, merged, missingShards: missing })
  return ExitCode.ok
})

/** A merge source is a shard's output directory, the folder `run --shard I/N` wrote its checkpoint in. */
const requireShardDir = (dir: string) =>
  existsSync(statePath(dir))
    ? Effect.void
    : Effect.fail(
        new UsageError({
          message: `no checkpoint in ${dir}: merge takes the shards' output directories (<output dir>/shard-I-of-N)`
        })
      )

export const MergeCommand = effectCommand(
  "merge <dirs..>",
  "combine shard checkpoints (their output dirs) into one checkpoint and one report",
  builder,
  mergeShards
)
