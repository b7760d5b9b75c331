import { Effect } from "effect"
import { shownLines } from "../client/ShownText.js"
import { ExitCode } from "./ExitCode.js"

/**
 * Turns the expected failures of any command into a message on stderr and its exit code. Unknown failures are
 * left to `runCommand`, which prints the cause and exits 1.
 */
export const reportFailures = <A, E, R>(program: Effect.Effect<A, E, R>): Effect.Effect<A | number, E, R> =>
  Effect.catchAll(program, (error) =>
    isKnown(error)
      ? Effect.sync(() => {
          console.error(shownLines(error.message))
          return codeOf(error)
        })
      : Effect.fail(error)
  )

interface Tagged {
  readonly _tag: string
  readonly message: string
}

const codes: Record<string, number> = {
  PipelineInvalid: ExitCode.invalidInput,
  ConfigInvalid: ExitCode.invalidInput,
  UsageError: ExitCode.invalidInput,
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
  ServiceStartError: ExitCode.internal
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
