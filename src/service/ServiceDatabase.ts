import * as Path from "node:path"
import type BetterSqlite3 from "better-sqlite3"
import { Effect } from "effect"
import { makeDirectory } from "../store/MakeDirectory.js"
import { openSqlite } from "../store/Sqlite.js"
import type { SqliteError } from "../store/SqliteError.js"
import { ServiceStoreError } from "./ServiceErrors.js"
import { ServiceSettings } from "./ServiceSettings.js"
import { migrations } from "./store/Migrations.js"

export type SqlValue = string | number | bigint | null | Uint8Array

/** Synchronous access to the one connection; only ever used inside `ServiceDatabase.use` / `transaction`. */
export interface Sql {
  readonly all: <R>(sql: string, ...params: ReadonlyArray<SqlValue>) => Array<R>
  readonly get: <R>(sql: string, ...params: ReadonlyArray<SqlValue>) => R | undefined
  readonly run: (sql: string, ...params: ReadonlyArray<SqlValue>) => { readonly changes: number; readonly id: number }
}

export const databaseFile = "service.sqlite"

/** The service's words for what went wrong with its SQLite file; its own tag (see `ServiceStoreError`). */
export const serviceError = (error: SqliteError): ServiceStoreError => {
  const { operation, path, problem } = error
  if (problem?._tag === "Damaged") {
    return new ServiceStoreError({
      operation,
      cause: error.cause,
      reason:
        `the service database ${path} is damaged (SQLite: ${problem.detail}); restore it from a backup, or move ` +
        "the data directory aside and start with an empty one"
    })
  }
  if (problem?._tag === "Foreign") {
    return new ServiceStoreError({
      operation,
      cause: undefined,
      reason:
        `${path} is not a docsweep service database: it holds tables docsweep did not write ` +
        `(${problem.tables.join(", ")}) and is left as it is; use another --data directory`
    })
  }
  if (problem?._tag === "Newer") {
    return new ServiceStoreError({
      operation,
      cause: undefined,
      reason:
        `the service database ${path} has schema version ${problem.found}, newer than this docsweep understands ` +
        `(${problem.known}); upgrade docsweep or use another --data directory`
    })
  }
  return new ServiceStoreError({ operation, cause: error.cause })
}

/**
 * The service's SQLite database: one connection opened, checked and migrated like the checkpoint (`openSqlite`),
 * prepared statements cached by text. better-sqlite3 is synchronous, so a transaction is one plain function run
 * inside `Effect.try`: no other fiber can interleave with it.
 */
export class ServiceDatabase extends Effect.Service<ServiceDatabase>()("app/service/ServiceDatabase", {
  scoped: Effect.gen(function* () {
    const settings = yield* ServiceSettings
    yield* Effect.try({
      try: () => makeDirectory(Path.join(settings.dataDir, "files")),
      catch: (cause) => new ServiceStoreError({ operation: `open ${settings.dataDir}`, cause })
    })
    const database = yield* openSqlite({
      path: Path.join(settings.dataDir, databaseFile),
      migrations,
      toError: serviceError
    })
    const db = database.sqlite
    if (settings.documentIdBase !== undefined) {
      const base = settings.documentIdBase
      // Makes the next document ids start above `base` (never lowers them): AUTOINCREMENT reads sqlite_sequence.
      yield* database.transaction("documentIdBase", () => {
        db.prepare(
          "INSERT INTO sqlite_sequence (name, seq) SELECT 'documents', 0 WHERE NOT EXISTS " +
            "(SELECT 1 FROM sqlite_sequence WHERE name = 'documents')"
        ).run()
        db.prepare("UPDATE sqlite_sequence SET seq = ? WHERE name = 'documents' AND seq < ?").run(base, base)
      })
    }
    const statements = new Map<string, BetterSqlite3.Statement>()
    const prepare = (sql: string) => {
      const cached = statements.get(sql)
      if (cached !== undefined) return cached
      const statement = db.prepare(sql)
      statements.set(sql, statement)
      return statement
    }
    const sql: Sql = {
      all: <R>(text: string, ...params: ReadonlyArray<SqlValue>) => prepare(text).all(...params) as Array<R>,
      get: <R>(text: string, ...params: ReadonlyArray<SqlValue>) => prepare(text).get(...params) as R | undefined,
      run: (text, ...params) => {
        const result = prepare(text).run(...params)
        return { changes: result.changes, id: Number(result.lastInsertRowid) }
      }
    }

    /** Runs `f` on the connection; a SQLite failure is a `ServiceStoreError`. */
    const attempt = <A>(operation: string, f: (sql: Sql) => A) => database.attempt(operation, () => f(sql))

    /** Runs `f` in one transaction; a SQLite failure is a `ServiceStoreError` and rolls everything back. */
    const attemptTransaction = <A>(operation: string, f: (sql: Sql) => A) =>
      database.transaction(operation, () => f(sql))

    return {
      dataDir: settings.dataDir,
      attempt,
      attemptTransaction,
      /**
       * Like `attempt`, for request and task code: a failing statement (disk full, corrupt file) is a defect
       * there, answered 500 or recorded as the task's failure.
       */
      use: <A>(operation: string, f: (sql: Sql) => A) => Effect.orDie(attempt(operation, f)),
      transaction: <A>(operation: string, f: (sql: Sql) => A) => Effect.orDie(attemptTransaction(operation, f)),
      /**
       * Like `transaction`, handed the time the rows it writes are stamped with (`created_at`, `modified_at`, a
       * task's `updated_at`): read once from the Effect clock, so every row of one change carries the same time.
       */
      stamped: <A>(operation: string, f: (sql: Sql, now: string) => A) =>
        Effect.flatMap(nowIso, (now) => Effect.orDie(attemptTransaction(operation, (sql) => f(sql, now))))
    } as const
  })
}) {}

/** Inserts one row from its column values (names are the code's own, never input); returns the new row's id. */
export const insertRow = (sql: Sql, table: string, row: Readonly<Record<string, SqlValue>>): number => {
  const columns = Object.keys(row)
  const marks = columns.map(() => "?").join(", ")
  return sql.run(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${marks})`, ...Object.values(row)).id
}

/** The creation and modification stamps a new record carries (the reference's `created_at` … `modified_by`). */
export const createdBy = (userId: number, now: string) => ({ created_at: now, modified_at: now, modified_by: userId })

/** Binds a boolean for SQLite. */
export const bit = (value: boolean): number => (value ? 1 : 0)

/** Parses a stored JSON object column; anything else reads as `{}`. */
export const jsonObject = (text: string | null | undefined): Record<string, unknown> => {
  if (text === null || text === undefined || text === "") return {}
  const parsed: unknown = JSON.parse(text)
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {}
}

/** The current time as an ISO-8601 UTC timestamp, from the Effect clock. */
export const nowIso = Effect.map(
  Effect.clockWith((clock) => clock.currentTimeMillis),
  (millis) => new Date(millis).toISOString()
)
