import { statSync } from "node:fs"
import { dirname } from "node:path"
import BetterSqlite3 from "better-sqlite3"
import { Effect, type Scope } from "effect"
import { openIdleCopy } from "./IdleCopy.js"
import { makeDirectory } from "./MakeDirectory.js"
import { migrateSchema } from "./MigrateSchema.js"
import { failed, SqliteError } from "./SqliteError.js"

/** One open connection: better-sqlite3 is synchronous, so every call goes through `attempt` or `transaction`. */
export interface Sqlite<E> {
  readonly sqlite: BetterSqlite3.Database
  readonly path: string
  /** Runs a synchronous call (a statement, or a prepared `transaction` function), failing with the owner's error. */
  readonly attempt: <A>(operation: string, run: () => A) => Effect.Effect<A, E>
  /**
   * Runs `run` in one IMMEDIATE transaction: all of it or nothing. IMMEDIATE takes the write lock at BEGIN, so a
   * second process (a `status` beside a run, `docs add` beside `serve`) waits `busy_timeout` instead of failing
   * when it would have to upgrade a read lock.
   */
  readonly transaction: <A>(operation: string, run: () => A) => Effect.Effect<A, E>
}

export interface SqliteOptions<E> {
  readonly path: string
  /** One SQL script per schema version, in order (see `migrateSchema`). */
  readonly migrations: ReadonlyArray<string>
  /** Refuse a missing file instead of creating it (and its folder). */
  readonly fileMustExist?: boolean | undefined
  /**
   * Open an existing file for reading only (`docsweep view` beside a running run): nothing is ever written, so a
   * file whose schema is older than `migrations` is refused instead of migrated.
   */
  readonly readOnly?: boolean | undefined
  /** With `readOnly`: read a file of an older schema as it is (the caller reads only the columns it finds). */
  readonly olderReadable?: boolean | undefined
  /** With `readOnly`: read a copy in memory where a reader's connection cannot be made safely (see `openIdleCopy`). */
  readonly copyWhenIdle?: boolean | undefined
  /** The owner's error for every failure, so callers see one tag per store. */
  readonly toError: (error: SqliteError) => E
}

/** What SQLite throws when a read-write open finds a folder where the file belongs. */
const folderInPlace = () =>
  Object.assign(new Error("unable to open database file: a folder is in its place"), { code: "SQLITE_CANTOPEN" })

const connect = (path: string, fileMustExist: boolean, readOnly: boolean, copyWhenIdle: boolean) =>
  (readOnly && copyWhenIdle ? openIdleCopy(path) : Effect.succeed(undefined)).pipe(
    Effect.mapError(failed("open", path)),
    Effect.flatMap((copy) =>
      copy !== undefined
        ? Effect.succeed(copy)
        : Effect.try({
            try: () => {
              if (readOnly) {
                // SQLite opens a folder read-only without a word and fails its first read as a disk I/O error.
                if (statSync(path, { throwIfNoEntry: false })?.isDirectory() === true) throw folderInPlace()
                // A reader beside the running writer: WAL lets it read committed snapshots while the run goes on.
                const reader = new BetterSqlite3(path, { readonly: true, fileMustExist: true, timeout: 5000 })
                reader.pragma("busy_timeout = 5000")
                return reader
              }
              if (!fileMustExist) makeDirectory(dirname(path))
              const sqlite = new BetterSqlite3(path, { fileMustExist, timeout: 5000 })
              sqlite.pragma("busy_timeout = 5000")
              return sqlite
            },
            catch: failed("open", path)
          })
    )
  )

/** Settings of a connection that writes; switching to WAL writes the file's header, so only once it is ours. */
const configure = (sqlite: BetterSqlite3.Database, path: string) =>
  Effect.try({
    try: () => {
      // WAL + NORMAL: a committed transaction survives kill -9 of the process (only an OS crash or power loss can
      // lose the last commits), which is what "intent before request" needs, at a fraction of FULL's fsyncs.
      sqlite.pragma("journal_mode = WAL")
      sqlite.pragma("synchronous = NORMAL")
      sqlite.pragma("foreign_keys = ON")
    },
    catch: failed("open", path)
  })

/**
 * Refuses a file with tables that no migration of ours made (`user_version` 0): another program's database, never
 * to be written into. Version and tables are read in one transaction: a new file another opener is migrating at
 * that moment is seen before or after, never half.
 */
const refuseForeign = (sqlite: BetterSqlite3.Database, path: string) =>
  Effect.try({
    try: sqlite.transaction(() =>
      Number(sqlite.pragma("user_version", { simple: true })) === 0
        ? sqlite
            .prepare<[], string>(
              "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
            )
            .pluck()
            .all()
        : []
    ),
    catch: failed("open", path)
  }).pipe(
    Effect.filterOrFail(
      (tables) => tables.length === 0,
      (tables) => new SqliteError({ operation: "open", path, cause: undefined, problem: { _tag: "Foreign", tables } })
    )
  )

/** `PRAGMA quick_check`: the file's structure, in a time linear in its size (no index contents compared). */
const checkIntegrity = (sqlite: BetterSqlite3.Database, path: string) =>
  Effect.try({ try: () => sqlite.pragma("quick_check", { simple: true }), catch: failed("open", path) }).pipe(
    Effect.filterOrFail(
      (result) => result === "ok",
      (result) =>
        new SqliteError({
          operation: "open",
          path,
          cause: result,
          problem: { _tag: "Damaged", detail: String(result) }
        })
    ),
    Effect.asVoid
  )

/**
 * Opens (creating when allowed) the SQLite file at `path` with the pragmas above, checks its structure, migrates it
 * and returns the connection, which closes with the scope. The checkpoint and the service database both open here.
 */
export const openSqlite = <E>(options: SqliteOptions<E>): Effect.Effect<Sqlite<E>, E, Scope.Scope> =>
  Effect.gen(function* () {
    const { path, toError } = options
    const sqlite = yield* Effect.acquireRelease(
      connect(path, options.fileMustExist === true, options.readOnly === true, options.copyWhenIdle === true),
      (sqlite) =>
        Effect.try(() => sqlite.close()).pipe(
          Effect.catchAll((cause) =>
            Effect.logWarning("Closing a SQLite file failed").pipe(Effect.annotateLogs({ path, cause: String(cause) }))
          )
        )
    )
    yield* checkIntegrity(sqlite, path)
    yield* refuseForeign(sqlite, path)
    if (options.readOnly !== true) yield* configure(sqlite, path)
    yield* migrateSchema(sqlite, path, options.migrations, options)
    const attempt = <A>(operation: string, run: () => A): Effect.Effect<A, E> =>
      Effect.try({ try: run, catch: (cause) => toError(new SqliteError({ operation, path, cause })) })
    const transaction = <A>(operation: string, run: () => A): Effect.Effect<A, E> =>
      attempt(operation, () => sqlite.transaction(run).immediate())
    return { sqlite, path, attempt, transaction }
  }).pipe(Effect.mapError(options.toError))
