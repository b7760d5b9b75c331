import { Config, Context, type Duration, Effect, Layer, Option, Schedule } from "effect"
import { shownText } from "../client/ShownText.js"
import type { ProgressSnapshot, RunProgress, WorkCounts } from "../runner/Progress.js"
import { LogSink, stderrSink } from "./Logging.js"

const formatSeconds = (seconds: number): string => {
  if (!Number.isFinite(seconds) || seconds < 0) return "?"
  if (seconds < 60) return `${Math.round(seconds)}s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes}m${String(Math.round(seconds % 60)).padStart(2, "0")}s`
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, "0")}m`
}

const remaining = (counts: WorkCounts) => Math.max(0, counts.total - counts.skipped - counts.done - counts.failed)

/**
 * `cells 120/400 done · 16 in flight · 2 failed · 3.2/s · ETA 1m20s` for one kind of work. Units in flight are
 * shown while their phase runs (`rate` given) and some are: "0 in flight" would read as stalled while tables are
 * set up or a backoff waits (the line below says why).
 */
const describeWork = (label: string, counts: WorkCounts, rate: number | undefined): string => {
  const answered = counts.skipped + counts.done
  const parts = [`${label} ${answered}/${counts.total} done`]
  if (counts.skipped > 0) parts.push(`${counts.skipped} from earlier runs`)
  if (rate !== undefined && counts.inFlight > 0) parts.push(`${counts.inFlight} in flight`)
  parts.push(`${counts.failed} failed`)
  if (rate !== undefined) {
    parts.push(`${rate.toFixed(1)}/s`)
    const left = remaining(counts)
    if (left > 0 && rate > 0) parts.push(`ETA ${formatSeconds(left / rate)}`)
  }
  return parts.join(" · ")
}

/** The lines of the live display: one per phase, then why it waits. */
export const progressLines = (snapshot: ProgressSnapshot): ReadonlyArray<string> => {
  const mark = (phase: ProgressSnapshot["phase"]) => (snapshot.phase === phase ? "▶" : " ")
  const setupDone = snapshot.phase !== "setup"
  const lines = [
    `${mark("setup")} set-up ${setupDone ? "done" : "creating tables and columns"}`,
    `${mark("cells")} ${describeWork("cells", snapshot.cells, snapshot.phase === "cells" ? snapshot.rate : undefined)}`
  ]
  if (snapshot.chats.total > 0) {
    lines.push(
      `${mark("chats")} ${describeWork("chats", snapshot.chats, snapshot.phase === "chats" ? snapshot.rate : undefined)}`
    )
  }
  lines.push(`  ${snapshot.waiting === undefined ? "" : shownText(snapshot.waiting)}`)
  return lines
}

/** The one line a log file gets every interval. */
export const progressSummary = (snapshot: ProgressSnapshot): string => {
  const work = snapshot.phase === "chats" ? (["chats", snapshot.chats] as const) : (["cells", snapshot.cells] as const)
  const working = snapshot.phase === "cells" || snapshot.phase === "chats"
  const line = `${snapshot.phase}: ${describeWork(work[0], work[1], working ? snapshot.rate : undefined)}`
  return snapshot.waiting === undefined ? line : `${line} · ${shownText(snapshot.waiting)}`
}

const countsAnnotation = (snapshot: ProgressSnapshot) => ({
  phase: snapshot.phase,
  cells: { ...snapshot.cells },
  chats: { ...snapshot.chats }
})

/**
 * stderr while the live display is up. The block is always the last thing on the screen: a log line erases it,
 * is written in its place and the block is drawn again below it, so log lines are never drawn over.
 */
interface LiveTerminal {
  /** Replaces the block with `lines`. */
  readonly draw: (lines: ReadonlyArray<string>) => void
  /** Writes a (log) line above the block. */
  readonly log: (line: string) => void
}

const makeLiveTerminal = (write: (text: string) => void): LiveTerminal => {
  let block: ReadonlyArray<string> = []
  // Back to the block's first line and clear from there to the end of the screen.
  const erase = () => (block.length > 0 ? `\r\x1b[${block.length}A\x1b[J` : "")
  const render = (lines: ReadonlyArray<string>) => lines.map((line) => `\x1b[2K${line}\n`).join("")
  return {
    draw: (lines) => {
      write(`${erase()}${render(lines)}`)
      block = lines
    },
    log: (line) => write(`${erase()}${line}\n${render(block)}`)
  }
}

/**
 * A run's live progress display, when it has one: at a terminal (or FORCE_TTY=1: tests, `script`), unless the run
 * is quiet, a dry run, or logs JSON (JSON stays JSON at a terminal: the progress is logged per interval instead).
 * Its log lines are written above the block (`logSink`): a line written straight to stderr would be drawn over.
 */
export class LiveDisplay extends Context.Tag("app/cli/LiveDisplay")<LiveDisplay, Option.Option<LiveTerminal>>() {
  static readonly none = Layer.succeed(LiveDisplay, Option.none())

  static readonly forRun = (options: { readonly wanted: boolean }) =>
    Layer.effect(
      LiveDisplay,
      Effect.map(isTerminal, (terminal) =>
        options.wanted && terminal ? Option.some(makeLiveTerminal((text) => process.stderr.write(text))) : Option.none()
      )
    )

  /** Where log lines go: above the live display when there is one, else stderr. */
  static readonly logSink = Layer.effect(
    LogSink,
    Effect.map(LiveDisplay, Option.match({ onNone: () => stderrSink, onSome: (terminal) => terminal.log }))
  )
}

const isTerminal = Config.boolean("FORCE_TTY").pipe(
  Config.withDefault(false),
  Effect.map((forced) => forced || process.stderr.isTTY === true),
  Effect.orElseSucceed(() => process.stderr.isTTY === true)
)

/**
 * Shows progress while the run goes on. At a terminal: a live block redrawn in place. Elsewhere (cron, CI, a
 * pipe): one summary line per interval through the logger, never carriage returns. Runs until interrupted.
 */
export const showProgress = (
  progress: RunProgress,
  options: { readonly terminal: LiveTerminal | undefined; readonly interval: Duration.Duration }
) =>
  options.terminal === undefined ? periodicLines(progress, options.interval) : liveDisplay(progress, options.terminal)

const liveDisplay = (progress: RunProgress, terminal: LiveTerminal) => {
  const draw = Effect.map(progress.get, (snapshot) => terminal.draw(progressLines(snapshot)))
  return draw.pipe(Effect.repeat(Schedule.spaced("250 millis")), Effect.ensuring(draw))
}

const periodicLines = (progress: RunProgress, interval: Duration.Duration) =>
  Effect.gen(function* () {
    const snapshot = yield* progress.get
    yield* Effect.logInfo(progressSummary(snapshot)).pipe(Effect.annotateLogs("progress", countsAnnotation(snapshot)))
  }).pipe(Effect.delay(interval), Effect.forever)
