import * as Fs from "node:fs"
import * as Path from "node:path"
import Database from "better-sqlite3"
import { Effect } from "effect"
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

const open = (dataDir: string) =>
  Effect.try({
    try: () => {
      Fs.mkdirSync(Path.join(dataDir, "files"), { recursive: true })
      const db = new Database(Path.join(dataDir, databaseFile))
      db.pragma("journal_mode = WAL")
      // NORMAL is durable across process crashes in WAL mode (only an OS crash can lose the last commits).
      db.pragma("synchronous = NORMAL")
      db.pragma("busy_timeout = 5000")
      return db
    },
    catch: (cause) => new ServiceStoreError({ operation: `open ${dataDir}`, cause })
  })

const migrate = (db: Database.Database) =>
  Effect.try({
    try: () => {
      const applied = Number(db.pragma("user_version", { simple: true }))
      db.transaction(() => {
        migrations.forEach((script, index) => {
          if (index >= applied) db.exec(script)
        })
        db.pragma(`user_version = ${migrations.length}`)
      })()
      return migrations.length - applied
    },
    catch: (cause) => new ServiceStoreError({ operation: "migrate", cause })
  })

/** Makes the next document ids start above `base` (never lowers them): AUTOINCREMENT reads sqlite_sequence. */
const startDocumentIdsAt = (db: Database.Database, base: number) =>
  Effect.try({
    try: () =>
      db.transaction(() => {
        db.prepare(
          "INSERT INTO sqlite_sequence (name, seq) SELECT 'documents', 0 WHERE NOT EXISTS " +
            "(SELECT 1 FROM sqlite_sequence WHERE name = 'documents')"
        ).run()
        db.prepare("UPDATE sqlite_sequence SET seq = ? WHERE name = 'documents' AND seq < ?").run(base, base)
      })(),
    catch: (cause) => new ServiceStoreError({ operation: "documentIdBase", cause })
  })

/**
 * The service's SQLite database: one better-sqlite3 connection in WAL mode, versioned migrations, prepared
 * statements cached by text. better-sqlite3 is synchronous, so a transaction is one plain function run
 * inside `Effect.try`: no other fiber can interleave with it.
 */
export class ServiceDatabase extends Effect.Service<ServiceDatabase>()("app/service/ServiceDatabase", {
  scoped: Effect.gen(function* () {
    const settings = yield* ServiceSettings
    const db = yield* Effect.acquireRelease(open(settings.dataDir), (db) => Effect.sync(() => db.close()))
    const fresh = yield* migrate(db)
    if (fresh > 0) yield* Effect.logDebug(`service database: applied ${fresh} migration(s)`)
    if (settings.documentIdBase !== undefined) yield* startDocumentIdsAt(db, settings.documentIdBase)
    const statements = new Map<string, Database.Statement>()
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
    const attempt = <A>(operation: string, f: (sql: Sql) => A) =>
      Effect.try({ try: () => f(sql), catch: (cause) => new ServiceStoreError({ operation, cause }) })

    /** Runs `f` in one transaction; a SQLite failure is a `ServiceStoreError` and rolls everything back. */
    const attemptTransaction = <A>(operation: string, f: (sql: Sql) => A) =>
      Effect.try({
        try: () => db.transaction(() => f(sql))(),
        catch: (cause) => new ServiceStoreError({ operation, cause })
      })

    return {
      dataDir: settings.dataDir,
      attempt,
      attemptTransaction,
      /**
       * Like `attempt`, for request and task code: a failing statement (disk full, corrupt file) is a defect
       * there, answered 500 or recorded as the task's failure.
       */
      use: <A>(operation: string, f: (sql: Sql) => A) => Effect.orDie(attempt(operation, f)),
      transaction: <A>(operation: string, f: (sql: Sql) => A) => Effect.orDie(attemptTransaction(operation, f))
    } as const
  })
}) {}

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
