import { Context, Effect, Option } from "effect"
import type { CliOutputShape } from "./CliOutput.js"
import { ExitCode } from "./ExitCode.js"

/**
 * Ctrl-C and SIGTERM as a command sees them. `NodeRuntime.runMain` interrupts the command at the first one (its
 * finalizers leave the checkpoint consistent); a command that ends its own way after it (a run writes its reports
 * and summary, uninterruptibly) asks `first` which signal came and keeps the exit code it reached with `ended`.
 */
export class Signals extends Context.Tag("app/cli/Signals")<
  Signals,
  {
    /** The first Ctrl-C or SIGTERM, once one came. */
    readonly first: Effect.Effect<Option.Option<NodeJS.Signals>>
    /** The exit code a command reached after a signal interrupted it: the process ends with it. */
    readonly ended: (code: number) => Effect.Effect<void>
  }
>() {}

/**
 * Listens for SIGINT and SIGTERM beside `runMain`'s own listener, which handles the first and then leaves: the
 * first is remembered, a second one ends the process at once (130), whatever is still being written. The state is
 * this process's, held here at the entry point only.
 */
export const watchSignals = (output: CliOutputShape) => {
  let first: NodeJS.Signals | undefined
  let reached: number | undefined
  const onSignal = (signal: NodeJS.Signals) => {
    if (first === undefined) {
      first = signal
      return
    }
    output.problem(`${signal} again: stopped at once, without finishing what was being written`, {
      exitCode: ExitCode.interrupted
    })
    process.exit(ExitCode.interrupted)
  }
  process.on("SIGINT", onSignal)
  process.on("SIGTERM", onSignal)
  const service: Context.Tag.Service<Signals> = {
    first: Effect.sync(() => Option.fromNullable(first)),
    ended: (code) =>
      Effect.sync(() => {
        reached = code
      })
  }
  return {
    service,
    /** The exit code a command interrupted by a signal reached by itself (then it said how it ended), if it did. */
    reached: () => reached,
    stop: () => {
      process.removeListener("SIGINT", onSignal)
      process.removeListener("SIGTERM", onSignal)
    }
  }
}
