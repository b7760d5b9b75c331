import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs"
import { hostname } from "node:os"
import { dirname, join } from "node:path"
import { Data, DateTime, Effect, Option, Schema, type Scope } from "effect"
import { StoreError } from "./StoreError.js"

/** Another live process runs this pipeline (the CLI exits 75, EX_TEMPFAIL). */
export class PipelineLocked extends Data.TaggedError("PipelineLocked")<{
  readonly path: string
  readonly pid: number
  readonly hostname: string
  readonly startedAt: string
}> {
  override get message(): string {
    return `pipeline is locked by process ${this.pid} on ${this.hostname} since ${this.startedAt}: ${this.path}`
  }
}

const LockOwner = Schema.Struct({
  pid: Schema.Int.pipe(Schema.positive()),
  hostname: Schema.String,
  startedAt: Schema.String,
  argv: Schema.Array(Schema.String)
})
export type LockOwner = typeof LockOwner.Type

export interface LockStatus {
  readonly pid: number
  readonly hostname: string
  readonly startedAt: string
  readonly alive: boolean
}

const decodeOwner = Schema.decodeUnknownOption(Schema.parseJson(LockOwner))

/** The lock file beside a state file: `<dir>/state.lock`. */
export const lockPath = (stateFile: string): string => join(dirname(stateFile), "state.lock")

const errorCode = (cause: unknown): unknown =>
  typeof cause === "object" && cause !== null && "code" in cause ? cause.code : undefined

const storeError = (operation: string, path: string) => (cause: unknown) => new StoreError({ operation, path, cause })

/** The lock's text, none when there is no lock file. */
const readText = (path: string): Effect.Effect<Option.Option<string>, StoreError> =>
  Effect.try({ try: () => readFileSync(path, "utf8"), catch: (cause) => cause }).pipe(
    Effect.map(Option.some),
    Effect.catchAll((cause) =>
      errorCode(cause) === "ENOENT" ? Effect.succeed(Option.none()) : Effect.fail(storeError("readLock", path)(cause))
    )
  )

/** A lock of another host cannot be checked from here: it counts as alive. EPERM: alive, owned by another user. */
const isAlive = (owner: LockOwner): Effect.Effect<boolean> =>
  owner.hostname !== hostname()
    ? Effect.succeed(true)
    : Effect.try({ try: () => process.kill(owner.pid, 0), catch: errorCode }).pipe(
        Effect.as(true),
        Effect.catchAll((code) => Effect.succeed(code === "EPERM"))
      )

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

const take = (path: string, owner: LockOwner, takeovers: number): Effect.Effect<void, PipelineLocked | StoreError> =>
  Effect.try({ try: () => writeFileSync(path, JSON.stringify(owner), { flag: "wx" }), catch: (cause) => cause }).pipe(
    Effect.catchAll((cause) =>
      Effect.gen(function* () {
        if (errorCode(cause) !== "EEXIST") return yield* storeError("acquireLock", path)(cause)
        const text = yield* readText(path)
        const held = Option.flatMap(text, decodeOwner)
        if (Option.isSome(held) && (yield* isAlive(held.value))) {
          const { pid, hostname: host, startedAt } = held.value
          return yield* new PipelineLocked({ path, pid, hostname: host, startedAt })
        }
        if (takeovers === 0) {
          const reason = "Could not take over the stale pipeline lock: another process keeps replacing it"
          return yield* new StoreError({ operation: "acquireLock", path, cause: undefined, reason })
        }
        if (Option.isSome(text)) {
          yield* Effect.logWarning("Taking over the lock of a process that is gone").pipe(
            Effect.annotateLogs({ path, previous: text.value })
          )
          yield* removeIfUnchanged(path, text.value)
        }
        return yield* take(path, owner, takeovers - 1)
      })
    )
  )

/**
 * Holds `<dir>/state.lock` for the scope: created exclusively with this process's pid, host, start time and
 * arguments. A lock whose process is alive on this host fails with PipelineLocked; a lock of a dead process (or
 * one that cannot be read) is taken over with a warning. Closing the scope removes the lock if it is still ours.
 */
export const acquireLock = (stateFile: string): Effect.Effect<LockOwner, PipelineLocked | StoreError, Scope.Scope> => {
  const path = lockPath(stateFile)
  const acquire = Effect.gen(function* () {
    const startedAt = DateTime.formatIso(yield* DateTime.now)
    const owner: LockOwner = { pid: process.pid, hostname: hostname(), startedAt, argv: redact(process.argv) }
    yield* Effect.try({
      try: () => mkdirSync(dirname(path), { recursive: true }),
      catch: storeError("acquireLock", path)
    })
    yield* take(path, owner, 2)
    return owner
  })
  const release = (owner: LockOwner) =>
    removeIfUnchanged(path, JSON.stringify(owner)).pipe(
      Effect.catchAll((error) =>
        Effect.logWarning("Could not remove the pipeline lock").pipe(
          Effect.annotateLogs({ path, error: error.message })
        )
      )
    )
  return Effect.acquireRelease(acquire, release)
}

/** Who holds the pipeline's lock, and whether that process is alive; none when unlocked (or unreadable). */
export const readLock = (stateFile: string): Effect.Effect<Option.Option<LockStatus>, StoreError> =>
  Effect.gen(function* () {
    const owner = Option.flatMap(yield* readText(lockPath(stateFile)), decodeOwner)
    if (Option.isNone(owner)) return Option.none()
    const { pid, hostname: host, startedAt } = owner.value
    return Option.some({ pid, hostname: host, startedAt, alive: yield* isAlive(owner.value) })
  })
