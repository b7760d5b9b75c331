import { Context, Effect } from "effect"
import { openDatabase } from "./Database.js"

/** Where the pipeline's checkpoint lives: `<output dir>/state.sqlite` (a shard: its own file). */
export class CheckpointPath extends Context.Tag("app/store/CheckpointPath")<
  CheckpointPath,
  {
    readonly path: string
    /** Fail instead of creating a missing checkpoint (`docsweep status`, `diff`, reports of an old run). */
    readonly mustExist?: boolean
    /** Read only (`docsweep view`): its write methods fail with SQLITE_READONLY; no lock is needed. */
    readonly readOnly?: boolean
    /** With `readOnly`: a copy in memory where a reader could not open it safely (see `openIdleCopy`). */
    readonly copyWhenIdle?: boolean
  }
>() {}

/**
 * The checkpoint's one connection, open for the layer's lifetime (opened, checked and migrated when the layer is
 * built). The stores over it (RunStore, LayoutStore, CellStore, ChatStore, ReadStore) prepare their statements on it.
 */
export class CheckpointDatabase extends Effect.Service<CheckpointDatabase>()("app/store/CheckpointDatabase", {
  scoped: Effect.gen(function* () {
    const { copyWhenIdle, mustExist, path, readOnly } = yield* CheckpointPath
    return yield* openDatabase(path, {
      fileMustExist: mustExist === true,
      readOnly: readOnly === true,
      copyWhenIdle: copyWhenIdle === true
    })
  })
}) {}
