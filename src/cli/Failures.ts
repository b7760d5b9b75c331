import { Effect, Match, Predicate } from "effect"
import { type ClientError, isClientError, isRejection, isRetryable } from "../client/ClientError.js"
import type { ExportError } from "../export/ExportError.js"
import type { ConfigInvalid } from "../pipeline/EffectiveConfig.js"
import { formatProblem, type PipelineInvalid, type Problem } from "../pipeline/PipelineInvalid.js"
import type { SecretUnavailable } from "../service/Auth.js"
import type { CommandFailed } from "../service/Commands.js"
import type { DocumentsCollide } from "../service/MergeDocuments.js"
import type { ServiceStartError, ServiceStoreError } from "../service/ServiceErrors.js"
import type { PipelineLocked } from "../store/PipelineLock.js"
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
  | StoreError
  | ExportError
  | CommandFailed
  | ServiceStartError
  | ServiceStoreError
  | SecretUnavailable
  | DocumentsCollide
  | ClientError

/** A refusal of the service (401/403) is its own exit code; other 4xx replies are bad input. */
const clientExitCode = (error: ClientError): number =>
  isRetryable(error)
    ? ExitCode.unavailable
    : isRejection(error)
      ? Predicate.isTagged(error, "Unauthorized") || Predicate.isTagged(error, "Forbidden")
        ? ExitCode.refused
        : ExitCode.invalidInput
      : ExitCode.internal

/** The exit code of each error (README, "Exit codes"). */
export const exitCodeOfError: (error: CommandError) => number = Match.type<CommandError>().pipe(
  Match.when(isClientError, clientExitCode),
  Match.tagsExhaustive({
    PipelineInvalid: () => ExitCode.invalidInput,
    ConfigInvalid: () => ExitCode.invalidInput,
    UsageError: () => ExitCode.invalidInput,
    OutputUnwritable: () => ExitCode.invalidInput,
    DocumentsCollide: () => ExitCode.invalidInput,
    PipelineLocked: () => ExitCode.locked,
    // A damaged, inconsistent or missing checkpoint is bad input the user must decide about, not a fault of ours.
    StoreError: (error) => (error.kind === undefined ? ExitCode.internal : ExitCode.invalidInput),
    ExportError: () => ExitCode.internal,
    CommandFailed: () => ExitCode.internal,
    ServiceStartError: () => ExitCode.internal,
    ServiceStoreError: () => ExitCode.internal,
    SecretUnavailable: () => ExitCode.internal
  })
)

const isProblem = (u: unknown): u is Problem =>
  typeof u === "object" && u !== null && "file" in u && "line" in u && "column" in u && "message" in u

/** Every problem on its own line (`FILE:LINE:COL: message`), so a JSON log has one object per problem. */
const linesOf = (error: CommandError): ReadonlyArray<{ readonly text: string; readonly fields: object }> => {
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
      const usage = error._tag === "UsageError" || error._tag === "ConfigInvalid"
      const help = usage ? { help: helpCommand(command) } : {}
      // A usage error names its command first, as the ones yargs finds do (`docsweep run: --concurrency: …`).
      const prefix = usage ? `docsweep${command === "" ? "" : ` ${command}`}: ` : ""
      for (const { fields, text } of linesOf(error)) {
        output.problem(`${prefix}${text}`, { ...fields, ...help, exitCode: code })
      }
      if (usage && output.format === "text") process.stderr.write(`${helpPointer(command)}\n`)
      return code
    })
  )
