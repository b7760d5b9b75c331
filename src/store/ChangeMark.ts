import { Effect } from "effect"
import type { Database } from "./Database.js"

/** What tells a reader that the checkpoint changed: `docsweep view` redraws when it does. */
export const makeChangeMark = ({ attempt, sqlite }: Database) => ({
  /**
   * A mark that differs whenever another connection (the running run) has committed since the last call:
   * SQLite's `PRAGMA data_version`, which costs no read of any table.
   */
  changeMark: Effect.fn("CheckpointStore.changeMark")(function* () {
    return yield* attempt("changeMark", () => String(sqlite.pragma("data_version", { simple: true })))
  })
})
