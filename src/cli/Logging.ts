import { Cause, Context, Effect, HashMap, Layer, Logger, LogLevel } from "effect"
import { shownLines, shownText } from "../client/ShownText.js"

export type LogFormat = "text" | "json"
export type Verbosity = "quiet" | "normal" | "verbose"

/** Where log lines go: stderr, so stdout stays for results (`--json`, `docs add`, `token`). */
type LineSink = (line: string) => void
export const stderrSink: LineSink = (line) => process.stderr.write(`${line}\n`)

/** Where a command's log lines are written: stderr, or (a run at a terminal) above the live progress display. */
export class LogSink extends Context.Tag("app/cli/LogSink")<LogSink, LineSink>() {}

const messageText = (message: unknown): string => {
  const parts = Array.isArray(message) ? message : [message]
  return parts.map((part) => (typeof part === "string" ? part : JSON.stringify(part))).join(" ")
}

const annotationsOf = (annotations: HashMap.HashMap<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(HashMap.toEntries(annotations))

/**
 * One readable line: `2026-11-22T03:00:00.000Z INFO  message key=value`. Messages and values may carry what a
 * service or a file name said: shown with control characters visible, on the line (a failure's trace keeps its
 * own lines, each made safe alike).
 */
const textLogger = (sink: LineSink) =>
  Logger.make(({ annotations, cause, date, logLevel, message }) => {
    const extras = Object.entries(annotationsOf(annotations))
      .map(([key, value]) => `${key}=${shownText(typeof value === "string" ? value : JSON.stringify(value))}`)
      .join(" ")
    const failure = Cause.isEmpty(cause) ? "" : `\n${shownLines(Cause.pretty(cause))}`
    sink(
      `${date.toISOString()} ${logLevel.label.padEnd(5)} ${shownText(messageText(message))}${extras ? ` ${extras}` : ""}${failure}`
    )
  })

/** One JSON object per line for log shippers: time, level, message and the annotations (pipeline, run, counts). */
const jsonLogger = (sink: LineSink) =>
  Logger.make(({ annotations, cause, date, logLevel, message }) => {
    const record: Record<string, unknown> = {
      time: date.toISOString(),
      level: logLevel.label.toLowerCase(),
      message: messageText(message),
      ...annotationsOf(annotations)
    }
    if (!Cause.isEmpty(cause)) record.cause = Cause.pretty(cause)
    sink(JSON.stringify(record))
  })

/** The logger of `--log-format`, writing to `sink`. */
const makeLogger = (format: LogFormat, sink: LineSink) => (format === "json" ? jsonLogger(sink) : textLogger(sink))

const levelOf = (verbosity: Verbosity) =>
  verbosity === "quiet" ? LogLevel.Warning : verbosity === "verbose" ? LogLevel.Debug : LogLevel.Info

/** The logger every command runs with, chosen by `--log-format`, `--quiet` and `--verbose`, writing to `LogSink`. */
export const loggingLayer = (options: { readonly format: LogFormat; readonly verbosity: Verbosity }) =>
  Layer.unwrapEffect(
    Effect.map(LogSink, (sink) =>
      Layer.merge(
        Logger.replace(Logger.defaultLogger, makeLogger(options.format, sink)),
        Logger.minimumLogLevel(levelOf(options.verbosity))
      )
    )
  )
