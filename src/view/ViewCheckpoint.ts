import { access, stat } from "node:fs/promises"
import { Context, Effect, Exit, Layer, Option, Ref, Scope } from "effect"
import { CheckpointStore } from "../store/CheckpointStore.js"
import { LayoutStore } from "../store/LayoutStore.js"
import { ReadStore } from "../store/ReadStore.js"
import { StoreError } from "../store/StoreError.js"

/** The checkpoint file as opened: its stores, and which opening it is (1 for the first, 2 once replaced …). */
export interface OpenCheckpoint {
  readonly generation: number
  readonly read: ReadStore
  readonly layout: LayoutStore
}

/** The file at the path: its device and inode (another file has others), and its size, time and `-wal` beside it. */
interface FileLook {
  readonly identity: string
  readonly state: string
}

interface Opened {
  /** How the file looked just before it was opened. */
  readonly file: FileLook
  readonly scope: Scope.CloseableScope
  readonly checkpoint: OpenCheckpoint
}

const exists = (path: string) => Effect.isSuccess(Effect.tryPromise(() => access(path)))

/** How the file at `path` looks now; none when there is no file. */
const fileLook = (path: string) =>
  Effect.gen(function* () {
    const found = yield* Effect.option(Effect.tryPromise(() => stat(path)))
    if (Option.isNone(found)) return Option.none<FileLook>()
    const { dev, ino, mtimeMs, size } = found.value
    const wal = yield* exists(`${path}-wal`)
    return Option.some({ identity: `${dev}:${ino}`, state: `${size}:${mtimeMs}:${wal}` })
  })

/**
 * Whether the file must be opened again: another file is at the path, or the opening is a copy in memory (taken
 * where no writer was connected, see `openIdleCopy`) and the file changed since, or a writer's `-wal` came. A
 * connection to the file follows every commit itself.
 */
const openedAgain = (opened: Opened, now: FileLook) =>
  opened.file.identity !== now.identity || (opened.checkpoint.read.isCopy && opened.file.state !== now.state)

const deleted = (path: string) =>
  new StoreError({
    operation: "view",
    path,
    cause: undefined,
    reason: "The checkpoint was deleted: waiting for a run to write a new one",
    kind: "missing"
  })

/**
 * The checkpoint `docsweep view` reads, read only, writing nothing beside it (`CheckpointStore.openReadOnly`). A
 * connection keeps reading the file it opened, even once that file is deleted: a checkpoint removed to start over,
 * and written anew by the next run, would be shown as it was before, as if live; so would a copy in memory once a run
 * writes the file. So each use looks at the file at the path first: a different file, or one changed under a copy,
 * is opened in place of the old one, and a missing one fails (StoreError, kind "missing") until a run writes a new one.
 */
export const makeViewCheckpoint = (
  path: string
): Effect.Effect<Effect.Effect<OpenCheckpoint, StoreError>, StoreError, Scope.Scope> =>
  Effect.gen(function* () {
    const state = yield* Ref.make<Option.Option<Opened>>(Option.none())
    const lock = yield* Effect.makeSemaphore(1)
    yield* Effect.addFinalizer(() =>
      Effect.flatMap(Ref.get(state), (opened) =>
        Option.isSome(opened) ? Scope.close(opened.value.scope, Exit.void) : Effect.void
      )
    )
    const open = (file: FileLook, generation: number) =>
      Effect.gen(function* () {
        const scope = yield* Scope.make()
        const context = yield* Layer.buildWithScope(CheckpointStore.openReadOnly(path), scope).pipe(
          Effect.tapError(() => Scope.close(scope, Exit.void))
        )
        const checkpoint = {
          generation,
          read: Context.get(context, ReadStore),
          layout: Context.get(context, LayoutStore)
        }
        return { file, scope, checkpoint }
      })
    const current = lock.withPermits(1)(
      Effect.gen(function* () {
        const file = yield* fileLook(path)
        if (Option.isNone(file)) return yield* deleted(path)
        const before = Option.getOrUndefined(yield* Ref.get(state))
        if (before !== undefined && !openedAgain(before, file.value)) return before.checkpoint
        const opened = yield* open(file.value, (before?.checkpoint.generation ?? 0) + 1)
        if (before !== undefined) yield* Scope.close(before.scope, Exit.void)
        yield* Ref.set(state, Option.some(opened))
        return opened.checkpoint
      })
    )
    // Opened now, so a checkpoint that cannot be read stops the viewer at its start.
    yield* current
    return current
  })
