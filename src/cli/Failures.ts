import { Effect } from "effect"
import { formatProblem, type Problem } from "../pipeline/PipelineInvalid.js"
import type { CliOutputShape } from "./CliOutput.js"
import { ExitCode } from "./ExitCode.js"

interface Tagged {
  readonly _tag: string
  readonly message: string
}

const codes: Record<string, number> = {
  PipelineInvalid: ExitCode.invalidInput,
  ConfigInvalid: ExitCode.invalidInput,
  UsageError: ExitCode.invalidInput,
  OutputUnwritable: ExitCode.invalidInput,
  PipelineLocked: ExitCode.locked,
  Unauthorized: ExitCode.refused,
  Forbidden: ExitCode.refused,
  NotFound: ExitCode.invalidInput,
  ValidationFailed: ExitCode.invalidInput,
  RequestRejected: ExitCode.invalidInput,
  RateLimited: ExitCode.unavailable,
  ServerError: ExitCode.unavailable,
  Transport: ExitCode.unavailable,
  UnexpectedReply: ExitCode.internal,
  StoreError: ExitCode.internal,
  ExportError: ExitCode.internal,
  CommandFailed: ExitCode.internal,
  ServiceStartError: ExitCode.internal,
  ServiceStoreError: ExitCode.internal,
  DocumentsCollide: ExitCode.invalidInput
}

const isKnown = (error: unknown): error is Tagged =>
  typeof error === "object" &&
  error !== null &&
  "_tag" in error &&
  typeof error._tag === "string" &&
  error._tag in codes

/** A damaged or inconsistent checkpoint is bad input the user must decide about, not a fault of docsweep's. */
const codeOf = (error: Tagged): number =>
  "kind" in error && error.kind !== undefined ? ExitCode.invalidInput : (codes[error._tag] ?? ExitCode.internal)

const isProblem = (u: unknown): u is Problem =>
  typeof u === "object" && u !== null && "file" in u && "line" in u && "column" in u && "message" in u

/** Every problem on its own line (`FILE:LINE:COL: message`), so a JSON log has one object per problem. */
const linesOf = (error: Tagged): ReadonlyArray<{ readonly text: string; readonly fields: object }> => {
  const problems: ReadonlyArray<unknown> = "problems" in error && Array.isArray(error.problems) ? error.problems : []
  if (problems.length === 0) return [{ text: error.message, fields: {} }]
  return problems.map((problem) =>
    isProblem(problem)
      ? { text: formatProblem(problem), fields: { file: problem.file, line: problem.line, column: problem.column } }
      : { text: String(problem), fields: {} }
  )
}

/** `docsweep run --help`: where the help of a command (or, with none, of docsweep) is. */
export const helpCommand = (command: string) => `docsweep${command === "" ? "" : ` ${command}`} --help`

/** The one line after a usage error that says where the help is (as gh does). */
export const helpPointer = (command: string) => `Run \`${helpCommand(command)}\` for usage.`

/**
 * Turns the expected failures of any command into messages on stderr and its exit code; a usage error also says
 * where the help is. Unknown failures are left to `runCommand`, which prints the cause and exits 1.
 */
export const reportFailures = <A, E, R>(
  program: Effect.Effect<A, E, R>,
  output: CliOutputShape,
  command: string
): Effect.Effect<A | number, E, R> =>
  Effect.catchAll(program, (error) => {
    if (!isKnown(error)) return Effect.fail(error)
    return Effect.sync(() => {
      const code = codeOf(error)
      const usage = error._tag === "UsageError" || error._tag === "ConfigInvalid"
      const help = usage ? { help: helpCommand(command) } : {}
      for (const { fields, text } of linesOf(error)) output.problem(text, { ...fields, ...help, exitCode: code })
      if (usage && output.format === "text") process.stderr.write(`${helpPointer(command)}\n`)
      return code
    })
  })
