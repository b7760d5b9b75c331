import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import BetterSqlite3 from "better-sqlite3"
import { Effect, Layer, Option } from "effect"
import { CheckpointStore } from "../../src/store/CheckpointStore.js"
import { openDatabase } from "../../src/store/Database.js"
import { migrate, migrations } from "../../src/store/Migrations.js"
import { ReadStore } from "../../src/store/ReadStore.js"
import { openSqlite } from "../../src/store/Sqlite.js"
import { start, tempDir, withStore } from "./StoreFixtures.js"

const raw = (path: string) =>
  Effect.acquireRelease(
    Effect.sync(() => new BetterSqlite3(path)),
    (db) => Effect.sync(() => db.close())
  )

describe("Migrations", () => {
  it.scoped("create the schema once, set WAL and pragmas, and reopen without change", () =>
    Effect.gen(function* () {
      const path = join(yield* tempDir, "nested", "state.sqlite")
      yield* withStore(path, (store) => Effect.asVoid(store.beginRun(start)))
      yield* withStore(path, (store) => Effect.asVoid(store.setMeta("k", "v")))
      const { sqlite } = yield* openDatabase(path)
      assert.strictEqual(sqlite.pragma("user_version", { simple: true }), migrations.length)
      assert.strictEqual(sqlite.pragma("journal_mode", { simple: true }), "wal")
      assert.strictEqual(sqlite.pragma("foreign_keys", { simple: true }), 1)
      assert.strictEqual(sqlite.pragma("synchronous", { simple: true }), 1)
      assert.strictEqual(sqlite.pragma("busy_timeout", { simple: true }), 5000)
      const runs = sqlite.prepare("SELECT COUNT(*) AS n FROM runs").get()
      assert.deepStrictEqual(runs, { n: 1 })
    })
  )

  it.scoped("apply only the missing versions, in order", () =>
    Effect.gen(function* () {
      const path = join(yield* tempDir, "state.sqlite")
      const db = yield* raw(path)
      const first = ["CREATE TABLE a (x INTEGER)"]
      const second = [...first, "ALTER TABLE a ADD COLUMN y TEXT", "CREATE TABLE b (z INTEGER)"]
      assert.strictEqual(yield* migrate(db, path, first), 1)
      db.prepare("INSERT INTO a (x) VALUES (1)").run()
      assert.strictEqual(yield* migrate(db, path, second), 3)
      assert.strictEqual(yield* migrate(db, path, second), 3)
      assert.strictEqual(db.pragma("user_version", { simple: true }), 3)
      assert.deepStrictEqual(db.prepare("SELECT x, y FROM a").all(), [{ x: 1, y: null }])
    })
  )

  it.scoped("roll back a failing migration as a whole", () =>
    Effect.gen(function* () {
      const path = join(yield* tempDir, "state.sqlite")
      const db = yield* raw(path)
      const error = yield* Effect.flip(migrate(db, path, ["CREATE TABLE a (x INTEGER)", "NOT SQL"]))
      assert.strictEqual(error._tag, "StoreError")
      assert.strictEqual(db.pragma("user_version", { simple: true }), 0)
      assert.deepStrictEqual(db.prepare("SELECT name FROM sqlite_master WHERE name = 'a'").all(), [])
    })
  )

  it.scoped("refuse a checkpoint written by a newer docsweep", () =>
    Effect.gen(function* () {
      const path = join(yield* tempDir, "state.sqlite")
      yield* withStore(path, (store) => store.getMeta("x"))
      const db = yield* raw(path)
      db.pragma(`user_version = ${migrations.length + 1}`)
      const error = yield* Effect.flip(withStore(path, (store) => store.getMeta("x")))
      assert.strictEqual(error._tag, "StoreError")
      assert.include(error.message, `schema version ${migrations.length + 1}`)
      assert.include(error.message, "upgrade docsweep")
      assert.deepStrictEqual(yield* Effect.option(migrate(db, path)), Option.none())
    })
  )

  it.scoped("a reader (docsweep view) uses a current checkpoint and never upgrades an older one", () =>
    Effect.gen(function* () {
      const path = join(yield* tempDir, "state.sqlite")
      const db = yield* raw(path)
      yield* migrate(db, path, migrations.slice(0, 2))
      const error = yield* Effect.flip(openDatabase(path, { readOnly: true }))
      assert.include(error.message, `schema version 2, older than this docsweep's (${migrations.length})`)
      assert.include(error.message, "opened read-only")
      assert.strictEqual(db.pragma("user_version", { simple: true }), 2)
      yield* migrate(db, path)
      const reader = yield* openDatabase(path, { readOnly: true })
      assert.isTrue(reader.sqlite.readonly)
      assert.throws(() => reader.sqlite.exec("CREATE TABLE x (y INTEGER)"), /readonly/)
    })
  )

  it.scoped(
    "a reader that takes older files as they are (a shard merged) reads one, and still refuses a newer one",
    () =>
      Effect.gen(function* () {
        const path = join(yield* tempDir, "state.sqlite")
        const db = yield* raw(path)
        yield* migrate(db, path, migrations.slice(0, 2))
        const open = openSqlite({
          path,
          migrations,
          fileMustExist: true,
          readOnly: true,
          olderReadable: true,
          toError: (error) => error
        })
        const older = yield* open
        assert.isTrue(older.sqlite.readonly)
        assert.strictEqual(older.sqlite.pragma("user_version", { simple: true }), 2)
        db.pragma(`user_version = ${migrations.length + 1}`)
        const newer = yield* Effect.flip(open)
        assert.deepInclude(newer.problem, { _tag: "Newer", found: migrations.length + 1 })
      })
  )

  // status now looks read only; the refusal of an older checkpoint tells the user to run status to upgrade it.
  it.scoped("a look (docsweep status, diff) upgrades an older checkpoint, as status always did", () =>
    Effect.gen(function* () {
      const path = join(yield* tempDir, "state.sqlite")
      const db = yield* raw(path)
      yield* migrate(db, path, migrations.slice(0, 2))
      const summary = yield* Effect.flatMap(ReadStore, (store) => store.statusSummary()).pipe(
        Effect.provide(CheckpointStore.openToLook(path))
      )
      assert.deepStrictEqual(summary.runs, [])
      assert.strictEqual(db.pragma("user_version", { simple: true }), migrations.length)
      db.pragma(`user_version = ${migrations.length + 1}`)
      const newer = yield* Effect.flip(Layer.build(CheckpointStore.openToLook(path)))
      assert.include(newer.message, "newer than this docsweep understands")
    })
  )

  it.scoped("a missing file is refused when it must exist", () =>
    Effect.gen(function* () {
      const path = join(yield* tempDir, "absent.sqlite")
      const error = yield* Effect.flip(openDatabase(path, { fileMustExist: true }))
      assert.strictEqual(error.operation, "open")
    })
  )

  it.scoped("a checkpoint from before error kinds keeps its plan refusals as a kind", () =>
    Effect.gen(function* () {
      const path = join(yield* tempDir, "state.sqlite")
      const db = yield* raw(path)
      const beforeKinds = migrations.findIndex((script) => script.includes("error_kind"))
      yield* migrate(db, path, migrations.slice(0, beforeKinds))
      const insert = db.prepare(
        `INSERT INTO chat_messages (chat_name, scope, session_key, document_ids, position, query, dependency_key,
           state, error) VALUES ('c', 'all', '1,2', '[1,2]', ?, 'q', 'k', ?, ?)`
      )
      insert.run(0, "failed", 'chat "c": multi-doc chat needs the Advanced plan or higher; use scope: each')
      insert.run(1, "failed", "timed out")
      insert.run(2, "success", null)
      yield* migrate(db, path)
      assert.deepStrictEqual(db.prepare("SELECT position, error_kind FROM chat_messages ORDER BY position").all(), [
        { position: 0, error_kind: "plan-refused" },
        { position: 1, error_kind: null },
        { position: 2, error_kind: null }
      ])
    })
  )
})
