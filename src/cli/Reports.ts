import { existsSync, readdirSync, statSync } from "node:fs"
import { dirname, join } from "node:path"
import { DateTime, Effect } from "effect"
import type { ReportFormat } from "../export/ReportModel.js"
import { toReportModel } from "../export/ReportSource.js"
import { withStoppedRun } from "../export/StoppedRun.js"
import { writeReports } from "../export/WriteReports.js"
import { type ConfigEntry, listedSettings } from "../pipeline/EffectiveConfig.js"
import type { OutputSettings } from "../pipeline/OutputSettings.js"
import type { RunRecord } from "../store/CheckpointModel.js"
import { ReadStore } from "../store/ReadStore.js"
import { UsageError } from "./UsageError.js"

/** The checkpoint of a pipeline's output directory. */
export const statePath = (outputDir: string) => join(outputDir, "state.sqlite")

/** The embedded service's data (database and files) of a pipeline's output directory, kept next to its checkpoint. */
export const embeddedDataDir = (outputDir: string) => join(outputDir, "service")

/** Where a run writes: the pipeline's output directory, or (a shard run) the shard's own checkpoint and reports in it. */
export const runOutputDir = (
  outputDir: string,
  shard: { readonly index: number; readonly count: number } | undefined
) => (shard === undefined ? outputDir : join(outputDir, `shard-${shard.index}-of-${shard.count}`))

/** The shard checkpoints beside where an unsharded one would be (`shard-2-of-4/state.sqlite`), by folder name. */
const shardFolders = (path: string): ReadonlyArray<string> => {
  const dir = dirname(path)
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return []
  return readdirSync(dir)
    .filter((name) => /^shard-\d+-of-\d+$/.test(name) && existsSync(join(dir, name, "state.sqlite")))
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
}

/**
 * Fails clearly when a command that reads a checkpoint is pointed at a pipeline that never ran, or that ran only in
 * shards (each has its own checkpoint): then it says so, and how to read them.
 */
export const requireCheckpoint = (path: string) =>
  Effect.suspend(() => {
    if (existsSync(path)) return Effect.void
    const shards = shardFolders(path)
    const message =
      shards.length === 0
        ? `no checkpoint at ${path}: run the pipeline first (or pass --output to where it ran)`
        : `no checkpoint at ${path}: the pipeline ran in shards (${shards.join(", ")}); ` +
          "pass --shard I/N for one of them, or `docsweep merge` them into one"
    return Effect.fail(new UsageError({ message }))
  })

/** `#1 to #3`, `#1`, or `no run`: the runs a checkpoint holds, for messages. */
export const describeRuns = (runs: ReadonlyArray<RunRecord>) =>
  runs.length === 0
    ? "no run"
    : runs.length === 1
      ? `run #${runs[0]?.id}`
      : `runs #${runs[0]?.id} to #${runs.at(-1)?.id}`

/** Fails with a usage error naming `flag` when the checkpoint holds no run `runId`. */
export const requireRun = (runs: ReadonlyArray<RunRecord>, runId: number | undefined, flag: string, path: string) =>
  runId === undefined || runs.some((run) => run.id === runId)
    ? Effect.void
    : Effect.fail(new UsageError({ message: `${flag} ${runId}: no such run; ${path} holds ${describeRuns(runs)}` }))

/**
 * Writes the reports of a run (default: the latest) from the checkpoint alone. Reports of the newest run replace
 * the `-latest` files; a report of an earlier run is written as `<name>-run<N>-<UTC>…`, leaving `-latest` and the
 * `keep` rotation alone. The HTML report lists the settings the run recorded in the checkpoint; for a run that
 * recorded none (an older docsweep, a merge) the newest run's report lists `sources`, an earlier run's none.
 */
export const writeRunReports = (input: {
  readonly outputDir: string
  readonly pipelineFile: string
  readonly output: OutputSettings
  readonly formats?: ReadonlyArray<ReportFormat> | undefined
  readonly runId?: number | undefined
  /** The effective configuration, for the HTML report's settings. */
  readonly sources?: ReadonlyArray<ConfigEntry> | undefined
  /**
   * No live process holds the pipeline's lock (`docsweep export`): a newest run still marked running was killed or
   * crashed before it could end, and its reports say so rather than "running".
   */
  readonly lockFree?: boolean | undefined
}) =>
  Effect.gen(function* () {
    const readStore = yield* ReadStore
    const formats = input.formats ?? input.output.formats
    const data = yield* readStore.reportData(input.runId, {
      changes: input.output.changes,
      history: formats.includes("html")
    })
    const read = toReportModel(data, { file: input.pipelineFile })
    const model = withStoppedRun(read, { newest: data.newest, lockFree: input.lockFree === true })
    const now = yield* DateTime.now
    return yield* writeReports(model, {
      dir: input.outputDir,
      name: data.newest ? data.pipelineName : `${data.pipelineName}-run${data.run.id}`,
      latest: data.newest,
      formats,
      csvBom: input.output.csv_bom,
      allowFormulas: input.output.allow_formulas,
      keep: input.output.keep,
      now: DateTime.toDateUtc(now),
      // What the run ran with; a run recorded before docsweep kept that: the newest as configured now, others none.
      settings: data.settings ?? (data.newest ? listedSettings(input.sources ?? []) : [])
    })
  })
