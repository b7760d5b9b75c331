import { readdirSync, readFileSync, statSync } from "node:fs"
import { basename, join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { readCheckpoint } from "./CliChecks.js"
import { allOutput, latencyRun, makeWorkspace, runCli, startCli, waitUntil } from "./CliHarness.js"
import { asReader, folderState, isRoot, nobodyCanRun, readerAvailable } from "./Readers.js"

const runsIn = (result: { readonly stdout: string }) => (JSON.parse(result.stdout) as { runs: Array<unknown> }).runs

/** What a cron job's environment may still hold long after the service it named has moved on. */
const staleServiceVariables = {
  DOCSWEEP_BASE_URL: "cite.example.org",
  DOCSWEEP_USER_ID: "bob",
  DOCSWEEP_ORG_ID: "0",
  DOCSWEEP_TOKEN: "s3cret-line-one\nline-two"
}

describe.concurrent("the commands that only read a checkpoint", () => {
  // Each was refused (exit 2) for a variable it never uses: a stale DOCSWEEP_USER_ID blocked reading a checkpoint.
  it.scopedLive("status, diff and export ignore service variables they never use", () =>
    Effect.gen(function* () {
      const ws = yield* makeWorkspace({ name: "stale-env", count: 2 })
      for (let run = 0; run < 2; run++) {
        const result = yield* runCli(latencyRun(ws, 1), { cwd: ws.dir })
        assert.strictEqual(result.code, 0, allOutput(result))
      }
      const env = staleServiceVariables
      for (const args of [
        ["status", ws.pipeline, "--output", ws.out],
        ["diff", ws.pipeline, "--output", ws.out],
        ["export", ws.pipeline, "--output", ws.out, "--format", "csv"]
      ]) {
        const result = yield* runCli(args, { cwd: ws.dir, env })
        assert.strictEqual(result.code, 0, `${args[0]}: ${allOutput(result)}`)
        assert.notInclude(allOutput(result), "s3cret", args[0])
      }
      // config shows what a run would use, so it still names each variable that a run would refuse.
      const config = yield* runCli(["config", ws.pipeline], { cwd: ws.dir, env })
      assert.strictEqual(config.code, 2, allOutput(config))
      for (const name of Object.keys(env)) assert.include(config.stderr, name)
      assert.notInclude(allOutput(config), "s3cret")
    })
  )

  // status opened the checkpoint to write (SQLite's WAL needs -wal and -shm files beside it): a user who may only
  // read the folder got "cannot be opened or written here"; in a folder everyone may write, the files it left were
  // its own, and a writer of another user could not open them.
  it.scopedLive.runIf(readerAvailable)(
    "status, diff and export read a finished run's checkpoint without writing beside it",
    () =>
      Effect.gen(function* () {
        const ws = yield* makeWorkspace({ name: "read-only-status", count: 2 })
        for (let run = 0; run < 2; run++) {
          const result = yield* runCli(latencyRun(ws, 1), { cwd: ws.dir })
          assert.strictEqual(result.code, 0, allOutput(result))
        }
        const bytes = readFileSync(ws.checkpoint)
        for (const shared of isRoot ? [false, true] : [false]) {
          const reader = yield* asReader(ws, shared)
          const before = folderState(ws.out)
          const status = yield* runCli(["status", ws.pipeline, "--output", ws.out, "--json"], reader)
          assert.strictEqual(status.code, 0, allOutput(status))
          assert.lengthOf(runsIn(status), 2)
          const diff = yield* runCli(["diff", ws.pipeline, "--output", ws.out], reader)
          assert.strictEqual(diff.code, 0, allOutput(diff))
          assert.deepStrictEqual(folderState(ws.out), before, `shared folder: ${shared}`)
          assert.isTrue(readFileSync(ws.checkpoint).equals(bytes))
          if (!shared) continue
          // Where the reader may write the folder, export writes its reports there and nothing else.
          const exported = yield* runCli(["export", ws.pipeline, "--output", ws.out, "--format", "csv"], reader)
          assert.strictEqual(exported.code, 0, allOutput(exported))
          const reports = exported.stdout.trim().split("\n")
          assert.isNotEmpty(reports)
          const reportNames = new Set(reports.map((file) => basename(file)))
          assert.deepStrictEqual(
            folderState(ws.out).filter((line) => !reportNames.has(line.split(" ")[0] ?? "")),
            before.filter((line) => !reportNames.has(line.split(" ")[0] ?? ""))
          )
          assert.isTrue(readFileSync(ws.checkpoint).equals(bytes))
        }
      })
  )

  it.scopedLive.runIf(nobodyCanRun)("status as another user beside a running run neither blocks nor changes it", () =>
    Effect.gen(function* () {
      const ws = yield* makeWorkspace({ name: "status-beside-run", count: 12 })
      const run = yield* startCli(latencyRun(ws, 300), { cwd: ws.dir })
      yield* waitUntil("pairs answered", () => {
        try {
          return readCheckpoint(ws.checkpoint).cells.some((cell) => cell.state === "success")
        } catch {
          return false
        }
      })
      const reader = yield* asReader(ws)
      const status = yield* runCli(["status", ws.pipeline, "--output", ws.out, "--json"], reader)
      assert.strictEqual(status.code, 0, allOutput(status))
      assert.lengthOf(runsIn(status), 1)
      const ended = yield* run.exit
      assert.strictEqual(ended.code, 0, allOutput(ended))
      assert.isTrue(readCheckpoint(ws.checkpoint).cells.every((cell) => cell.state === "success"))
      for (const name of readdirSync(ws.out)) assert.strictEqual(statSync(join(ws.out, name)).uid, 0, name)
    })
  )
})
