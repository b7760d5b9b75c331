import { Cause, Context, Deferred, Effect, Exit, FiberId } from "effect"
import { CliOutput, type CliOutputShape, makeCliOutput } from "./CliOutput.js"
import { ExitCode } from "./ExitCode.js"
import { reportFailures } from "./Failures.js"
import { type LogFormat, loggingLayer, type Verbosity } from "./Logging.js"

/** The global logging flags every command accepts. */
export interface LoggingFlags {
  readonly logFormat?: string | undefined
  readonly quiet?: boolean | undefined
  readonly verbose?: boolean | undefined
}

/**
 * Ctrl-C or SIGTERM, for a command that stops by itself (`gracefulStop`): `signal` completes with the first one.
 * The command then ends its work its own way (a run: interrupted, then its reports and summary) and returns its
 * exit code. A second signal ends the process at once with 130.
 */
export class StopSignal extends Context.Tag("app/cli/StopSignal")<
  StopSignal,
  { readonly signal: Effect.Effect<NodeJS.Signals> }
>() {}

export interface CommandOptions {
  /** The command's words (`run`, `docs add`): where its help is, in usage errors. */
  readonly command: string
  /** Said when a signal interrupted the command (exit 130); default "interrupted". */
  readonly interrupted?: string
  /** The command handles the first signal itself through `StopSignal` instead of being interrupted. */
  readonly gracefulStop?: boolean
}

const formatOf = (flags: LoggingFlags): LogFormat => (flags.logFormat === "json" ? "json" : "text")

const verbosityOf = (flags: LoggingFlags): Verbosity =>
  flags.quiet === true ? "quiet" : flags.verbose === true ? "verbose" : "normal"

/**
 * The one place where a command's Effect meets the process: expected failures become messages and exit codes
 * (`reportFailures`), a defect prints its cause and ends with 1, and Ctrl-C / SIGTERM interrupt the command (its
 * finalizers leave the checkpoint consistent) and end with 130 — or, with `gracefulStop`, are handed to it. A
 * second signal ends the process at once (130), whatever is still being written.
 */
export const runCommand = <E>(
  program: Effect.Effect<number, E, CliOutput | StopSignal>,
  flags: LoggingFlags,
  options: CommandOptions
): void => {
  const output: CliOutputShape = makeCliOutput(formatOf(flags))
  const stop = Deferred.unsafeMake<NodeJS.Signals>(FiberId.none)
  const fiber = Effect.runFork(
    reportFailures(program, output, options.command).pipe(
      Effect.provideService(CliOutput, output),
      Effect.provideService(StopSignal, { signal: Deferred.await(stop) }),
      Effect.provide(loggingLayer({ format: output.format, verbosity: verbosityOf(flags) }))
    )
  )
  // Node ends when nothing is left to do; this keeps it alive until the command's fiber ends.
  const keepAlive = setInterval(() => {}, 2 ** 31 - 1)
  let signals = 0
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1
    if (signals > 1) {
      output.problem(`${signal} again: stopped at once, without finishing what was being written`, {
        exitCode: ExitCode.interrupted
      })
      process.exit(ExitCode.interrupted)
    }
    if (options.gracefulStop === true) Deferred.unsafeDone(stop, Exit.succeed(signal))
    else fiber.unsafeInterruptAsFork(FiberId.none)
  }
  process.on("SIGINT", onSignal)
  process.on("SIGTERM", onSignal)
  fiber.addObserver((exit) => {
    clearInterval(keepAlive)
    const code = Exit.match(exit, {
      onSuccess: (value) => value,
      onFailure: (cause) => {
        if (Cause.isInterruptedOnly(cause)) {
          output.problem(options.interrupted ?? "interrupted", { exitCode: ExitCode.interrupted })
          return ExitCode.interrupted
        }
        output.problem(Cause.pretty(cause), { exitCode: ExitCode.internal })
        return ExitCode.internal
      }
    })
    // After a signal the process ends now (a second one would find no listener); otherwise a clean finish lets
    // Node end by itself, so nothing written to a pipe is cut short.
    if (code !== 0 || signals > 0) process.exit(code)
    process.removeListener("SIGINT", onSignal)
    process.removeListener("SIGTERM", onSignal)
  })
}

/** `runCommand` with the logging flags and the command's words taken from its parsed arguments. */
export const runCommandWith = <E>(
  argv: object,
  program: Effect.Effect<number, E, CliOutput | StopSignal>,
  options: Omit<CommandOptions, "command"> = {}
): void =>
  runCommand(
    program,
    {
      logFormat: "logFormat" in argv && typeof argv.logFormat === "string" ? argv.logFormat : undefined,
      quiet: "quiet" in argv && argv.quiet === true,
      verbose: "verbose" in argv && argv.verbose === true
    },
    {
      ...options,
      command: "_" in argv && Array.isArray(argv._) ? argv._.filter((word) => typeof word === "string").join(" ") : ""
    }
  )
