import { statSync } from "node:fs"
import { dirname } from "node:path"
import BetterSqlite3 from "better-sqlite3"
import { Data, Effect, type Scope } from "effect"
import { openIdleCopy } from "./IdleCopy.js"
import { makeDirectory } from "./MakeDirectory.js"

/**
 * A SQLite file could not be used. `problem` says when it is not a plain failure of a statement: the file is
 * damaged, or a newer release wrote a schema this one does not know. Each owner (the checkpoint, the service
 * database) turns it into its own error with its own words, so this type never leaves `src/store` and `src/service`.
 */
export class SqliteError extends Data.TaggedError("SqliteError")<{
  readonly operation: string
  readonly path: string
  readonly cause: unknown
  readonly problem?:
    | { readonly _tag: "Damaged"; readonly detail: string }
    | { readonly _tag: "Newer"; readonly found: number; readonly known: number }
    | { readonly _tag: "OlderReadOnly"; readonly found: number; readonly known: number }
    | { readonly _tag: "Foreign"; readonly tables: ReadonlyArray<string> }
}> {
  override get message() {
    return `SQLite ${this.operation} failed on ${this.path}: ${String(this.cause)}`
  }
}

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

interface SqliteOptions<E> {
  readonly path: string
  /** One SQL script per schema version, in order (see `migrate`). */
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

const isCorrupt = (cause: unknown) =>
  typeof cause === "object" &&
  cause !== null &&
  "code" in cause &&
  (cause.code === "SQLITE_CORRUPT" || cause.code === "SQLITE_NOTADB")

const failed = (operation: string, path: string) => (cause: unknown) =>
  isCorrupt(cause)
    ? new SqliteError({ operation, path, cause, problem: { _tag: "Damaged", detail: String(cause) } })
    : new SqliteError({ operation, path, cause })

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
 * Brings the file to the latest schema; `PRAGMA user_version` is the number of scripts applied. An up-to-date file
 * is only read (a `docsweep status` beside a running run takes no write lock); otherwise the missing scripts run in
 * one IMMEDIATE transaction that re-reads the version (a second opener waits, then finds the work done). A version
 * beyond `list` was written by a newer docsweep: refused, never touched; so is an older one opened `readOnly`, unless
 * `olderReadable` (then read as it is).
 * Returns the version it leaves.
 */
export const migrate = (
  sqlite: BetterSqlite3.Database,
  path: string,
  list: ReadonlyArray<string>,
  options: Pick<SqliteOptions<unknown>, "readOnly" | "olderReadable"> = {}
): Effect.Effect<number, SqliteError> =>
  Effect.gen(function* () {
    const version = () => Number(sqlite.pragma("user_version", { simple: true }))
    const apply = sqlite.transaction(() => {
      const current = version()
      list.slice(current).forEach((script, index) => {
        sqlite.exec(script)
        sqlite.pragma(`user_version = ${current + index + 1}`)
      })
      return current
    })
    const attempt = <A>(run: () => A) => Effect.try({ try: run, catch: failed("migrate", path) })
    const found = yield* attempt(version)
    if (options.readOnly === true && found < list.length) {
      if (options.olderReadable === true) return found
      return yield* new SqliteError({
        operation: "migrate",
        path,
        cause: undefined,
        problem: { _tag: "OlderReadOnly", found, known: list.length }
      })
    }
    const before = found < list.length ? yield* attempt(() => apply.immediate()) : found
    if (before > list.length) {
      return yield* new SqliteError({
        operation: "migrate",
        path,
        cause: undefined,
        problem: { _tag: "Newer", found: before, known: list.length }
      })
    }
    if (before < list.length) {
      yield* Effect.logDebug("SQLite schema migrated").pipe(
        Effect.annotateLogs({ path, from: before, to: list.length })
      )
    }
    return list.length
  })

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
    yield* migrate(sqlite, path, options.migrations, options)
    const attempt = <A>(operation: string, run: () => A): Effect.Effect<A, E> =>
      Effect.try({ try: run, catch: (cause) => toError(new SqliteError({ operation, path, cause })) })
    const transaction = <A>(operation: string, run: () => A): Effect.Effect<A, E> =>
      attempt(operation, () => sqlite.transaction(run).immediate())
    return { sqlite, path, attempt, transaction }
  }).pipe(Effect.mapError(options.toError))
