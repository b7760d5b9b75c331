import { mkdirSync } from "node:fs"
import { dirname } from "node:path"
import BetterSqlite3 from "better-sqlite3"
import { Effect, type Scope } from "effect"
import { migrate } from "./Migrations.js"
import { StoreError } from "./StoreError.js"

/** One open checkpoint connection. better-sqlite3 is synchronous: every call goes through `attempt`. */
export interface Database {
  readonly sqlite: BetterSqlite3.Database
  readonly path: string
  /** Runs a synchronous better-sqlite3 call (a statement or a `transaction` function), failing with StoreError. */
  readonly attempt: <A>(operation: string, run: () => A) => Effect.Effect<A, StoreError>
}

export interface OpenOptions {
  /** Refuse a missing file instead of creating it (merge sources, `docsweep status`). */
  readonly fileMustExist?: boolean
  /** Open an existing file for reading only (`docsweep view` beside a running run): nothing is ever written. */
  readonly readOnly?: boolean
}

const connect = (path: string, options: OpenOptions): Effect.Effect<BetterSqlite3.Database, StoreError> =>
  Effect.try({
    try: () => {
      if (options.readOnly === true) {
        // A reader beside the running writer: WAL lets it read committed snapshots while the run goes on.
        const reader = new BetterSqlite3(path, { readonly: true, fileMustExist: true, timeout: 5000 })
        reader.pragma("busy_timeout = 5000")
        return reader
      }
      if (options.fileMustExist !== true) mkdirSync(dirname(path), { recursive: true })
      const sqlite = new BetterSqlite3(path, { fileMustExist: options.fileMustExist === true, timeout: 5000 })
      // WAL + NORMAL: a committed transaction survives kill -9 of the process (only an OS crash or power loss can
      // lose the last commits), which is what "intent before request" needs, at a fraction of FULL's fsyncs.
      sqlite.pragma("journal_mode = WAL")
      sqlite.pragma("synchronous = NORMAL")
      sqlite.pragma("busy_timeout = 5000")
      sqlite.pragma("foreign_keys = ON")
      return sqlite
    },
    catch: (cause) =>
      isCorrupt(cause) ? damaged(path, String(cause)) : new StoreError({ operation: "open", path, cause })
  })

const damaged = (path: string, detail: string) =>
  new StoreError({
    operation: "open",
    path,
    cause: undefined,
    kind: "damaged",
    reason:
      `The checkpoint is damaged (SQLite: ${detail}); its answers cannot be trusted. Restore it from a backup, or ` +
      "move it aside (with its state.sqlite-wal and state.sqlite-shm) and run again with --fresh to start over"
  })

const isCorrupt = (cause: unknown) =>
  typeof cause === "object" &&
  cause !== null &&
  "code" in cause &&
  (cause.code === "SQLITE_CORRUPT" || cause.code === "SQLITE_NOTADB")

/** `PRAGMA quick_check`: the file's structure, in a time linear in its size (no index contents compared). */
const checkIntegrity = (sqlite: BetterSqlite3.Database, path: string): Effect.Effect<void, StoreError> =>
  Effect.try({
    try: () => sqlite.pragma("quick_check", { simple: true }),
    catch: (cause) =>
      isCorrupt(cause) ? damaged(path, String(cause)) : new StoreError({ operation: "open", path, cause })
  }).pipe(Effect.flatMap((result) => (result === "ok" ? Effect.void : Effect.fail(damaged(path, String(result))))))

/** Opens (creating when allowed) and migrates the checkpoint at `path`; the connection closes with the scope. */
export const openDatabase = (
  path: string,
  options: OpenOptions = {}
): Effect.Effect<Database, StoreError, Scope.Scope> =>
  Effect.gen(function* () {
    const sqlite = yield* Effect.acquireRelease(connect(path, options), (sqlite) =>
      Effect.try(() => sqlite.close()).pipe(
        Effect.catchAll((cause) =>
          Effect.logWarning("Closing the checkpoint failed").pipe(Effect.annotateLogs({ path, cause: String(cause) }))
        )
      )
    )
    yield* checkIntegrity(sqlite, path)
    yield* migrate(sqlite, path, undefined, { readOnly: options.readOnly === true })
    const attempt = <A>(operation: string, run: () => A): Effect.Effect<A, StoreError> =>
      Effect.try({ try: run, catch: (cause) => new StoreError({ operation, path, cause }) })
    return { sqlite, path, attempt }
  })
