import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { requireCheckpoint } from "../../src/cli/Reports.js"
import { statusData } from "../../src/cli/StatusData.js"
import { renderStatus } from "../../src/cli/StatusText.js"
import { stoppedOutcome } from "../../src/export/StoppedRun.js"
import { document, start, tempDir, wanted, withStore } from "../store/StoreFixtures.js"

/** A run begun and never ended (killed, or going on): one cell failed after one attempt, one chat message failed. */
const unfinishedRun = Effect.gen(function* () {
  const path = join(yield* tempDir, "state.sqlite")
  return yield* withStore(path, (store) =>
    Effect.gen(function* () {
      const run = yield* store.beginRun(start)
      const docs = [document(1), document(2)]
      yield* store.saveDocuments(docs)
      yield* store.syncCells(wanted(docs, [{ name: "Law", queryKey: "q" }]), { onlyFailed: false })
      const failed = {
        documentId: 2,
        columnName: "Law",
        state: "failed",
        error: "timeout",
        at: "2026-01-01T00:00:01.000Z",
        runId: run.id
      } as const
      yield* store.markSubmitting([failed], run.id, "2026-01-01T00:00:00.000Z")
      yield* store.markResults([failed])
      const chat = { chatName: "Summary", scope: "each", sessionKey: "1", documentIds: [1], position: 0 } as const
      yield* store.syncChatMessages([{ ...chat, query: "Sum it up", dependencyKey: "k" }], { onlyFailed: false })
      yield* store.markChatSubmitting(chat, run.id, "2026-01-01T00:00:02.000Z")
      yield* store.markChatResult(chat, { state: "failed", error: "refused", at: "2026-01-01T00:00:03.000Z", runId: 1 })
      return { checkpoint: path, summary: yield* store.statusSummary() }
    })
  )
})

const lock = {
  pid: 4242,
  hostname: "cron-1",
  startedAt: "2026-01-01T00:00:00.000Z",
  heartbeatAt: "2026-01-01T00:00:00.000Z"
}

describe("docsweep status", () => {
  it.scoped("a run marked running whose process is gone reads stopped; a live lock or an unreadable one: running", () =>
    Effect.gen(function* () {
      const read = yield* unfinishedRun
      const status = (input: Pick<Parameters<typeof statusData>[0], "lock" | "lockError">) =>
        statusData({ ...read, ...input, pipelineHash: start.pipelineHash })
      const outcome = (data: ReturnType<typeof statusData>) => data.runs.map((run) => run.outcome)
      // Killed with SIGKILL: the lock file names a process that is gone; removed by hand: no lock at all.
      for (const gone of [{ ...lock, alive: false }, null]) {
        const data = status({ lock: gone, lockError: null })
        assert.deepStrictEqual(outcome(data), [stoppedOutcome])
        assert.match(
          renderStatus(data),
          /^ {2}#1 stopped started \S+ · pending 1, failed 1, .*run the same command again/m
        )
      }
      const live = status({ lock: { ...lock, alive: true }, lockError: null })
      assert.deepStrictEqual(outcome(live), ["running"])
      assert.include(renderStatus(live), "lock: held by process 4242 on cron-1 since 2026-01-01T00:00:00.000Z")
      const unreadable = status({ lock: null, lockError: "EISDIR: illegal operation on a directory" })
      assert.deepStrictEqual(outcome(unreadable), ["running"], "an unreadable lock tells nothing")
      assert.include(renderStatus(unreadable), "lock: cannot be read, so whether a run is going on is not known")
      // Every field is there, also those with nothing to say.
      assert.deepStrictEqual(Object.keys(JSON.parse(JSON.stringify(status({ lock: null, lockError: null })))), [
        "checkpoint",
        "lock",
        "lockError",
        "pipelineChanged",
        "runs",
        "cells",
        "chats",
        "failedCells",
        "failedChats",
        "lastActivity"
      ])
    })
  )

  it.scoped("failures name their documents and say how to ask them again; an edited pipeline is said so", () =>
    Effect.gen(function* () {
      const read = yield* unfinishedRun
      const data = statusData({ ...read, lock: null, lockError: null, pipelineHash: start.pipelineHash })
      const text = renderStatus(data, "docsweep run 'my pipelines/p.yaml' --shard 1/2")
      assert.include(text, "\n  doc-2.pdf (#2) · Law · 1 attempt: timeout\n")
      assert.include(text, "\n  Summary #1 on doc-1.pdf · Sum it up: refused\n")
      assert.match(text, /\nto ask them again: docsweep run 'my pipelines\/p\.yaml' --shard 1\/2 \(with --only-failed/)
      assert.isFalse(data.pipelineChanged)
      assert.notInclude(text, "pipeline:")
      const edited = statusData({ ...read, lock: null, lockError: null, pipelineHash: "hash-of-the-edited-file" })
      assert.isTrue(edited.pipelineChanged)
      assert.include(renderStatus(edited), "\npipeline: the file changed since run #1; the counts below are of the")
    })
  )

  it.scoped("a pipeline that ran only in shards: the message names them and says how to read them", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      const missing = yield* Effect.flip(requireCheckpoint(join(dir, "state.sqlite")))
      assert.include(missing.message, "run the pipeline first")
      for (const shard of ["shard-2-of-2", "shard-1-of-2"]) {
        mkdirSync(join(dir, shard))
        writeFileSync(join(dir, shard, "state.sqlite"), "")
      }
      // It said "run the pipeline first" of a pipeline that had run, twice.
      const sharded = yield* Effect.flip(requireCheckpoint(join(dir, "state.sqlite")))
      assert.include(
        sharded.message,
        "the pipeline ran in shards (shard-1-of-2, shard-2-of-2); pass --shard I/N for one of them, or `docsweep merge`"
      )
    })
  )
})
