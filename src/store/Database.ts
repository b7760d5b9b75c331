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
}

const connect = (path: string, options: OpenOptions): Effect.Effect<BetterSqlite3.Database, StoreError> =>
  Effect.try({
    try: () => {
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
    catch: (cause) => new StoreError({ operation: "open", path, cause })
  })

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
    yield* migrate(sqlite, path)
    const attempt = <A>(operation: string, run: () => A): Effect.Effect<A, StoreError> =>
      Effect.try({ try: run, catch: (cause) => new StoreError({ operation, path, cause }) })
    return { sqlite, path, attempt }
  })
