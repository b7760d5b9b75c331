import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { answeredInOrder, type Chat, chatPipeline, conversations } from "./support/chats.js"
import { localService } from "./support/localService.js"
import { runChild, runInProcess } from "./support/runners.js"

describe("chats left in flight by a killed run", () => {
  it.scopedLive(
    "a message in flight whose question or history was edited since is not waited for: asked again as edited",
    () =>
      Effect.gen(function* () {
        const service = yield* localService({ documents: 1 })
        const chat = (useHistory: boolean, messages: ReadonlyArray<string>): Chat => ({
          name: "Summary",
          scope: "each",
          use_history: useHistory,
          messages
        })
        const original = ["Summarize it.", "And the term?", "Who signs?"]
        const history = (messages: ReadonlyArray<string>) => chatPipeline(service, "history", chat(true, messages))
        const plain = (messages: ReadonlyArray<string>) => chatPipeline(service, "plain", chat(false, messages))
        // Killed once the second message is posted, before the checkpoint records it: it stays in flight.
        yield* Effect.forEach(
          [history(original), plain(original)],
          (file) =>
            Effect.map(runChild(service, file, { crashAt: "chat-after-submit:2" }), (killed) =>
              assert.strictEqual(killed.signal, "SIGKILL", killed.stderr)
            ),
          { concurrency: 2, discard: true }
        )

        // use_history: the message before the one in flight is edited. The answer in flight follows the old
        // question, so the session starts over now rather than asking the edited one after the old turns.
        const edited = ["Summarize the recitals.", "And the term?", "Who signs?"]
        const resumed = yield* runInProcess(service, history(edited))
        assert.strictEqual(resumed.outcome, "completed", resumed.note)
        assert.deepStrictEqual(
          (yield* conversations(service, "history")).map((s) => s.queries),
          [edited]
        )
        const again = yield* runInProcess(service, history(edited))
        assert.strictEqual(again.plan?.chatMessagesToRun, 0, "every answer is current: nothing to ask again")

        // Without history: the message in flight itself is edited. Its old question is not what the run reports.
        const reworded = ["Summarize it.", "How long does it run?", "Who signs?"]
        const settled = yield* runInProcess(service, plain(reworded))
        assert.strictEqual(settled.outcome, "completed", settled.note)
        yield* answeredInOrder(service, "plain", reworded)
        assert.strictEqual((yield* runInProcess(service, plain(reworded))).plan?.chatMessagesToRun, 0)
      })
  )
  it.scopedLive(
    "without use_history a message moved while in flight is adopted at its new place, not asked twice",
    () =>
      Effect.gen(function* () {
        const service = yield* localService({ documents: 1 })
        const plain = (messages: ReadonlyArray<string>) =>
          chatPipeline(service, "moved", { name: "Summary", scope: "each", use_history: false, messages })
        // Killed once the second message is posted, before the checkpoint records it: it stays in flight.
        const killed = yield* runChild(service, plain(["Summarize it.", "And the term?", "Who signs?"]), {
          crashAt: "chat-after-submit:2"
        })
        assert.strictEqual(killed.signal, "SIGKILL", killed.stderr)

        // Reordered: the message in flight asks the same question alone, now first. Its request is adopted there.
        const reordered = ["And the term?", "Summarize it.", "Who signs?"]
        const resumed = yield* runInProcess(service, plain(reordered))
        assert.strictEqual(resumed.outcome, "completed", resumed.note)
        yield* answeredInOrder(service, "moved", reordered)
        assert.deepStrictEqual(
          (yield* conversations(service, "moved")).map((s) => s.queries),
          [["Summarize it.", "And the term?", "Who signs?"]]
        )
      })
  )
})
