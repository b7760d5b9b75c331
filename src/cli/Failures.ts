import { Effect, Match } from "effect"
import type { ClientError } from "../client/ClientError.js"
import type { ExportError } from "../export/ExportError.js"
import type { ConfigInvalid } from "../pipeline/EffectiveConfig.js"
import { formatProblem, type PipelineInvalid } from "../pipeline/PipelineInvalid.js"
import type { SecretUnavailable } from "../service/Auth.js"
import type { CommandFailed } from "../service/Commands.js"
import type { DocumentsCollide } from "../service/MergeDocuments.js"
import { isDataProblem, type ServiceStartError, type ServiceStoreError } from "../service/ServiceErrors.js"
import { codeAmong, pathCodes } from "../store/FileProblems.js"
import type { ShardRunning } from "../store/MergeChecks.js"
import type { PipelineLocked } from "../store/PipelineLocked.js"
import type { StoreError } from "../store/StoreError.js"
import type { CliOutputShape } from "./CliOutput.js"
import { ExitCode } from "./ExitCode.js"
import type { OutputUnwritable, UsageError } from "./UsageError.js"

/**
 * Every error a command may fail with. `runCommand` takes only programs whose errors are among these, and
 * `exitCodeOfError` matches them exhaustively: an error that is given no exit code here does not compile.
 */
export type CommandError =
  | PipelineInvalid
  | ConfigInvalid
  | UsageError
  | OutputUnwritable
  | PipelineLocked
  | ShardRunning
  | StoreError
  | ExportError
  | CommandFailed
  | ServiceStartError
  | ServiceStoreError
  | SecretUnavailable
  | DocumentsCollide
  | ClientError

/** The exit code of each error (README, "Exit codes"). */
const exitCodeOfError: (error: CommandError) => number = Match.type<CommandError>().pipe(
  Match.tagsExhaustive({
    // The service's replies: a refusal (401/403) is its own exit code; other 4xx replies are bad input.
    Unauthorized: () => ExitCode.refused,
    Forbidden: () => ExitCode.refused,
    NotFound: () => ExitCode.invalidInput,
    ValidationFailed: () => ExitCode.invalidInput,
    RequestRejected: () => ExitCode.invalidInput,
    RateLimited: () => ExitCode.unavailable,
    ServerError: () => ExitCode.unavailable,
    Transport: () => ExitCode.unavailable,
    Unreachable: () => ExitCode.unavailable,
    UnexpectedReply: () => ExitCode.internal,
    PipelineInvalid: () => ExitCode.invalidInput,
    ConfigInvalid: () => ExitCode.invalidInput,
    UsageError: () => ExitCode.invalidInput,
    OutputUnwritable: () => ExitCode.invalidInput,
    DocumentsCollide: () => ExitCode.invalidInput,
    PipelineLocked: () => ExitCode.locked,
    ShardRunning: () => ExitCode.locked,
    // A damaged, inconsistent or missing checkpoint is bad input the user must decide about, not a fault of ours.
    StoreError: (error) => (error.kind === undefined ? ExitCode.internal : ExitCode.invalidInput),
    // A report that cannot be written where it goes (no permission, a full disk, a folder in its place) is an
    // output path to fix, as the checkpoint's are.
    ExportError: (error) =>
      codeAmong(error.cause, pathCodes) === undefined ? ExitCode.internal : ExitCode.invalidInput,
    CommandFailed: () => ExitCode.internal,
    ServiceStartError: (error) => (error.setting === undefined ? ExitCode.internal : ExitCode.invalidInput),
    // A refusal of ours (damaged, newer, another program's file) is the data directory to fix, as for serve.
    ServiceStoreError: (error) => (isDataProblem(error) ? ExitCode.invalidInput : ExitCode.internal),
    SecretUnavailable: () => ExitCode.invalidInput
  })
)

/** One line of a failure, with the fields a JSON log gives it. */
type FailureLine = { readonly text: string; readonly fields: object }

/** Every problem on its own line (`FILE:LINE:COL: message`), so a JSON log has one object per problem. */
const linesOf = (error: CommandError): ReadonlyArray<FailureLine> => {
  switch (error._tag) {
    case "PipelineInvalid":
      if (error.problems.length === 0) break
      return error.problems.map((problem) => ({
        text: formatProblem(problem),
        fields: { file: problem.file, line: problem.line, column: problem.column }
      }))
    case "ConfigInvalid":
      if (error.problems.length === 0) break
      return error.problems.map((text) => ({ text, fields: {} }))
  }
  return [{ text: error.message, fields: {} }]
}

/** `docsweep run`: how a command (or, with none, docsweep itself) is named in messages. */
const commandName = (command: string) => `docsweep${command === "" ? "" : ` ${command}`}`

/** `docsweep run --help`: where the help of a command (or, with none, of docsweep) is. */
const helpCommand = (command: string) => `${commandName(command)} --help`

/**
 * A usage problem of `command`: each line named after the command (`docsweep run: --concurrency: …`, as the ones
 * yargs finds are), then one line that says where the help is (as gh does; text output only).
 */
export const reportUsageProblem = (
  output: CliOutputShape,
  command: string,
  lines: ReadonlyArray<FailureLine>,
  exitCode: number
) => {
  for (const { fields, text } of lines) {
    output.problem(`${commandName(command)}: ${text}`, { ...fields, help: helpCommand(command), exitCode })
  }
  if (output.format === "text") process.stderr.write(`Run \`${helpCommand(command)}\` for usage.\n`)
}

/**
 * Turns the expected failures of any command into messages on stderr and its exit code; a usage error also says
 * where the help is.
 */
export const reportFailures = <A, R>(
  program: Effect.Effect<A, CommandError, R>,
  output: CliOutputShape,
  command: string
): Effect.Effect<A | number, never, R> =>
  Effect.catchAll(program, (error) =>
    Effect.sync(() => {
      const code = exitCodeOfError(error)
      if (error._tag === "UsageError" || error._tag === "ConfigInvalid") {
        reportUsageProblem(output, command, linesOf(error), code)
      } else {
        for (const { fields, text } of linesOf(error)) output.problem(text, { ...fields, exitCode: code })
      }
      return code
    })
  )
