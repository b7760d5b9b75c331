import { Context } from "effect"
import { shownLines } from "../client/ShownText.js"
import type { LogFormat } from "./Logging.js"
import { optionValue } from "./UsageFailure.js"

/**
 * How a command speaks outside its log lines: results on stdout, problems on stderr. With `--log-format json`
 * every line on either stream is one JSON object (time, level, message and fields), like the log lines, so
 * `>> run.log 2>&1` gives a file a log shipper reads line by line.
 */
export interface CliOutputShape {
  readonly format: LogFormat
  /** A command's result on stdout: the text, or one JSON object with `message` and `fields`. */
  readonly result: (text: string, fields?: Readonly<Record<string, unknown>>) => void
  /** A problem on stderr: its lines (control characters made visible), or one JSON object at level error. */
  readonly problem: (message: string, fields?: Readonly<Record<string, unknown>>) => void
}

export class CliOutput extends Context.Tag("app/cli/CliOutput")<CliOutput, CliOutputShape>() {}

const jsonLine = (level: string, message: string, fields: Readonly<Record<string, unknown>>) =>
  `${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`

export const makeCliOutput = (format: LogFormat): CliOutputShape => ({
  format,
  result: (text, fields = {}) => process.stdout.write(format === "json" ? jsonLine("info", text, fields) : `${text}\n`),
  problem: (message, fields = {}) =>
    process.stderr.write(format === "json" ? jsonLine("error", message, fields) : `${shownLines(message)}\n`)
})

/** `--log-format` as typed, read from the raw arguments (usage errors are reported before yargs has parsed them). */
export const logFormatOf = (args: ReadonlyArray<string>): LogFormat =>
  optionValue("log-format", args) === "json" ? "json" : "text"
