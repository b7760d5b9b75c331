/**
 * Holds a pipeline's lock until killed: `node .build/test/holdLock.mjs STATE_FILE` prints "locked" once it holds
 * it. The host it claims comes from DOCSWEEP_HOSTNAME, as in docsweep itself.
 */
import { NodeRuntime } from "@effect/platform-node"
import { Effect } from "effect"
import { acquireLock } from "../../../src/store/PipelineLock.js"

const stateFile = process.argv[2] ?? "state.sqlite"
NodeRuntime.runMain(
  Effect.scoped(
    Effect.gen(function* () {
      yield* acquireLock(stateFile)
      process.stdout.write("locked\n")
      return yield* Effect.never
    })
  )
)
