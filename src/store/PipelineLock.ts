import { readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs"
import { hostname as osHostname } from "node:os"
import { dirname, join } from "node:path"
import { Config, Data, DateTime, Duration, Effect, Option, Ref, Schedule, Schema, type Scope } from "effect"
import { errorCode } from "./FileProblems.js"
import { makeDirectory } from "./MakeDirectory.js"
import { StoreError, storeErrorOf } from "./StoreError.js"

/** Another live process runs this pipeline (the CLI exits 75, EX_TEMPFAIL). */
export class PipelineLocked extends Data.TaggedError("PipelineLocked")<{
  readonly path: string
  readonly pid: number
  readonly hostname: string
  readonly startedAt: string
  readonly heartbeatAt: string
}> {
  override get message(): string {
    return (
      `pipeline is locked by process ${this.pid} on ${this.hostname} since ${this.startedAt} ` +
      `(alive at ${this.heartbeatAt}; a lock not renewed for ${Duration.format(staleAfter)} is taken over): ${this.path}`
    )
  }
}

/** How often a run renews its lock, and how old a heartbeat must be before any host may take the lock over. */
const heartbeatEvery = Duration.seconds(10)
const staleAfter = Duration.seconds(60)

const LockOwner = Schema.Struct({
  pid: Schema.Int.pipe(Schema.positive()),
  hostname: Schema.String,
  /** When the lock was taken. */
  startedAt: Schema.String,
  /** When the owning process started: with pid and host, it names one process even where PIDs are reused. */
  processStartedAt: Schema.optional(Schema.String),
  /** Renewed every `heartbeatEvery` while the run lives; a lock of an older docsweep has none (startedAt counts). */
  heartbeatAt: Schema.optional(Schema.String),
  /** The checkpoint's run record of the owner, once it began one: a later run checks the checkpoint holds it. */
  runId: Schema.optional(Schema.Int),
  argv: Schema.Array(Schema.String)
})
export type LockOwner = typeof LockOwner.Type

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

const decodeOwner = Schema.decodeUnknownOption(Schema.parseJson(LockOwner))

/** The lock file beside a state file: `<dir>/state.lock`. */
export const lockPath = (stateFile: string): string => join(dirname(stateFile), "state.lock")

/**
 * This machine's name in locks: `DOCSWEEP_HOSTNAME` when set (a pod may name its volume's users), else the OS's.
 * Trimmed, as every DOCSWEEP_* variable: runs compare the names to tell whether a lock's process is theirs to check.
 */
const thisHost = Config.string("DOCSWEEP_HOSTNAME").pipe(
  Config.withDefault(""),
  Effect.map((name) => (name.trim() === "" ? osHostname() : name.trim())),
  Effect.orElseSucceed(osHostname)
)

const storeError = (operation: string, path: string) => (cause: unknown) => storeErrorOf(operation, path, cause)

/** The lock's text, none when there is no lock file. */
const readText = (path: string): Effect.Effect<Option.Option<string>, StoreError> =>
  Effect.try({ try: () => readFileSync(path, "utf8"), catch: (cause) => cause }).pipe(
    Effect.map(Option.some),
    Effect.catchAll((cause) =>
      errorCode(cause) === "ENOENT" ? Effect.succeed(Option.none()) : Effect.fail(storeError("readLock", path)(cause))
    )
  )

const heartbeatOf = (owner: LockOwner): string => owner.heartbeatAt ?? owner.startedAt

/** When this process started, as locks record it. */
const processStart = (nowMillis: number) => new Date(nowMillis - process.uptime() * 1000).toISOString()

/**
 * Whether a lock is held by a live run. Not held: a heartbeat older than `staleAfter` (whatever the host: a pod
 * killed mid-run never comes back to remove its lock); the reader's own pid on its own host, unless the lock names
 * this very process (same start): a container restarted in place reuses small PIDs, often 1, and that earlier
 * process is gone; on this host, a pid no process has. EPERM: alive, owned by another user.
 */
const isHeld = (owner: LockOwner, host: string): Effect.Effect<boolean> =>
  Effect.gen(function* () {
    const now = yield* DateTime.now
    const beat = Date.parse(heartbeatOf(owner))
    const age = Number.isNaN(beat) ? Number.POSITIVE_INFINITY : DateTime.toEpochMillis(now) - beat
    if (age > Duration.toMillis(staleAfter)) return false
    if (owner.hostname !== host) return true
    if (owner.pid === process.pid) {
      const recorded = Date.parse(owner.processStartedAt ?? "")
      return Math.abs(recorded - Date.parse(processStart(DateTime.toEpochMillis(now)))) < 2000
    }
    return yield* Effect.try({ try: () => process.kill(owner.pid, 0), catch: errorCode }).pipe(
      Effect.as(true),
      Effect.catchAll((code) => Effect.succeed(code === "EPERM"))
    )
  })

const removeIfUnchanged = (path: string, text: string) =>
  Effect.gen(function* () {
    const now = yield* readText(path)
    if (Option.isNone(now) || now.value !== text) return
    yield* Effect.try({ try: () => unlinkSync(path), catch: (cause) => cause }).pipe(
      Effect.catchAll((cause) =>
        errorCode(cause) === "ENOENT" ? Effect.void : Effect.fail(storeError("acquireLock", path)(cause))
      )
    )
  })

// Arguments after a secret-looking flag are not written to the lock file.
const secretFlag = /token|secret|password|api-?key/i
const redact = (argv: ReadonlyArray<string>): Array<string> =>
  argv.map((arg, index) => {
    if (secretFlag.test(arg) && arg.includes("=")) return `${arg.slice(0, arg.indexOf("="))}=<redacted>`
    const previous = argv[index - 1]
    return previous?.startsWith("-") && secretFlag.test(previous) ? "<redacted>" : arg
  })

/** Creates the lock exclusively; returns the stale lock it replaced, if any. */
const take = (
  path: string,
  owner: LockOwner,
  takeovers: number
): Effect.Effect<Option.Option<LockOwner>, PipelineLocked | StoreError> =>
  Effect.try({ try: () => writeFileSync(path, JSON.stringify(owner), { flag: "wx" }), catch: (cause) => cause }).pipe(
    Effect.as(Option.none<LockOwner>()),
    Effect.catchAll((cause) =>
      Effect.gen(function* () {
        if (errorCode(cause) !== "EEXIST") return yield* storeError("acquireLock", path)(cause)
        const text = yield* readText(path)
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
          yield* removeIfUnchanged(path, text.value)
        }
        const replaced = yield* take(path, owner, takeovers - 1)
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
const restore = (path: string, ours: LockOwner, previous: LockOwner) =>
  Effect.gen(function* () {
    const found = Option.flatMap(yield* readText(path), decodeOwner)
    if (Option.isNone(found) || !sameOwner(found.value, ours)) return
    yield* replaceLock(path, previous, "releaseLock")
  })

/** Same process, same lock: what a heartbeat may overwrite. */
const sameOwner = (a: LockOwner, b: LockOwner) =>
  a.pid === b.pid && a.hostname === b.hostname && a.startedAt === b.startedAt

/** Rewrites the lock if it is still ours (atomically: a reader never sees half a file). */
const renew = (path: string, current: Ref.Ref<LockOwner>, change: (owner: LockOwner) => LockOwner) =>
  Effect.gen(function* () {
    const ours = yield* Ref.get(current)
    const found = Option.flatMap(yield* readText(path), decodeOwner)
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
      catch: storeError("acquireLock", path)
    })
    const previous = yield* take(path, owner, 2)
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
        ? restore(path, owner, previous.value)
        : removeIfUnchanged(path, JSON.stringify(owner))
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
      renew(path, current, (ours) => ({ ...ours, heartbeatAt: DateTime.formatIso(now) }))
    )
    yield* Effect.forkScoped(Effect.repeat(Effect.delay(beat, heartbeatEvery), Schedule.forever))
    return {
      owner,
      previous,
      recordRun: (runId: number) => renew(path, current, (ours) => ({ ...ours, runId }))
    }
  })
}

/** Who holds the pipeline's lock, and whether that run is alive; none when unlocked (or unreadable). */
export const readLock = (stateFile: string): Effect.Effect<Option.Option<LockStatus>, StoreError> =>
  Effect.gen(function* () {
    const owner = Option.flatMap(yield* readText(lockPath(stateFile)), decodeOwner)
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
