import { assert, describe, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { messageIntentKey } from "../../src/store/ChatIntents.js"
import type { WantedChatMessage } from "../../src/store/CheckpointModel.js"
import { at, checkpointAfterRun, document, inFreshRun, withStore } from "./StoreFixtures.js"

const message = (position: number, query: string, dependencyKey = `v1/${query}`): WantedChatMessage => ({
  chatName: "summary",
  scope: "all",
  sessionKey: "1,2",
  documentIds: [1, 2],
  position,
  query,
  dependencyKey
})

describe("ChatStore", () => {
  it.scoped("sessions and messages follow the cell rules: intent, result, history, resume", () =>
    Effect.gen(function* () {
      const path = yield* checkpointAfterRun((store, run) =>
        Effect.gen(function* () {
          yield* store.saveDocuments([document(1), document(2)])
          yield* store.saveChatSession({ chatName: "summary", sessionKey: "1,2", remoteSessionId: 31 })
          const counts = yield* store.syncChatMessages([message(0, "Parties?"), message(1, "Term?")], {
            onlyFailed: false
          })
          assert.deepStrictEqual(counts, { total: 2, alreadyAnswered: 0, toRun: 2, inFlight: 0, skipped: 0 })
          const first = { chatName: "summary", sessionKey: "1,2", position: 0 }
          const second = { ...first, position: 1 }
          yield* store.markChatSubmitting(first, run.id, at)
          yield* store.markChatSubmitted(first, 700, at)
          yield* store.markChatResult(first, { state: "success", response: "A and B", at, seconds: 2, runId: run.id })
          yield* store.markChatSubmitting(second, run.id, at)
          yield* store.revertChatSubmitting(second)
          yield* store.markChatSubmitting(second, run.id, at)
          yield* store.markChatResult(second, { state: "failed", error: "refused", at, runId: run.id })
        })
      )
      yield* withStore(path, (store) =>
        Effect.gen(function* () {
          const messages = yield* store.chatMessages()
          assert.deepStrictEqual(
            messages.map((m) => [m.position, m.state, m.response, m.error, m.attempts, m.remoteSessionId]),
            [
              [0, "success", "A and B", undefined, 1, 31],
              [1, "failed", undefined, "refused", 1, 31]
            ]
          )
          assert.deepStrictEqual(messages[0]?.documentIds, [1, 2])
          assert.strictEqual(messages[0]?.remoteMessageId, 700)
          assert.strictEqual((yield* store.chatMessages({ states: ["failed"], chatName: "summary" })).length, 1)

          // The plan (--dry-run) counts what the sync below decides, and writes nothing.
          const wanted = [message(0, "Parties?"), message(1, "Term?"), message(2, "New?")]
          const planned = yield* store.planChatMessages(wanted, { onlyFailed: true })
          assert.deepStrictEqual(planned, { total: 3, alreadyAnswered: 1, toRun: 1, inFlight: 0, skipped: 1 })
          assert.strictEqual((yield* store.chatMessages()).length, 2, "planning wrote nothing")
          const only = yield* store.syncChatMessages(
            [message(0, "Parties?"), message(1, "Term?"), message(2, "New?")],
            {
              onlyFailed: true
            }
          )
          assert.deepStrictEqual(only, { total: 3, alreadyAnswered: 1, toRun: 1, inFlight: 0, skipped: 1 })

          // The documents changed: the answered message is asked again, as a new message (remote id cleared).
          const changed = yield* store.syncChatMessages([message(0, "Parties?", "v2/Parties?")], { onlyFailed: false })
          assert.deepStrictEqual(changed, { total: 1, alreadyAnswered: 0, toRun: 1, inFlight: 0, skipped: 0 })
          const [again] = yield* store.chatMessages()
          assert.strictEqual(again?.state, "pending")
          assert.strictEqual(again?.remoteMessageId, undefined)
          assert.strictEqual(again?.response, undefined)
          assert.strictEqual((yield* store.chatMessages({ includeUnwanted: true })).length, 2)
          assert.deepStrictEqual(yield* store.chatCounts(), {
            pending: 1,
            submitting: 0,
            submitted: 0,
            success: 0,
            failed: 0
          })
        })
      )
    })
  )

  it.scoped("a plan refusal is stored as a kind, not read back out of the text; asking again clears it", () =>
    inFreshRun((store, run) =>
      Effect.gen(function* () {
        yield* store.syncChatMessages([message(0, "Parties?"), message(1, "Term?")], { onlyFailed: false })
        const first = { chatName: "summary", sessionKey: "1,2", position: 0 }
        const second = { ...first, position: 1 }
        const refused = "multi-doc chat needs the Advanced plan"
        yield* store.markChatResult(first, {
          state: "failed",
          error: refused,
          errorKind: "plan-refused",
          at,
          runId: run.id
        })
        // The same words without the kind are only words.
        yield* store.markChatResult(second, { state: "failed", error: refused, at, runId: run.id })
        const stored = yield* store.chatMessages({ states: ["failed"] })
        assert.deepStrictEqual(
          stored.map((m) => [m.position, m.errorKind]),
          [
            [0, "plan-refused"],
            [1, undefined]
          ]
        )
        yield* store.markChatSubmitting(first, run.id, at)
        const [asked] = yield* store.chatMessages()
        assert.strictEqual(asked?.errorKind, undefined)
        assert.strictEqual(asked?.error, undefined)
      })
    )
  )
  it.scoped(
    "a moved message takes its answer, or its request in flight and the request's marker, to its new place",
    () =>
      inFreshRun((store, run) =>
        Effect.gen(function* () {
          // Without use_history a message's key is its question alone (here the dependency key `v1/<query>`).
          yield* store.syncChatMessages([message(0, "A?"), message(1, "B?"), message(2, "C?")], { onlyFailed: false })
          const place = (position: number) => ({ chatName: "summary", sessionKey: "1,2", position })
          yield* store.markChatSubmitting(place(0), run.id, at)
          yield* store.markChatSubmitted(place(0), 700, at)
          yield* store.markChatResult(place(0), { state: "success", response: "a", at, seconds: 1, runId: run.id })
          yield* store.markChatSubmitting(place(1), run.id, at)
          yield* store.markChatSubmitted(place(1), 701, at)
          // C's request left in flight by a killed run: its marker is all that finds it again.
          yield* store.setMeta(messageIntentKey(place(2)), "marker-c")
          yield* store.markChatSubmitting(place(2), run.id, at)

          const reordered = [message(0, "C?"), message(1, "A?"), message(2, "B?")]
          const counts = { total: 3, alreadyAnswered: 1, toRun: 0, inFlight: 2, skipped: 0 }
          assert.deepStrictEqual(yield* store.planChatMessages(reordered, { onlyFailed: false }), counts)
          assert.deepStrictEqual(yield* store.syncChatMessages(reordered, { onlyFailed: false }), counts)
          assert.deepStrictEqual(
            (yield* store.chatMessages()).map((m) => [m.position, m.query, m.state, m.remoteMessageId, m.response]),
            [
              [0, "C?", "submitting", undefined, undefined],
              [1, "A?", "success", 700, "a"],
              [2, "B?", "submitted", 701, undefined]
            ]
          )
          assert.deepStrictEqual(yield* store.getMeta(messageIntentKey(place(0))), Option.some("marker-c"))
        })
      )
  )
})
