import { NodeRuntime } from "@effect/platform-node"
import { Cause, Effect, Exit, Layer } from "effect"
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs"
import { CliOutput, type CliOutputShape, makeCliOutput } from "./CliOutput.js"
import { ExitCode } from "./ExitCode.js"
import { type CommandError, reportFailures } from "./Failures.js"
import { type LogFormat, loggingLayer, type Verbosity } from "./Logging.js"
import { LiveDisplay } from "./ProgressDisplay.js"
import { Signals, watchSignals } from "./Signals.js"

/** The global logging flags every command accepts. */
interface LoggingFlags {
  readonly logFormat?: string | undefined
  readonly quiet?: boolean | undefined
  readonly verbose?: boolean | undefined
}

interface CommandOptions {
  /** The command's words (`run`, `docs add`): where its help is, in usage errors. */
  readonly command: string
  /** Said when a signal interrupted the command (exit 130); default "interrupted". */
  readonly interrupted?: string
  /** A run's live progress display, which log lines are then written above (default: none, logs to stderr). */
  readonly display?: Layer.Layer<LiveDisplay> | undefined
}

const formatOf = (flags: LoggingFlags): LogFormat => (flags.logFormat === "json" ? "json" : "text")

const verbosityOf = (flags: LoggingFlags): Verbosity =>
  flags.quiet === true ? "quiet" : flags.verbose === true ? "verbose" : "normal"

/** What every command runs with: its output, its logger and the signals; built once, for the whole command. */
const mainLayer = (output: CliOutputShape, flags: LoggingFlags, options: CommandOptions, signals: Signals["Type"]) =>
  loggingLayer({ format: output.format, verbosity: verbosityOf(flags) }).pipe(
    Layer.provideMerge(LiveDisplay.logSink),
    Layer.provideMerge(options.display ?? LiveDisplay.none),
    Layer.provideMerge(Layer.succeed(CliOutput, output)),
    Layer.merge(Layer.succeed(Signals, signals))
  )

/**
 * The one place where a command's Effect meets the process, through `NodeRuntime.runMain`: expected failures
 * become messages and exit codes (`reportFailures`), a defect prints its cause and ends with 1. The first Ctrl-C or
 * SIGTERM interrupts the command (its finalizers leave the checkpoint consistent) and ends with 130, or with the code
 * a command that ends its own way reached (`Signals`); a second one ends the process at once (130).
 */
const runCommand = (
  program: Effect.Effect<number, CommandError, CliOutput | Signals | LiveDisplay>,
  flags: LoggingFlags,
  options: CommandOptions
): void => {
  const output = makeCliOutput(formatOf(flags))
  const signals = watchSignals(output)
  const main = reportFailures(program, output, options.command).pipe(
    Effect.catchAllCause((cause) => {
      if (Cause.isInterruptedOnly(cause)) return Effect.failCause(cause)
      output.problem(Cause.pretty(cause), { exitCode: ExitCode.internal })
      return Effect.succeed(ExitCode.internal)
    }),
    Effect.onInterrupt(() =>
      Effect.sync(() => {
        if (signals.reached() === undefined)
          output.problem(options.interrupted ?? "interrupted", { exitCode: ExitCode.interrupted })
      })
    ),
    Effect.provide(mainLayer(output, flags, options, signals.service))
  )
  NodeRuntime.runMain(main, {
    disableErrorReporting: true,
    disablePrettyLogger: true,
    // runMain ends the process with this code after a signal or when it is not 0; a clean finish lets Node end by
    // itself, so nothing written to a pipe is cut short.
    teardown: (exit, onExit) => {
      signals.stop()
      onExit(
        Exit.isSuccess(exit) && typeof exit.value === "number"
          ? exit.value
          : (signals.reached() ?? ExitCode.interrupted)
      )
    }
  })
}

/** `runCommand` with the logging flags and the command's words taken from its parsed arguments. */
export const runCommandWith = (
  argv: object,
  program: Effect.Effect<number, CommandError, CliOutput | Signals | LiveDisplay>,
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

/**
 * A yargs command whose handler runs the command's program on its parsed arguments (`runCommandWith`): the handler
 * decodes and delegates, nothing more.
 */
export const effectCommand = <T>(
  command: string,
  describe: string,
  builder: (yargs: Argv) => Argv<T>,
  program: (argv: ArgumentsCamelCase<T>) => Effect.Effect<number, CommandError, CliOutput | Signals | LiveDisplay>,
  options: Omit<CommandOptions, "command"> = {}
): CommandModule<object, T> => ({
  command,
  describe,
  builder,
  handler: (argv) => runCommandWith(argv, program(argv), options)
})
