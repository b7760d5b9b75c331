import { chmodSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Schedule } from "effect"
import { readCheckpoint } from "./CliChecks.js"
import { allOutput, latencyRun, makeWorkspace, runCli, startCli } from "./CliHarness.js"
import { asReader, folderState, nobody, nobodyCanRun, notRoots } from "./Readers.js"

/** The run whose report `docsweep view` at `url` serves now; none while it has nothing to show. */
const shownRun = (url: string) =>
  Effect.promise(async () => {
    const reply = await fetch(`${url}/api/data`)
    const data = reply.ok ? ((await reply.json()) as { readonly run?: { readonly id?: number } }) : undefined
    return data?.run?.id
  })

// Both opened checkpoints as `status` did before that was fixed: SQLite's WAL needs -wal and -shm files beside it, so
// a user who may only read the folder was refused, and in a folder everyone may write, the files it left were its own,
// which a later run as another user cannot open.
describe.concurrent("view and merge as a user who may only read the runs' folders", () => {
  it.scopedLive.runIf(nobodyCanRun)(
    "view writes nothing beside the checkpoint and follows the runs that come later",
    () =>
      Effect.gen(function* () {
        for (const shared of [false, true]) {
          const ws = yield* makeWorkspace({ name: `viewer-${shared ? "shared" : "reader"}`, count: 2 })
          const first = yield* runCli(latencyRun(ws, 1), { cwd: ws.dir })
          assert.strictEqual(first.code, 0, allOutput(first))
          const reader = yield* asReader(ws, shared)
          const before = folderState(ws.out)
          const view = yield* startCli(["view", ws.pipeline, "--output", ws.out, "--port", "0"], reader)
          const [, url = ""] = yield* view.waitFor(/ on (http:\/\/127\.0\.0\.1:\d+) \(read only/)
          assert.strictEqual(yield* shownRun(url), 1)
          assert.deepStrictEqual(folderState(ws.out), before, `shared folder: ${shared}`)

          // A run of the folder's owner while the page is read: it is not held up, and the viewer shows it.
          const reading = yield* Effect.fork(Effect.repeat(shownRun(url), Schedule.spaced("50 millis")))
          const second = yield* runCli(latencyRun(ws, 100, "--fresh"), { cwd: ws.dir })
          yield* Fiber.interrupt(reading)
          assert.strictEqual(second.code, 0, allOutput(second))
          assert.isTrue(readCheckpoint(ws.checkpoint).cells.every((cell) => cell.state === "success"))
          yield* shownRun(url).pipe(
            Effect.repeat({ schedule: Schedule.spaced("100 millis"), until: (run) => run === 2 }),
            Effect.timeoutFail({ duration: "20 seconds", onTimeout: () => new Error("the viewer still shows run 1") })
          )
          yield* view.kill("SIGINT")
          assert.strictEqual((yield* view.exit).code, 130)
          assert.deepStrictEqual(notRoots(ws.out), [], `shared folder: ${shared}`)
        }
      })
  )

  it.scopedLive.runIf(nobodyCanRun)("merge reads the shards without writing beside their checkpoints or services", () =>
    Effect.gen(function* () {
      const ws = yield* makeWorkspace({ name: "merge-reader", count: 4 })
      for (const shard of ["1/2", "2/2"]) {
        const run = yield* runCli(latencyRun(ws, 1, "--shard", shard), { cwd: ws.dir })
        assert.strictEqual(run.code, 0, allOutput(run))
      }
      const shards = ["shard-1-of-2", "shard-2-of-2"].map((name) => join(ws.out, name))
      const folders = shards.flatMap((shard) => [shard, join(shard, "service")])
      chmodSync(ws.dir, 0o755)
      chmodSync(ws.out, 0o755)
      for (const shared of [false, true]) {
        for (const folder of folders) chmodSync(folder, shared ? 0o777 : 0o755)
        const before = folders.map(folderState)
        const merged = join(ws.dir, shared ? "merged-shared" : "merged")
        mkdirSync(merged, { mode: 0o777 })
        chmodSync(merged, 0o777)
        const merge = yield* runCli(["merge", ...shards, "--out", merged], { cwd: ws.dir, user: nobody })
        assert.strictEqual(merge.code, 0, allOutput(merge))
        assert.deepStrictEqual(folders.map(folderState), before, `shared folders: ${shared}`)
        assert.deepStrictEqual(shards.flatMap(notRoots), [], `shared folders: ${shared}`)
        const cells = readCheckpoint(join(merged, "state.sqlite")).cells
        assert.deepStrictEqual([cells.length, cells.every((cell) => cell.state === "success")], [8, true])
      }
    })
  )
})
