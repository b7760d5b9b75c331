import { NodeRuntime } from "@effect/platform-node"
import { Cause, Effect, Exit } from "effect"
import { ExitCode } from "./ExitCode.js"

/**
 * The one place where a command's Effect meets the process: Ctrl-C and SIGTERM interrupt it (its finalizers
 * leave the checkpoint consistent) and end with 130; a defect prints its cause and ends with 1.
 */
export const runCommand = <E>(program: Effect.Effect<number, E>): void =>
  NodeRuntime.runMain(program, {
    disableErrorReporting: true,
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
