import type BetterSqlite3 from "better-sqlite3"
import { Effect } from "effect"
import type { SqliteOptions } from "./Sqlite.js"
import { failed, SqliteError } from "./SqliteError.js"

/**
 * Brings the file to the latest schema; `PRAGMA user_version` is the number of scripts applied. An up-to-date file
 * is only read (a `docsweep status` beside a running run takes no write lock); otherwise the missing scripts run in
 * one IMMEDIATE transaction that re-reads the version (a second opener waits, then finds the work done). A version
 * beyond `list` was written by a newer docsweep: refused, never touched; so is an older one opened `readOnly`, unless
 * `olderReadable` (then read as it is).
 * Returns the version it leaves.
 */
export const migrateSchema = (
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
