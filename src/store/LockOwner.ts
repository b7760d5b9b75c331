/** Who a lock names, and whether that process still runs: what every reader of `state.lock` decides by. */

import { hostname as osHostname } from "node:os"
import { Config, DateTime, Duration, Effect, Schema } from "effect"
import { errorCode } from "./FileProblems.js"

/** How often a run renews its lock, and how old a heartbeat must be before any host may take the lock over. */
export const heartbeatEvery = Duration.seconds(10)
export const staleAfter = Duration.seconds(60)

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

export const decodeOwner = Schema.decodeUnknownOption(Schema.parseJson(LockOwner))

/**
 * This machine's name in locks: `DOCSWEEP_HOSTNAME` when set (a pod may name its volume's users), else the OS's.
 * Trimmed, as every DOCSWEEP_* variable: runs compare the names to tell whether a lock's process is theirs to check.
 */
export const thisHost = Config.string("DOCSWEEP_HOSTNAME").pipe(
  Config.withDefault(""),
  Effect.map((name) => (name.trim() === "" ? osHostname() : name.trim())),
  Effect.orElseSucceed(osHostname)
)

export const heartbeatOf = (owner: LockOwner): string => owner.heartbeatAt ?? owner.startedAt

/** When this process started, as locks record it. */
export const processStart = (nowMillis: number) => new Date(nowMillis - process.uptime() * 1000).toISOString()

/**
 * Whether a lock is held by a live run. Not held: a heartbeat older than `staleAfter` (whatever the host: a pod
 * killed mid-run never comes back to remove its lock); the reader's own pid on its own host, unless the lock names
 * this very process (same start): a container restarted in place reuses small PIDs, often 1, and that earlier
 * process is gone; on this host, a pid no process has. EPERM: alive, owned by another user.
 */
export const isHeld = (owner: LockOwner, host: string): Effect.Effect<boolean> =>
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

/** Same process, same lock: what a heartbeat may overwrite. */
export const sameOwner = (a: LockOwner, b: LockOwner) =>
  a.pid === b.pid && a.hostname === b.hostname && a.startedAt === b.startedAt
