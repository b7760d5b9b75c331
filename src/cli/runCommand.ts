import { NodeRuntime } from "@effect/platform-node"
import { Cause, Effect, Exit } from "effect"
import { ExitCode } from "./ExitCode.js"
import { type LogFormat, loggingLayer, type Verbosity } from "./Logging.js"

/** The global logging flags every command accepts. */
export interface LoggingFlags {
  readonly logFormat?: string | undefined
  readonly quiet?: boolean | undefined
  readonly verbose?: boolean | undefined
}

const loggingOf = (flags: LoggingFlags) => {
  const format: LogFormat = flags.logFormat === "json" ? "json" : "text"
  const verbosity: Verbosity = flags.quiet === true ? "quiet" : flags.verbose === true ? "verbose" : "normal"
  return loggingLayer({ format, verbosity })
}

/**
 * The one place where a command's Effect meets the process: Ctrl-C and SIGTERM interrupt it (its finalizers
 * leave the checkpoint consistent) and end with 130; a defect prints its cause and ends with 1.
 */
export const runCommand = <E>(program: Effect.Effect<number, E>, flags: LoggingFlags = {}): void =>
  NodeRuntime.runMain(Effect.provide(program, loggingOf(flags)), {
    disableErrorReporting: true,
    disablePrettyLogger: true,
    teardown: (exit, onExit) => {
      if (Exit.isSuccess(exit)) return onExit(typeof exit.value === "number" ? exit.value : ExitCode.ok)
      if (Cause.isInterruptedOnly(exit.cause)) {
        console.error("interrupted: the checkpoint is consistent; run the same command again to resume")
        return onExit(ExitCode.interrupted)
      }
      console.error(Cause.pretty(exit.cause))
      onExit(ExitCode.internal)
    }
  })

/** For commands whose part of docsweep has not landed yet: says so and fails, never pretends to work. */
export const notYetAvailable = (command: string) =>
  Effect.sync(() => {
    console.error(`docsweep ${command}: not yet available`)
    return ExitCode.internal
  })

/** `runCommand` with the logging flags taken from a command's parsed arguments. */
export const runCommandWith = <E>(argv: object, program: Effect.Effect<number, E>): void =>
  runCommand(program, {
    logFormat: "logFormat" in argv && typeof argv.logFormat === "string" ? argv.logFormat : undefined,
    quiet: "quiet" in argv && argv.quiet === true,
    verbose: "verbose" in argv && argv.verbose === true
  })
