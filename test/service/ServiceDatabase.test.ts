import * as Fs from "node:fs"
import * as Path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import BetterSqlite3 from "better-sqlite3"
import { Effect } from "effect"
import { databaseFile } from "../../src/service/ServiceDatabase.js"
import { migrations } from "../../src/service/store/Migrations.js"
import { tempDir, testService } from "./support.js"

/** Runs `use` on the service database file directly, as another program would. */
const withFile = <A>(dataDir: string, use: (db: BetterSqlite3.Database) => A) => {
  const db = new BetterSqlite3(Path.join(dataDir, databaseFile))
  try {
    return use(db)
  } finally {
    db.close()
  }
}

/** Starts the service on `dataDir` and stops it at once (the scope closes). */
const startAndStop = (dataDir: string) => Effect.scoped(Effect.asVoid(testService({ dataDir })))

describe("the service database (the SQLite foundation the checkpoint uses too)", () => {
  it.live("is migrated once, in WAL mode, and reopened without change", () =>
    Effect.gen(function* () {
      const dataDir = yield* tempDir()
      yield* startAndStop(dataDir)
      yield* startAndStop(dataDir)
      const [version, journal] = withFile(dataDir, (db) => [
        db.pragma("user_version", { simple: true }),
        db.pragma("journal_mode", { simple: true })
      ])
      assert.strictEqual(version, migrations.length)
      assert.strictEqual(journal, "wal")
    }).pipe(Effect.scoped)
  )

  it.live("refuses a schema written by a newer docsweep, naming the file, and leaves it untouched", () =>
    Effect.gen(function* () {
      const dataDir = yield* tempDir()
      yield* startAndStop(dataDir)
      const newer = migrations.length + 1
      withFile(dataDir, (db) => db.pragma(`user_version = ${newer}`))
      const error = yield* Effect.flip(startAndStop(dataDir))
      assert.strictEqual(error._tag, "ServiceStartError")
      assert.include(
        error.message,
        `cannot start the service: the service database ${Path.join(dataDir, databaseFile)}`
      )
      assert.include(
        error.message,
        `schema version ${newer}, newer than this docsweep understands (${migrations.length})`
      )
      assert.include(error.message, "upgrade docsweep or use another --data directory")
      assert.strictEqual(
        withFile(dataDir, (db) => db.pragma("user_version", { simple: true })),
        newer
      )
    }).pipe(Effect.scoped)
  )

  it.live("refuses a damaged file instead of answering from it", () =>
    Effect.gen(function* () {
      const dataDir = yield* tempDir()
      Fs.writeFileSync(Path.join(dataDir, databaseFile), "not a database, but long enough to have a header ".repeat(40))
      const error = yield* Effect.flip(startAndStop(dataDir))
      assert.strictEqual(error._tag, "ServiceStartError")
      assert.include(error.message, "is damaged (SQLite:")
    }).pipe(Effect.scoped)
  )

  // SQLite's "unable to open database file" (a folder in its place, no permission) was exit 1, "internal error".
  it.live("a database file SQLite cannot open is the data directory to fix (exit 2), not an error of ours", () =>
    Effect.gen(function* () {
      const dataDir = yield* tempDir()
      Fs.mkdirSync(Path.join(dataDir, databaseFile))
      const error = yield* Effect.flip(startAndStop(dataDir))
      assert.strictEqual(error._tag, "ServiceStartError")
      assert.strictEqual(error._tag === "ServiceStartError" ? error.setting : undefined, "data", error.message)
    }).pipe(Effect.scoped)
  )
})
