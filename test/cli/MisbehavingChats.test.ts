import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { misbehavingService } from "../support/MisbehavingService.js"
import type { SessionMisbehaviour } from "../support/MisbehavingSessions.js"
import { allOutput, runCli, tempDir } from "./CliHarness.js"

/** Two documents, one column, and a two-message chat per document against a service whose chats misbehave. */
const chatRun = (sessions: SessionMisbehaviour) =>
  Effect.gen(function* () {
    const service = yield* misbehavingService({ sessions })
    const dir = yield* tempDir
    const file = join(dir, "chats.yaml")
    writeFileSync(
      file,
      [
        "name: chats",
        "documents:",
        "  - ids: [11, 12]",
        "columns:",
        '  - { name: A, query: "What is A?" }',
        "chats:",
        '  - { name: S, scope: each, messages: ["First?", "Second?"] }',
        "run:",
        "  retry: { attempts: 4, base_delay: 50ms, max_delay: 500ms }",
        "output:",
        `  dir: ${join(dir, "out")}`,
        ""
      ].join("\n")
    )
    const env = {
      DOCSWEEP_BASE_URL: service.baseUrl,
      DOCSWEEP_TOKEN: "t0k3n-0123456789",
      DOCSWEEP_USER_ID: "3",
      DOCSWEEP_ORG_ID: "7"
    }
    const run = yield* runCli(["run", file], { env })
    const status = yield* runCli(["status", file], { env })
    return { run, status, posted: service.posted() }
  })

describe("docsweep against a service whose chats answer out of contract", () => {
  it.scopedLive(
    "a post whose reply is lost, on a service keeping no meta, is found in its own session: none asked twice",
    () =>
      Effect.gen(function* () {
        // The first post's reply is cut after the other session's first post was answered (and owned, with a higher id).
        const { posted, run } = yield* chatRun({
          onPost: (n) => (n === 1 ? "drop" : "ok"),
          listed: (messages) => messages.map((m) => ({ ...m, meta: {} }))
        })
        assert.strictEqual(run.code, 0, allOutput(run))
        assert.deepStrictEqual(
          [...posted],
          [
            ["First?", 2],
            ["Second?", 2]
          ],
          allOutput(run)
        )
      })
  )

  it.scopedLive("a message status outside the interface fails the message, saying why, and is not asked again", () =>
    Effect.gen(function* () {
      const { posted, run, status } = yield* chatRun({
        listed: (messages) => messages.map((m) => (m.task_status === "success" ? { ...m, task_status: "done" } : m))
      })
      assert.strictEqual(run.code, 3, allOutput(run))
      // Asked once each (cell_retries used to ask it three times); its follow-up waits for the next run (use_history).
      assert.deepStrictEqual([...posted], [["First?", 2]], allOutput(run))
      assert.include(allOutput(status), 'task_status "done" is not one the interface knows')
    })
  )
})
