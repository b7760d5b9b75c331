import { dirname, join } from "node:path"
import { DateTime, Effect, Option, Ref, Schedule, type Scope } from "effect"
import { readLockText, removeLockIfUnchanged, renewLock, restoreLock, takeLock } from "./LockFile.js"
import {
  decodeOwner,
  heartbeatEvery,
  heartbeatOf,
  isHeld,
  type LockOwner,
  processStart,
  thisHost
} from "./LockOwner.js"
import { makeDirectory } from "./MakeDirectory.js"
import type { PipelineLocked } from "./PipelineLocked.js"
import { type StoreError, storeErrorOf } from "./StoreError.js"

export interface LockStatus {
  readonly pid: number
  readonly hostname: string
  readonly startedAt: string
  readonly heartbeatAt: string
  readonly alive: boolean
}

/** The lock a run holds: what it took over (a lock left by a run that died), and a way to record its run. */
export interface PipelineLease {
  readonly owner: LockOwner
  readonly previous: Option.Option<LockOwner>
  readonly recordRun: (runId: number) => Effect.Effect<void>
}

/** The lock file beside a state file: `<dir>/state.lock`. */
export const lockPath = (stateFile: string): string => join(dirname(stateFile), "state.lock")

// Arguments after a secret-looking flag are not written to the lock file.
const secretFlag = /token|secret|password|api-?key/i
const redact = (argv: ReadonlyArray<string>): Array<string> =>
  argv.map((arg, index) => {
    if (secretFlag.test(arg) && arg.includes("=")) return `${arg.slice(0, arg.indexOf("="))}=<redacted>`
    const previous = argv[index - 1]
    return previous?.startsWith("-") && secretFlag.test(previous) ? "<redacted>" : arg
  })

/**
 * Holds `<dir>/state.lock` for the scope, as a lease: created exclusively with this process's host, pid, process
 * start and arguments, and a heartbeat renewed every `heartbeatEvery` while the scope lives. A lock held by a live
 * run (see `isHeld`) fails with PipelineLocked; a stale one (or one that cannot be read) is taken over with a
 * warning and returned as `previous`. Closing the scope removes the lock if it is still ours.
 */
export const acquireLock = (
  stateFile: string
): Effect.Effect<PipelineLease, PipelineLocked | StoreError, Scope.Scope> => {
  const path = lockPath(stateFile)
  const acquire = Effect.gen(function* () {
    const now = yield* DateTime.now
    const startedAt = DateTime.formatIso(now)
    const processStartedAt = processStart(DateTime.toEpochMillis(now))
    const owner: LockOwner = {
      pid: process.pid,
      hostname: yield* thisHost,
      startedAt,
      processStartedAt,
      heartbeatAt: startedAt,
      argv: redact(process.argv)
    }
    yield* Effect.try({
      try: () => makeDirectory(dirname(path)),
      catch: (cause) => storeErrorOf("acquireLock", path, cause)
    })
    const previous = yield* takeLock(path, owner, 2)
    return { owner, previous, current: yield* Ref.make(owner) }
  })
  // A run that took over the lock of a run that had begun, and began none itself (refused, failed early), puts
  // that lock back: the next run must still be able to check the checkpoint against it.
  const release = ({
    current,
    previous
  }: {
    readonly current: Ref.Ref<LockOwner>
    readonly previous: Option.Option<LockOwner>
  }) =>
    Effect.flatMap(Ref.get(current), (owner) =>
      Option.isSome(previous) && previous.value.runId !== undefined && owner.runId === undefined
        ? restoreLock(path, owner, previous.value)
        : removeLockIfUnchanged(path, JSON.stringify(owner))
    ).pipe(
      Effect.catchAll((error) =>
        Effect.logWarning("Could not remove the pipeline lock").pipe(
          Effect.annotateLogs({ path, error: error.message })
        )
      )
    )
  return Effect.gen(function* () {
    const { owner, previous, current } = yield* Effect.acquireRelease(acquire, release)
    const beat = Effect.flatMap(DateTime.now, (now) =>
      renewLock(path, current, (ours) => ({ ...ours, heartbeatAt: DateTime.formatIso(now) }))
    )
    yield* Effect.forkScoped(Effect.repeat(Effect.delay(beat, heartbeatEvery), Schedule.forever))
    return {
      owner,
      previous,
      recordRun: (runId: number) => renewLock(path, current, (ours) => ({ ...ours, runId }))
    }
  })
}

/** Who holds the pipeline's lock, and whether that run is alive; none when unlocked (or unreadable). */
export const readLock = (stateFile: string): Effect.Effect<Option.Option<LockStatus>, StoreError> =>
  Effect.gen(function* () {
    const owner = Option.flatMap(yield* readLockText(lockPath(stateFile)), decodeOwner)
    if (Option.isNone(owner)) return Option.none()
    const { pid, hostname, startedAt } = owner.value
    const alive = yield* isHeld(owner.value, yield* thisHost)
    return Option.some({ pid, hostname, startedAt, heartbeatAt: heartbeatOf(owner.value), alive })
  })

/**
 * Whether no live process holds the pipeline's lock: the lock tells a run going on from one killed before it could
 * end (both are "running" in the checkpoint). A lock that cannot be read tells nothing: not free.
 */
export const lockIsFree = (stateFile: string): Effect.Effect<boolean> =>
  readLock(stateFile).pipe(
    Effect.map(Option.match({ onNone: () => true, onSome: (held) => !held.alive })),
    Effect.orElseSucceed(() => false)
  )
