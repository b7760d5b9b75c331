import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { childScript } from "../support/TestChildren.js"
import { start, tempDir, withStore } from "./StoreFixtures.js"

/** Runs IntentChild.ts on `path`, kills it with SIGKILL once it reports the intent written; the signal it died of. */
const writeIntentThenDie = (path: string) =>
  Effect.async<NodeJS.Signals | null, Error>((resume) => {
    const proc = spawn(process.execPath, [childScript("intentChild"), path], { stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes("intent written")) proc.kill("SIGKILL")
    }
    proc.stdout.on("data", collect)
    proc.stderr.on("data", collect)
    proc.on("error", (error) => resume(Effect.fail(error)))
    proc.on("close", (code, signal) =>
      resume(signal === "SIGKILL" ? Effect.succeed(signal) : Effect.fail(new Error(`child exited ${code}: ${output}`)))
    )
    return Effect.sync(() => proc.kill("SIGKILL"))
  })

describe("intent before request", () => {
  it.live("an intent committed before kill -9 is there after reopening; the run reads as interrupted", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const path = join(yield* tempDir, "state.sqlite")
        assert.strictEqual(yield* writeIntentThenDie(path), "SIGKILL")
        // Killed with the WAL not checkpointed: the committed intent lives in state.sqlite-wal.
        assert.isTrue(existsSync(`${path}-wal`))
        yield* withStore(path, (store) =>
          Effect.gen(function* () {
            const cells = yield* store.cells()
            assert.deepStrictEqual(
              cells.map((cell) => [cell.documentId, cell.state, cell.attempts, cell.runId]),
              [
                [1, "submitting", 1, 1],
                [2, "submitting", 1, 1]
              ]
            )
            const counts = yield* store.syncCells(
              cells.map(({ documentId, columnName, dependencyKey, tableSlot }) => ({
                documentId,
                columnName,
                dependencyKey,
                tableSlot
              })),
              { onlyFailed: false }
            )
            assert.strictEqual(counts.inFlight, 2)
            yield* store.beginRun(start)
            const runs = yield* store.runs()
            assert.deepStrictEqual(
              runs.map((run) => run.outcome),
              ["interrupted", "running"]
            )
            assert.strictEqual(runs[0]?.counts.submitting, 2)
          })
        )
      })
    )
  )
})
