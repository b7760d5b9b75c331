import { stat } from "node:fs/promises"
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

interface Opened {
  /** The file's device and inode when it was opened: another file at the path has others. */
  readonly file: string
  readonly scope: Scope.CloseableScope
  readonly checkpoint: OpenCheckpoint
}

/** The device and inode of the file at `path`; none when there is no file. */
const fileIdentity = (path: string) =>
  Effect.tryPromise(() => stat(path)).pipe(
    Effect.map((found) => `${found.dev}:${found.ino}`),
    Effect.option
  )

const deleted = (path: string) =>
  new StoreError({
    operation: "view",
    path,
    cause: undefined,
    reason: "The checkpoint was deleted: waiting for a run to write a new one",
    kind: "missing"
  })

/**
 * The checkpoint `docsweep view` reads, read only. A connection keeps reading the file it opened, even once that
 * file is deleted: a checkpoint removed to start over, and written anew by the next run, would be shown as it was
 * before, as if live. So each use looks at the file at the path first: a different file is opened in place of the
 * old one, and a missing one fails (StoreError, kind "missing") until a run writes a new one.
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
    const open = (file: string, generation: number) =>
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
        const file = yield* fileIdentity(path)
        if (Option.isNone(file)) return yield* deleted(path)
        const before = Option.getOrUndefined(yield* Ref.get(state))
        if (before?.file === file.value) return before.checkpoint
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
