import { accessSync, constants, existsSync, statSync, writeFileSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { Effect } from "effect"
import { ExportError } from "../export/ExportError.js"
import { writeAtomically } from "../export/ReportFiles.js"
import type { ConfigEntry } from "../pipeline/EffectiveConfig.js"
import type { OutputSettings } from "../pipeline/OutputSettings.js"
import type { RunPlan } from "../runner/PlanRun.js"
import type { RunSummary } from "../runner/RunSummary.js"
import type { SkippedFile } from "../runner/Uploads.js"
import { CellStore } from "../store/CellStore.js"
import { ChatStore } from "../store/ChatStore.js"
import type { RunOutcome } from "../store/CheckpointModel.js"
import { ReadStore } from "../store/ReadStore.js"
import { CliOutput } from "./CliOutput.js"
import { exitCodeOf } from "./ExitCode.js"
import { writeRunReports } from "./Reports.js"
import { renderSummary } from "./RunSummaryText.js"
import { OutputUnwritable, UsageError } from "./UsageError.js"

/** What the runner (or, for an interrupted run, the CLI) knows of how a run ended; counts come from the checkpoint. */
interface RunEnd {
  readonly outputDir: string
  readonly pipelineFile: string
  readonly output: OutputSettings
  /** The effective configuration, the HTML report's settings. */
  readonly sources: ReadonlyArray<ConfigEntry>
  /** The run record; undefined when the run stopped before one was begun. */
  readonly runId: number | undefined
  readonly outcome: RunOutcome
  readonly note: string | undefined
  readonly plan: RunPlan | undefined
  readonly skipped: ReadonlyArray<SkippedFile>
  readonly seconds: number
  readonly summaryJson: string | undefined
}

/** Refused before any work: the checkpoint is as the run before left it, so there is no new report to write. */
const refusedOutcomes: ReadonlyArray<RunOutcome> = ["refused", "invalid"]

/** Fails unless `--summary-json FILE` can be written: checked before the run starts, not after it finished. */
export const checkSummaryPath = (path: string | undefined) =>
  Effect.suspend(() => {
    if (path === undefined) return Effect.void
    const absolute = resolve(path)
    const folder = dirname(absolute)
    const problem = existsSync(absolute)
      ? statSync(absolute).isDirectory()
        ? "it is a directory"
        : writable(absolute)
      : !existsSync(folder)
        ? `its folder ${folder} does not exist`
        : statSync(folder).isDirectory()
          ? writable(folder)
          : `${folder} is not a folder`
    return problem === undefined
      ? Effect.void
      : Effect.fail(new UsageError({ message: `--summary-json ${path}: cannot write there: ${problem}` }))
  })

const writable = (path: string): string | undefined => {
  try {
    accessSync(path, constants.W_OK)
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

/** Written to a temporary name and renamed, like the reports: a reader never sees half a summary. */
const writeSummaryJson = (path: string, data: object) =>
  writeAtomically(path, (temporary) =>
    Effect.try({
      try: () => writeFileSync(temporary, `${JSON.stringify(data, null, 2)}\n`),
      catch: (cause) => new ExportError({ path: temporary, cause })
    })
  ).pipe(
    Effect.mapError(
      (error) =>
        new OutputUnwritable({
          path,
          reason: error.cause instanceof Error ? error.cause.message : String(error.cause)
        })
    )
  )

/**
 * The one place that ends every run — finished, failed cells, deadline, interrupted, refused: the reports, the
 * summary (text, or one JSON object with `--log-format json`) and `--summary-json`, all read from the checkpoint so
 * they agree with it and with each other. A run refused before any work writes no new report set (it would only
 * repeat the last one and push a real one out of `keep`). Returns the exit code.
 */
export const endRun = (end: RunEnd) =>
  Effect.gen(function* () {
    const output = yield* CliOutput
    const cellStore = yield* CellStore
    const chatStore = yield* ChatStore
    const readStore = yield* ReadStore
    const tally = end.runId === undefined ? undefined : yield* readStore.runTally(end.runId)
    const recorded = tally?.run.outcome
    const outcome = recorded === undefined || recorded === "running" ? end.outcome : recorded
    const summary: RunSummary = {
      runId: end.runId,
      outcome,
      note: end.note ?? tally?.run.note,
      plan: end.plan,
      cells: tally?.cells ?? (yield* cellStore.cellCounts()),
      chats: tally?.chats ?? (yield* chatStore.chatCounts()),
      answered: tally?.answered ?? 0,
      failed: tally?.failed ?? 0,
      chatsAnswered: tally?.chatsAnswered ?? 0,
      seconds: end.seconds,
      tables: tally?.tables ?? [],
      skipped: end.skipped
    }
    const refusedBeforeWork = refusedOutcomes.includes(outcome) && tally?.touched !== true
    const reports =
      end.runId === undefined || refusedBeforeWork
        ? []
        : yield* writeRunReports({
            outputDir: end.outputDir,
            pipelineFile: end.pipelineFile,
            output: end.output,
            runId: end.runId,
            sources: end.sources
          })
    const code = exitCodeOf(outcome)
    const data = { ...summary, exitCode: code, reports }
    output.result(renderSummary(summary, reports, code), data)
    if (end.summaryJson !== undefined) yield* writeSummaryJson(end.summaryJson, data)
    return code
  })
