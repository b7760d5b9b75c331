import { writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { type MisbehavingService, misbehavingService } from "../support/MisbehavingService.js"
import { readCsv } from "./CliChecks.js"
import { allOutput, runCli, tempDir } from "./CliHarness.js"

const token = "secret-token-0123456789abcdef"

/** Pipeline `name` on `service` asking `messages` (use_history) of each of `documents`, with the `run` settings. */
const chatPipeline = (
  service: MisbehavingService,
  name: string,
  options: { readonly documents: ReadonlyArray<number>; readonly messages: ReadonlyArray<string> },
  run: ReadonlyArray<string> = []
) =>
  Effect.gen(function* () {
    const dir = yield* tempDir
    const file = join(dir, `${name}.yaml`)
    writeFileSync(
      file,
      [
        `name: ${name}`,
        "documents:",
        `  - ids: [${options.documents.join(", ")}]`,
        "columns:",
        '  - { name: A, query: "What is A?" }',
        "chats:",
        `  - { name: Summary, scope: each, messages: ${JSON.stringify(options.messages)} }`,
        "run:",
        "  retry: { attempts: 3, base_delay: 50ms, max_delay: 1s }",
        "  poll: { interval: 20ms, max_interval: 200ms }",
        ...run.map((line) => `  ${line}`),
        "output:",
        `  dir: ${join(dir, "out")}`,
        ""
      ].join("\n")
    )
    const env = {
      DOCSWEEP_BASE_URL: service.baseUrl,
      DOCSWEEP_TOKEN: token,
      DOCSWEEP_USER_ID: "3",
      DOCSWEEP_ORG_ID: "7"
    }
    return { file, env }
  })

/** How often each query was posted, by session: `{"106:One?": 1}`. */
const postsBySession = (posted: ReadonlyArray<{ readonly sessionId: number; readonly query: string }>) => {
  const counts: Record<string, number> = {}
  for (const { sessionId, query } of posted)
    counts[`${sessionId}:${query}`] = (counts[`${sessionId}:${query}`] ?? 0) + 1
  return counts
}

describe("chats against a service that answers out of contract", () => {
  it.scopedLive(
    "a message never answered times out from its request, not anew at each resumption past its run's deadline",
    () =>
      Effect.gen(function* () {
        const service = yield* misbehavingService({ neverAnswered: (query) => query === "Two?" })
        const { env, file } = yield* chatPipeline(service, "silent", { documents: [11], messages: ["One?", "Two?"] }, [
          "deadline: 2s",
          "cell_timeout: 3s",
          "cell_retries: 0"
        ])
        const first = yield* runCli(["run", file], { env })
        assert.strictEqual(first.code, 5, allOutput(first))
        // The next run (cron's, after the deadline) finds the message past its cell_timeout: it fails and says why,
        // instead of waiting another cell_timeout and ending at its deadline again, run after run.
        const second = yield* runCli(["run", file], { env })
        assert.strictEqual(second.code, 3, allOutput(second))
        const chats = readCsv(join(dirname(file), "out", "silent-latest-chats.csv"))
        assert.deepStrictEqual(
          chats.map((row) => [row.Message, row.Status, row.Error]),
          [
            ["One?", "success", ""],
            ["Two?", "failed", "still running after 3s (cell_timeout)"]
          ]
        )
        assert.deepStrictEqual(Object.values(postsBySession(service.posted())), [1, 1], "nothing posted twice")
      })
  )

  it.scopedLive(
    "a service that keeps no meta: a lost reply is found by its query in its own session, never another's",
    () =>
      Effect.gen(function* () {
        const service = yield* misbehavingService({
          keepMeta: false,
          // The second pipeline's session creations lose their replies, after another pipeline's session on the
          // same document exists; its second session's first message loses its reply late, after the first
          // session has posted its next message.
          onCreateSession: (n) => (n >= 2 ? "drop" : "ok"),
          onCreateMessage: (n) => (n === 3 ? { dropAfterMs: 600 } : "ok")
        })
        const earlier = yield* chatPipeline(service, "earlier", { documents: [11], messages: ["Earlier?"] })
        assert.strictEqual((yield* runCli(["run", earlier.file], { env: earlier.env })).code, 0)
        const { env, file } = yield* chatPipeline(service, "later", { documents: [11, 12], messages: ["One?", "Two?"] })
        const run = yield* runCli(["run", file], { env })
        assert.strictEqual(run.code, 0, allOutput(run))
        const [first, ...rest] = service.posted()
        assert.deepStrictEqual(first?.query, "Earlier?")
        const later = postsBySession(rest)
        assert.notInclude(Object.keys(later).join(" "), `${first?.sessionId}:`, "the other pipeline's session")
        assert.deepStrictEqual(Object.values(later), [1, 1, 1, 1], JSON.stringify(later))
        assert.strictEqual(service.sessionCount(), 3)
      })
  )

  it.scopedLive(
    "a create-message reply that lists the session newest first: the retry of a failed question is the one awaited",
    () =>
      Effect.gen(function* () {
        const service = yield* misbehavingService({
          replyShape: "newest-first",
          chatFailure: (query, asked) => (query === "Two?" && asked === 1 ? "the model timed out" : undefined)
        })
        const { env, file } = yield* chatPipeline(service, "listed", { documents: [11], messages: ["One?", "Two?"] }, [
          "cell_retries: 1"
        ])
        const run = yield* runCli(["run", file], { env })
        // The failed "Two?" is listed too; awaiting it again instead of its retry failed the message for good.
        assert.strictEqual(run.code, 0, allOutput(run))
        assert.deepStrictEqual(
          service.posted().map((m) => m.query),
          ["One?", "Two?", "Two?"]
        )
      })
  )

  it.scopedLive("a message status outside the interface fails the message, saying why, and is not asked again", () =>
    Effect.gen(function* () {
      const service = yield* misbehavingService({ answeredStatus: "done" })
      const { env, file } = yield* chatPipeline(service, "unknown", {
        documents: [11, 12],
        messages: ["First?", "Second?"]
      })
      const run = yield* runCli(["run", file], { env })
      assert.strictEqual(run.code, 3, allOutput(run))
      // Asked once each (cell_retries used to ask it three times); its follow-up waits for the next run (use_history).
      assert.deepStrictEqual(
        service.posted().map((m) => m.query),
        ["First?", "First?"],
        allOutput(run)
      )
      const status = yield* runCli(["status", file], { env })
      assert.include(allOutput(status), 'task_status "done" is not one the interface knows')
    })
  )
})
