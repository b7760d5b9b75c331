/**
 * Child process of IntentCrash.test.ts: starts a run, writes the intent for two cells, says so on stdout and
 * waits to be killed with SIGKILL (nothing closes the database or checkpoints the WAL).
 */
import { Effect } from "effect"
import { CheckpointStore } from "../../src/store/CheckpointStore.js"
import { allStores, at, document, start, wanted } from "./StoreFixtures.js"

const path = process.argv[2] ?? "state.sqlite"

const program = Effect.gen(function* () {
  const store = yield* allStores
  const run = yield* store.beginRun(start)
  const cells = wanted([document(1), document(2)], [{ name: "a", queryKey: "qa" }])
  yield* store.syncCells(cells, { onlyFailed: false })
  yield* store.markSubmitting(cells, run.id, at)
  yield* Effect.sync(() => process.stdout.write("intent written\n"))
  return yield* Effect.never
})

Effect.runFork(program.pipe(Effect.provide(CheckpointStore.open(path))))
