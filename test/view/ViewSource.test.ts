import { rmSync } from "node:fs"
import { gunzipSync } from "node:zlib"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Ref, TestClock } from "effect"
import { runDuration } from "../../src/export/html/Durations.js"
import { makeViewCheckpoint } from "../../src/view/ViewCheckpoint.js"
import { makeViewSource } from "../../src/view/ViewSource.js"
import { checkpointPath, document, start, withStore } from "../store/StoreFixtures.js"

/** A run of `pipelineName` over one document, as a run process writes it and ends. */
const runOf = (path: string, pipelineName: string) =>
  withStore(path, (store) =>
    Effect.gen(function* () {
      const run = yield* store.beginRun({ ...start, pipelineName })
      yield* store.saveDocuments([document(1)])
      yield* store.finishRun(run.id, "completed")
    })
  )

const removeCheckpoint = (path: string) => {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true })
}

/** The page data inside a packed report. */
const unpacked = (packed: Buffer) => JSON.parse(gunzipSync(packed).toString("utf8"))

describe("docsweep view's data", () => {
  it.scoped("is read again from the new file when it is deleted and written anew, never shown as it was", () =>
    Effect.gen(function* () {
      const path = yield* checkpointPath
      yield* runOf(path, "leases")
      const source = yield* makeViewSource(yield* makeViewCheckpoint(path), {
        pipelineFile: "p.yaml",
        settings: [],
        lockFree: Effect.succeed(true)
      })
      const before = yield* source.current
      assert.strictEqual(before.title, "leases · run 1")

      // Deleted to start over: the viewer says so instead of serving the file it still holds open.
      removeCheckpoint(path)
      const gone = yield* Effect.flip(source.current)
      assert.strictEqual(gone._tag === "StoreError" && gone.kind, "missing")
      assert.include(gone.message, "The checkpoint was deleted")
      assert.strictEqual((yield* Effect.flip(source.version)).kind, "missing")

      // The next run writes a new checkpoint at the same path: a new version, with the new file's data.
      yield* runOf(path, "renewals")
      const after = yield* source.current
      assert.strictEqual(after.title, "renewals · run 1")
      assert.notStrictEqual(after.version, before.version)
      assert.strictEqual(yield* source.version, after.version)
      assert.strictEqual(unpacked(after.packed).pipeline.name, "renewals")
    })
  )

  it.scoped("shows a run killed before it could end as stopped, as its export does, once its lock is not held", () =>
    Effect.gen(function* () {
      const path = yield* checkpointPath
      yield* withStore(path, (store) => store.beginRun(start))
      const held = yield* Ref.make(true)
      const source = yield* makeViewSource(yield* makeViewCheckpoint(path), {
        pipelineFile: "p.yaml",
        settings: [],
        lockFree: Effect.map(Ref.get(held), (alive) => !alive)
      })
      const going = yield* source.current
      assert.strictEqual(unpacked(going.packed).run.outcome, "running")
      assert.strictEqual(runDuration(unpacked(going.packed).run), "still running")
      // Killed: nothing more is written, but the lock's process is gone.
      yield* Ref.set(held, false)
      const stopped = yield* source.current
      assert.notStrictEqual(stopped.version, going.version)
      assert.strictEqual(unpacked(stopped.packed).run.outcome, "stopped")
      assert.include(unpacked(stopped.packed).run.note, "run the same command again")
      assert.strictEqual(runDuration(unpacked(stopped.packed).run), "did not end", "the overview's duration")
    })
  )

  it.scoped("gives a viewer started again another version, so a page left open across the restart reads anew", () =>
    Effect.gen(function* () {
      const path = yield* checkpointPath
      yield* runOf(path, "leases")
      const viewer = () =>
        Effect.flatMap(makeViewCheckpoint(path), (checkpoint) =>
          makeViewSource(checkpoint, { pipelineFile: "p.yaml", settings: [], lockFree: Effect.succeed(true) })
        )
      const first = yield* (yield* viewer()).version
      // Stopped; a run writes; started again: its connection counts changes from where the first one did.
      yield* runOf(path, "leases")
      yield* TestClock.adjust("5 seconds")
      const second = yield* viewer()
      assert.notStrictEqual(yield* second.version, first)
      assert.strictEqual((yield* second.current).title, "leases · run 2")
    })
  )

  it.scoped("lists the settings the run ran with, as its reports do, not the viewer's", () =>
    Effect.gen(function* () {
      const path = yield* checkpointPath
      const ran = { key: "base_url", value: "https://docs.example.com", source: "environment" }
      yield* withStore(path, (store) =>
        Effect.flatMap(store.beginRun({ ...start, settings: [ran] }), (run) => store.finishRun(run.id, "completed"))
      )
      const here = { key: "base_url", value: "(not set: the embedded local service)", source: "default" }
      const source = yield* makeViewSource(yield* makeViewCheckpoint(path), {
        pipelineFile: "p.yaml",
        settings: [here],
        lockFree: Effect.succeed(true)
      })
      assert.deepStrictEqual(unpacked((yield* source.current).packed).settings, [ran])
    })
  )
})
