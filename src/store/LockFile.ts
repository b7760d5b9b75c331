/** Reads and writes of `state.lock` itself: exclusive creation with takeover, atomic rewrites, removal. */

import { readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs"
import { Effect, Option, Ref } from "effect"
import { errorCode } from "./FileProblems.js"
import { decodeOwner, heartbeatOf, isHeld, type LockOwner, sameOwner } from "./LockOwner.js"
import { PipelineLocked } from "./PipelineLocked.js"
import { StoreError, storeErrorOf } from "./StoreError.js"

const storeError = (operation: string, path: string) => (cause: unknown) => storeErrorOf(operation, path, cause)

/** The lock's text, none when there is no lock file. */
export const readLockText = (path: string): Effect.Effect<Option.Option<string>, StoreError> =>
  Effect.try({ try: () => readFileSync(path, "utf8"), catch: (cause) => cause }).pipe(
    Effect.map(Option.some),
    Effect.catchAll((cause) =>
      errorCode(cause) === "ENOENT" ? Effect.succeed(Option.none()) : Effect.fail(storeError("readLock", path)(cause))
    )
  )

export const removeLockIfUnchanged = (path: string, text: string) =>
  Effect.gen(function* () {
    const now = yield* readLockText(path)
    if (Option.isNone(now) || now.value !== text) return
    yield* Effect.try({ try: () => unlinkSync(path), catch: (cause) => cause }).pipe(
      Effect.catchAll((cause) =>
        errorCode(cause) === "ENOENT" ? Effect.void : Effect.fail(storeError("acquireLock", path)(cause))
      )
    )
  })

/** Creates the lock exclusively; returns the stale lock it replaced, if any. */
export const takeLock = (
  path: string,
  owner: LockOwner,
  takeovers: number
): Effect.Effect<Option.Option<LockOwner>, PipelineLocked | StoreError> =>
  Effect.try({ try: () => writeFileSync(path, JSON.stringify(owner), { flag: "wx" }), catch: (cause) => cause }).pipe(
    Effect.as(Option.none<LockOwner>()),
    Effect.catchAll((cause) =>
      Effect.gen(function* () {
        if (errorCode(cause) !== "EEXIST") return yield* storeError("acquireLock", path)(cause)
        const text = yield* readLockText(path)
        const held = Option.flatMap(text, decodeOwner)
        if (Option.isSome(held) && (yield* isHeld(held.value, owner.hostname))) {
          const { pid, hostname, startedAt } = held.value
          return yield* new PipelineLocked({ path, pid, hostname, startedAt, heartbeatAt: heartbeatOf(held.value) })
        }
        if (takeovers === 0) {
          const reason = "Could not take over the stale pipeline lock: another process keeps replacing it"
          return yield* new StoreError({ operation: "acquireLock", path, cause: undefined, reason })
        }
        if (Option.isSome(text)) {
          yield* Effect.logWarning("Taking over the lock of a run that is gone").pipe(
            Effect.annotateLogs({ path, previous: text.value })
          )
          yield* removeLockIfUnchanged(path, text.value)
        }
        const replaced = yield* takeLock(path, owner, takeovers - 1)
        return Option.orElse(replaced, () => held)
      })
    )
  )

/** Writes the lock through a temporary file renamed over it: a reader never sees half a file. */
const replaceLock = (path: string, owner: LockOwner, operation: string) =>
  Effect.try({
    try: () => {
      const temporary = `${path}.${process.pid}.tmp`
      writeFileSync(temporary, JSON.stringify(owner))
      renameSync(temporary, path)
    },
    catch: storeError(operation, path)
  })

/** Replaces our lock by `previous` if it is still ours. */
export const restoreLock = (path: string, ours: LockOwner, previous: LockOwner) =>
  Effect.gen(function* () {
    const found = Option.flatMap(yield* readLockText(path), decodeOwner)
    if (Option.isNone(found) || !sameOwner(found.value, ours)) return
    yield* replaceLock(path, previous, "releaseLock")
  })

/** Rewrites the lock if it is still ours (atomically: a reader never sees half a file). */
export const renewLock = (path: string, current: Ref.Ref<LockOwner>, change: (owner: LockOwner) => LockOwner) =>
  Effect.gen(function* () {
    const ours = yield* Ref.get(current)
    const found = Option.flatMap(yield* readLockText(path), decodeOwner)
    if (Option.isNone(found) || !sameOwner(found.value, ours)) {
      return yield* Effect.logWarning("The pipeline lock is no longer ours; another run may have taken it over").pipe(
        Effect.annotateLogs({ path })
      )
    }
    const next = change(ours)
    yield* replaceLock(path, next, "renewLock")
    yield* Ref.set(current, next)
  }).pipe(
    Effect.catchAll((error) =>
      Effect.logWarning("Could not renew the pipeline lock").pipe(Effect.annotateLogs({ path, error: error.message }))
    )
  )
