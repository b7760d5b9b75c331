import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync
} from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import BetterSqlite3 from "better-sqlite3"
import { Effect } from "effect"
import { readCheckpoint } from "./CliChecks.js"
import { allOutput, latencyRun, makeWorkspace, runCli, startCli, waitUntil } from "./CliHarness.js"

/** Remote tables the embedded service of an output directory holds. */
const serviceTables = (out: string) => {
  const db = new BetterSqlite3(join(out, "service", "service.sqlite"), { readonly: true })
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM ai_tables").get() as { n: number }).n
  } finally {
    db.close()
  }
}

const submitted = (path: string) => {
  try {
    return existsSync(path) ? readCheckpoint(path).cells.filter((cell) => cell.state !== "pending").length : 0
  } catch {
    return 0
  }
}

describe.concurrent("a checkpoint that lost what an earlier run wrote", () => {
  it.scopedLive("state.sqlite-wal deleted under a running process, then kill -9: the next run stops with exit 2", () =>
    Effect.gen(function* () {
      const ws = yield* makeWorkspace({ name: "wal-lost" })
      const run = latencyRun(ws, 2000)
      const first = yield* startCli(run, { cwd: ws.dir })
      yield* waitUntil("pairs submitted", () => submitted(ws.checkpoint) > 0)
      rmSync(`${ws.checkpoint}-wal`)
      yield* Effect.sleep("300 millis")
      yield* first.kill("SIGKILL")
      yield* first.exit
      const tablesBefore = serviceTables(ws.out)
      assert.isAbove(tablesBefore, 0)

      const next = yield* runCli(run, { cwd: ws.dir })
      assert.strictEqual(next.code, 2, allOutput(next))
      assert.include(next.stderr, "The checkpoint is inconsistent")
      assert.include(next.stderr, "names run #1")
      assert.include(next.stderr, "--fresh")
      assert.strictEqual(serviceTables(ws.out), tablesBefore, "no new table was created")
      // It stays refused until someone decides: never started over silently.
      assert.strictEqual((yield* runCli(run, { cwd: ws.dir })).code, 2)

      const fresh = yield* runCli(latencyRun(ws, 5, "--fresh"), { cwd: ws.dir })
      assert.strictEqual(fresh.code, 0, allOutput(fresh))
    })
  )

  it.scopedLive("a 0-byte checkpoint beside the lock of a dead run is not taken for a new one", () =>
    Effect.gen(function* () {
      const ws = yield* makeWorkspace({ name: "empty-beside-lock", count: 2 })
      const run = latencyRun(ws, 5)
      const first = yield* startCli(latencyRun(ws, 5000), { cwd: ws.dir })
      yield* waitUntil("pairs submitted", () => submitted(ws.checkpoint) > 0)
      yield* first.kill("SIGKILL")
      yield* first.exit
      for (const suffix of ["", "-wal", "-shm"]) rmSync(join(ws.out, `state.sqlite${suffix}`), { force: true })
      writeFileSync(ws.checkpoint, "")
      const next = yield* runCli(run, { cwd: ws.dir })
      assert.strictEqual(next.code, 2, allOutput(next))
      assert.include(next.stderr, "The checkpoint is inconsistent")
    })
  )

  it.scopedLive(
    "another program's SQLite file where the checkpoint belongs is refused and left untouched (exit 2)",
    () =>
      Effect.gen(function* () {
        const ws = yield* makeWorkspace({ name: "foreign", count: 1 })
        mkdirSync(ws.out)
        // Its tables were migrated over (status exit 0, the file changed); one named like a checkpoint table: exit 1.
        const db = new BetterSqlite3(ws.checkpoint)
        db.exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine'); CREATE TABLE runs (x)")
        db.close()
        const before = readFileSync(ws.checkpoint)
        const results = yield* Effect.forEach(
          [latencyRun(ws, 1), ["status", ws.pipeline, "--output", ws.out], ["export", ws.pipeline, "--output", ws.out]],
          (args) => runCli(args, { cwd: ws.dir }),
          { concurrency: 3 }
        )
        for (const result of results) {
          assert.strictEqual(result.code, 2, allOutput(result))
          assert.include(
            result.stderr,
            "is not a docsweep checkpoint: it holds tables docsweep did not write (notes, runs)"
          )
        }
        assert.isTrue(readFileSync(ws.checkpoint).equals(before), "the file is as it was")
        assert.isFalse(existsSync(join(ws.out, "service")), "nothing was started")
      })
  )

  // Both ended as "internal error" (exit 1); the README counts an output path that cannot be written as bad input.
  it.scopedLive("a checkpoint that cannot be opened or written is an output path to fix (exit 2)", () =>
    Effect.gen(function* () {
      const ws = yield* makeWorkspace({ name: "unopenable", count: 1 })
      mkdirSync(ws.checkpoint, { recursive: true })
      const status = yield* runCli(["status", ws.pipeline, "--output", ws.out], { cwd: ws.dir })
      assert.strictEqual(status.code, 2, allOutput(status))
      assert.include(status.stderr, ws.checkpoint)
      // Another user's output folder (an earlier run under sudo): root writes anywhere, so only for other users.
      if (process.getuid?.() === 0) return
      const other = yield* makeWorkspace({ name: "not-mine", count: 1 })
      assert.strictEqual((yield* runCli(latencyRun(other, 1), { cwd: other.dir })).code, 0)
      chmodSync(other.out, 0o555)
      yield* Effect.addFinalizer(() => Effect.sync(() => chmodSync(other.out, 0o755)))
      const run = yield* runCli(latencyRun(other, 1), { cwd: other.dir })
      assert.strictEqual(run.code, 2, allOutput(run))
      assert.include(run.stderr, "permission denied")
    })
  )

  it.scopedLive("a malformed checkpoint is reported as damaged by run, status and export (exit 2)", () =>
    Effect.gen(function* () {
      const ws = yield* makeWorkspace({ name: "damaged", count: 40 })
      const run = latencyRun(ws, 1)
      assert.strictEqual((yield* runCli(run, { cwd: ws.dir })).code, 0)
      assert.isAbove(statSync(ws.checkpoint).size, 3 * 4096)
      // Garbage over the second page: a b-tree page SQLite can no longer read.
      const fd = openSync(ws.checkpoint, "r+")
      writeSync(fd, Buffer.alloc(4096, 0xab), 0, 4096, 4096)
      closeSync(fd)
      for (const args of [
        run,
        ["status", ws.pipeline, "--output", ws.out],
        ["export", ws.pipeline, "--output", ws.out]
      ]) {
        const result = yield* runCli(args, { cwd: ws.dir })
        assert.strictEqual(result.code, 2, `${args[0]}: ${allOutput(result)}`)
        assert.include(result.stderr, "The checkpoint is damaged", args[0])
      }
    })
  )

  it.scopedLive("a checkpoint written by a newer docsweep is refused by run, status and export (exit 2)", () =>
    Effect.gen(function* () {
      const ws = yield* makeWorkspace({ name: "newer", count: 4 })
      const run = latencyRun(ws, 1)
      assert.strictEqual((yield* runCli(run, { cwd: ws.dir })).code, 0)
      const db = new BetterSqlite3(ws.checkpoint)
      const version = db.pragma("user_version", { simple: true }) as number
      db.pragma(`user_version = ${version + 1}`)
      db.close()
      for (const args of [
        run,
        ["status", ws.pipeline, "--output", ws.out],
        ["export", ws.pipeline, "--output", ws.out]
      ]) {
        const result = yield* runCli(args, { cwd: ws.dir })
        assert.strictEqual(result.code, 2, `${args[0]}: ${allOutput(result)}`)
        assert.include(result.stderr, "newer than this docsweep understands", args[0])
      }
    })
  )
})
