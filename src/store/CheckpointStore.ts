import { Context, Effect, Layer } from "effect"
import { makeCellStore } from "./CellStore.js"
import { makeChangeMark } from "./ChangeMark.js"
import { makeChatStore } from "./ChatStore.js"
import { openDatabase } from "./Database.js"
import { makeLayoutStore } from "./LayoutStore.js"
import { makeReadStore } from "./ReadStore.js"
import { makeRunStore } from "./RunStore.js"
import type { StoreError } from "./StoreError.js"

/** Where the pipeline's checkpoint lives: `<output dir>/state.sqlite` (a shard: its own file). */
export class CheckpointPath extends Context.Tag("app/store/CheckpointPath")<
  CheckpointPath,
  {
    readonly path: string
    /** Fail instead of creating a missing checkpoint (`docsweep status`, `diff`, reports of an old run). */
    readonly mustExist?: boolean
    /** Read only (`docsweep view`): its write methods fail with SQLITE_READONLY; no lock is needed. */
    readonly readOnly?: boolean
  }
>() {}

/**
 * The pipeline's checkpoint: one SQLite file (WAL), one connection for the service's lifetime, every statement
 * prepared once, writes that belong together in one transaction. It never receives the service token.
 */
export class CheckpointStore extends Effect.Service<CheckpointStore>()("app/store/CheckpointStore", {
  scoped: Effect.gen(function* () {
    const { mustExist, path, readOnly } = yield* CheckpointPath
    const database = yield* openDatabase(path, { fileMustExist: mustExist === true, readOnly: readOnly === true })
    return {
      path,
      ...makeRunStore(database),
      ...makeLayoutStore(database),
      ...makeCellStore(database),
      ...makeChatStore(database),
      ...makeReadStore(database),
      ...makeChangeMark(database)
    } as const
  })
}) {
  /** The store on the checkpoint at `path`, opened (and migrated) when the layer is built. */
  static readonly open = (path: string): Layer.Layer<CheckpointStore, StoreError> =>
    CheckpointStore.Default.pipe(Layer.provide(Layer.succeed(CheckpointPath, { path })))

  /** The store on an existing checkpoint only: a missing file fails with StoreError (operation "open"). */
  static readonly openExisting = (path: string): Layer.Layer<CheckpointStore, StoreError> =>
    CheckpointStore.Default.pipe(Layer.provide(Layer.succeed(CheckpointPath, { path, mustExist: true })))

  /** The store on an existing checkpoint, read only: a reader beside a running run (`docsweep view`). */
  static readonly openReadOnly = (path: string): Layer.Layer<CheckpointStore, StoreError> =>
    CheckpointStore.Default.pipe(
      Layer.provide(Layer.succeed(CheckpointPath, { path, mustExist: true, readOnly: true }))
    )
}
