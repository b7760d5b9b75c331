import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Ref, Stream } from "effect"
import { stringify } from "yaml"
import type { DocumentId, OrganizationId, SessionId } from "../../src/api/Ids.js"
import { ServiceClient } from "../../src/client/ServiceClient.js"
import { runCli } from "../cli/CliHarness.js"
import {
  type Chat,
  chatPipeline,
  conversations,
  fast,
  messagesOf,
  remoteMessages,
  servedChats
} from "./support/chats.js"
import { localService, orgId, writePipeline } from "./support/localService.js"
import { runChild, runInProcess, withCheckpoint } from "./support/runners.js"

describe("chats", () => {
  it.scopedLive("scope each: one single-doc session per document, messages in order, follow-ups on the history", () =>
    Effect.gen(function* () {
      const { service, file } = yield* servedChats({ documents: 3 }, "each", {
        name: "Summary",
        scope: "each",
        messages: ["Summarize it.", "And the term?"]
      })
      // The progress display's chats line counts the messages in flight while they are asked.
      const inFlight = yield* Ref.make<ReadonlyArray<number>>([])
      const summary = yield* runInProcess(service, file, {}, (progress) =>
        progress.changes.pipe(
          Stream.filter((snapshot) => snapshot.phase === "chats"),
          Stream.runForEach((snapshot) => Ref.update(inFlight, (seen) => [...seen, snapshot.chats.inFlight]))
        )
      )
      assert.strictEqual(summary.outcome, "completed", summary.note)
      assert.strictEqual(summary.chats.success, 6)
      assert.strictEqual(summary.chatsAnswered, 6)
      const seen = yield* Ref.get(inFlight)
      assert.isAbove(Math.max(...seen), 0, `chats in flight seen: ${seen.join(", ")}`)
      assert.strictEqual(seen.at(-1), 0, "none in flight once every session is done")
      const records = yield* messagesOf(service, "each")
      assert.isTrue(records.every((r) => r.state === "success" && (r.response ?? "").includes(r.query)))
      const sessions = yield* remoteMessages(service, records)
      assert.strictEqual(sessions.length, 3)
      for (const { messages } of sessions) {
        assert.deepStrictEqual(
          messages.map((m) => m.query),
          ["Summarize it.", "And the term?"]
        )
      }
      const again = yield* runInProcess(service, file)
      assert.strictEqual(again.plan?.chatMessagesToRun, 0)
      assert.deepStrictEqual([again.chats.success, again.chatsAnswered], [6, 0], "answered before, not this run")
      const after = yield* remoteMessages(service, records)
      assert.isTrue(after.every(({ messages }) => messages.length === 2))
    })
  )

  it.scopedLive("scope all: multi-doc sessions split by max_documents; a document added or removed changes one", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 6 })
      const chat = { name: "Compare", scope: "all", max_documents: 2, messages: ["Compare them."] }
      const over = (ids: ReadonlyArray<number>) =>
        writePipeline(
          service.dir,
          "all",
          `documents:\n  - ids: [${ids.join(", ")}]\ncolumns:\n  - { name: Parties, query: "Who?" }\n${stringify({ chats: [chat] })}${fast}`
        )
      const [first = 0, ...rest] = service.documentIds
      const summary = yield* runInProcess(service, over([first, ...rest.slice(0, 4)]))
      assert.strictEqual(summary.outcome, "completed", summary.note)
      const records = yield* messagesOf(service, "all")
      assert.deepStrictEqual(records.map((r) => r.documentIds.length).sort(), [1, 2, 2])
      // The first document leaves and a sixth joins (listed first): the session that lost one takes the new one; the
      // others, whose documents are the same, are not asked again (splitting the list anew had changed every session).
      const edited = over([rest[4] ?? 0, ...rest.slice(0, 4)])
      assert.strictEqual((yield* runInProcess(service, edited, { dryRun: true })).plan?.chatMessagesToRun, 1)
      const again = yield* runInProcess(service, edited)
      assert.deepStrictEqual([again.chats.success, again.chatsAnswered], [3, 1])
      const after = yield* messagesOf(service, "all")
      assert.deepStrictEqual(after.map((r) => [...r.documentIds].sort((a, b) => a - b)).sort(), [
        [rest[0], rest[4]],
        [rest[1], rest[2]],
        [rest[3]]
      ])
      const sessions = yield* Effect.flatMap(ServiceClient, (client) =>
        client.listSessions(orgId as OrganizationId)
      ).pipe(Effect.provide(service.client))
      assert.strictEqual(sessions.filter((s) => s.is_multidoc).length, 4)
      // Run again unchanged, nothing is asked: the joined session's documents stand in the pipeline's order.
      assert.strictEqual((yield* runInProcess(service, edited)).chatsAnswered, 0)
    })
  )

  it.scopedLive("scope all: max_documents raised since the last run groups the documents anew in fewer sessions", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 3 })
      const chat = (max: number): Chat => ({
        name: "Compare",
        scope: "all",
        max_documents: max,
        messages: ["Compare."]
      })
      yield* runInProcess(service, chatPipeline(service, "raised", chat(1)))
      assert.strictEqual((yield* messagesOf(service, "raised")).length, 3)
      const raised = chatPipeline(service, "raised", chat(3))
      assert.strictEqual((yield* runInProcess(service, raised, { dryRun: true })).plan?.chatMessagesToRun, 1)
      const summary = yield* runInProcess(service, raised)
      assert.deepStrictEqual([summary.chats.success, summary.chatsAnswered], [1, 1])
      assert.deepStrictEqual(
        (yield* messagesOf(service, "raised")).map((r) => r.documentIds),
        [service.documentIds]
      )
      // Lowered again, the session is split: [1, 2] is asked, [3] alone has its answer from the first run; unchanged
      // after that, nothing is asked.
      const lowered = chatPipeline(service, "raised", chat(2))
      assert.strictEqual((yield* runInProcess(service, lowered)).chatsAnswered, 1)
      assert.strictEqual((yield* runInProcess(service, lowered)).chatsAnswered, 0)
    })
  )

  it.scopedLive(
    "plan tier: a multi-doc chat refused (403) fails that chat, points at the plan, and leaves the table",
    () =>
      Effect.gen(function* () {
        const { service, file } = yield* servedChats(
          { documents: 2, plan: "basic" },
          "basic",
          { name: "Compare", scope: "all", messages: ["Compare them.", "Which is longer?"] },
          { name: "Summary", scope: "each", messages: ["Summarize it."] }
        )
        const summary = yield* runInProcess(service, file)
        assert.strictEqual(summary.outcome, "failed-cells")
        assert.strictEqual(summary.cells.success, 2)
        assert.strictEqual(summary.chats.failed, 2)
        assert.strictEqual(summary.chats.success, 2)
        assert.include(summary.note ?? "", "Advanced plan")
        const failed = (yield* messagesOf(service, "basic")).filter((r) => r.state === "failed")
        assert.isTrue(failed.every((r) => r.chatName === "Compare" && (r.error ?? "").includes("scope: each")))
        assert.isTrue(failed.every((r) => r.errorKind === "plan-refused"))
      })
  )

  it.scopedLive("resume after kill -9 mid-chat: no message is posted twice", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 2, latencyMs: 50 })
      const summary: Chat = {
        name: "Summary",
        scope: "each",
        messages: ["Summarize it.", "And the term?", "Who signs?"]
      }
      const afterPost = chatPipeline(service, "killed-post", summary)
      const afterIntent = chatPipeline(service, "killed-intent", summary)
      const afterSession = chatPipeline(service, "killed-session", summary)
      const kills = [
        [afterPost, "chat-after-submit:2"],
        [afterIntent, "chat-after-intent:3"],
        [afterSession, "session-created:1"]
      ] as const
      yield* Effect.forEach(
        kills,
        ([file, point]) =>
          Effect.gen(function* () {
            const killed = yield* runChild(service, file, { crashAt: point })
            assert.strictEqual(killed.signal, "SIGKILL", `${point}: ${killed.stderr}`)
            const resumed = yield* runChild(service, file)
            assert.strictEqual(resumed.code, 0, `${point}: ${resumed.stderr}`)
          }),
        { concurrency: 3, discard: true }
      )
      for (const name of ["killed-post", "killed-intent", "killed-session"]) {
        const records = yield* messagesOf(service, name)
        assert.isTrue(
          records.every((r) => r.state === "success"),
          name
        )
        const sessions = yield* remoteMessages(service, records)
        assert.strictEqual(sessions.length, 2, name)
        for (const { messages } of sessions) {
          assert.deepStrictEqual(
            messages.map((m) => m.query),
            ["Summarize it.", "And the term?", "Who signs?"],
            name
          )
        }
      }
      const all = yield* Effect.flatMap(ServiceClient, (client) =>
        Effect.forEach(service.documentIds, (id) => client.listSessions(orgId as OrganizationId, id as DocumentId))
      ).pipe(Effect.provide(service.client))
      // 3 pipelines × 2 documents, plus at most one orphan per document from the kill after session creation
      // (its marker lets the resumed run adopt it, so there is none).
      assert.strictEqual(all.flat().length, 6)
    })
  )

  it.scopedLive("a session deleted behind docsweep's back is started again, not a run stopped on 404 for good", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 2 })
      const chat = (messages: ReadonlyArray<string>) =>
        chatPipeline(service, "deleted", { name: "Summary", scope: "each", messages })
      const first = yield* runInProcess(service, chat(["Summarize it.", "And the term?"]))
      assert.strictEqual(first.outcome, "completed", first.note)
      const before = yield* conversations(service, "deleted")
      const [gone, kept] = before
      assert.isDefined(gone)
      yield* Effect.flatMap(ServiceClient, (client) => client.deleteSession((gone?.id ?? 0) as SessionId)).pipe(
        Effect.provide(service.client),
        Effect.orDie
      )
      const second = yield* runInProcess(service, chat(["Summarize it.", "And the term?", "Who signs?"]))
      assert.strictEqual(second.outcome, "completed", second.note)
      assert.strictEqual(second.chats.success, 6)
      const after = yield* conversations(service, "deleted")
      const all = ["Summarize it.", "And the term?", "Who signs?"]
      // The deleted session's conversation is asked again in a new one (the follow-ups need its history); the other
      // session only gets the new message.
      assert.deepStrictEqual(after.find((s) => s.id === kept?.id)?.queries, all)
      const renewed = after.find((s) => s.id !== kept?.id)
      assert.notStrictEqual(renewed?.id, gone?.id)
      assert.deepStrictEqual(renewed?.queries, all)
    })
  )

  it.scopedLive("with use_history a failed message ends its session: no follow-up is asked without its history", () =>
    Effect.gen(function* () {
      // Every chat message fails on the service; none is asked again in this run.
      const service = yield* localService({ documents: 1, failRate: 1 })
      const file = writePipeline(
        service.dir,
        "halted",
        `documents:\n  - ids: [${service.documentIds.join(", ")}]\ncolumns:\n  - { name: Parties, query: "Who?" }\n` +
          `${stringify({ chats: [{ name: "Summary", scope: "each", messages: ["Summarize it.", "And the term?"] }] })}` +
          `${fast}  cell_retries: 0\n`
      )
      const summary = yield* runInProcess(service, file)
      assert.strictEqual(summary.outcome, "failed-cells", summary.note)
      assert.strictEqual(summary.chats.failed, 1)
      assert.strictEqual(summary.chats.pending, 1)
      const [session] = yield* conversations(service, "halted")
      assert.deepStrictEqual(session?.queries, ["Summarize it."])
    })
  )

  it.scopedLive("with use_history an edited message is asked in a conversation without the old one", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 2 })
      const chat = (messages: ReadonlyArray<string>) =>
        chatPipeline(service, "edited", { name: "Summary", scope: "each", messages })
      yield* runInProcess(service, chat(["Summarize it.", "And the term?", "Who signs?"]))
      const edited = ["Summarize it.", "And the notice period?", "Who signs?"]
      // The dry run promises what the run asks: each session's three messages, the unchanged first one included.
      const dry = yield* runInProcess(service, chat(edited), { dryRun: true })
      assert.strictEqual(dry.plan?.chatMessagesToRun, 6)
      const summary = yield* runInProcess(service, chat(edited))
      assert.strictEqual(summary.outcome, "completed", summary.note)
      assert.strictEqual(summary.plan?.chatMessagesToRun, 6)
      assert.strictEqual(summary.chats.success, 6)
      const after = yield* conversations(service, "edited")
      assert.strictEqual(after.length, 2)
      // Each answer's history is the pipeline's messages before it: never the old question and its follow-up.
      for (const session of after) assert.deepStrictEqual(session.queries, edited)
      // `docsweep diff` names the chat answers that changed (the rest read the same), not "no answers changed".
      const diff = yield* runCli(["diff", chat(edited)], { env: {} })
      assert.strictEqual(diff.code, 0, diff.stderr)
      assert.match(diff.stdout, /^2 answers changed between run #1 and run #2:/)
      assert.include(
        diff.stdout,
        'chat Summary #2 on doc-001.txt · And the notice period? (was: And the term?)\n  - Answer to "And the term?"'
      )
      assert.notInclude(diff.stdout, "#1 on")
      const again = yield* runInProcess(service, chat([...edited, "Anything else?"]))
      assert.strictEqual(again.plan?.chatMessagesToRun, 2)
      assert.deepStrictEqual([again.chats.success, again.chatsAnswered], [8, 2])
      const appended = yield* conversations(service, "edited")
      assert.deepStrictEqual(
        appended.map((s) => s.id),
        after.map((s) => s.id)
      )
    })
  )

  it.scopedLive("without use_history a message moved by an edit keeps its answer: only the new question is asked", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 1 })
      const chat = (messages: ReadonlyArray<string>) =>
        chatPipeline(service, "moved", { name: "Summary", scope: "each", use_history: false, messages })
      yield* runInProcess(service, chat(["Summarize it.", "And the term?", "Who signs?"]))
      // Reordered, one removed, one inserted: each kept question asks the same of the same document, alone.
      const edited = ["Who signs?", "Any penalties?", "Summarize it."]
      assert.strictEqual((yield* runInProcess(service, chat(edited), { dryRun: true })).plan?.chatMessagesToRun, 1)
      const summary = yield* runInProcess(service, chat(edited))
      assert.strictEqual(summary.outcome, "completed", summary.note)
      assert.deepStrictEqual([summary.chats.success, summary.chatsAnswered], [3, 1])
      const records = yield* messagesOf(service, "moved")
      assert.deepStrictEqual(
        records.map((r) => [r.query, r.runId]),
        [
          ["Who signs?", 1],
          ["Any penalties?", 2],
          ["Summarize it.", 1]
        ]
      )
      for (const record of records) assert.include(record.response ?? "", record.query)
      const [session, ...others] = yield* conversations(service, "moved")
      assert.deepStrictEqual(others, [])
      assert.deepStrictEqual(session?.queries, ["Summarize it.", "And the term?", "Who signs?", "Any penalties?"])
      assert.strictEqual((yield* runInProcess(service, chat(edited))).chatsAnswered, 0)
      // The diff says which question each place asks now.
      const diff = yield* runCli(["diff", chat(edited), "--from", "1", "--to", "2"], { env: {} })
      assert.include(diff.stdout, "chat Summary #1 on doc-001.txt · Who signs? (was: Summarize it.)")
    })
  )

  it.scopedLive(
    "with use_history a message removed while in flight does not keep an edited session in the old one",
    () =>
      Effect.gen(function* () {
        const service = yield* localService({ documents: 1 })
        const chat = (messages: ReadonlyArray<string>) =>
          chatPipeline(service, "removed", { name: "Summary", scope: "each", messages })
        // Killed once the third message is posted, before the checkpoint records it: it stays in flight.
        const killed = yield* runChild(service, chat(["Summarize it.", "And the term?", "Who signs?"]), {
          crashAt: "chat-after-submit:3"
        })
        assert.strictEqual(killed.signal, "SIGKILL", killed.stderr)
        // The message in flight leaves the pipeline and the one before it is edited: nothing will ever settle the
        // removed one, so it must not hold the session back from starting over.
        const summary = yield* runInProcess(service, chat(["Summarize it.", "And the notice period?"]))
        assert.strictEqual(summary.outcome, "completed", summary.note)
        const [session, ...others] = yield* conversations(service, "removed")
        assert.deepStrictEqual(others, [])
        assert.deepStrictEqual(session?.queries, ["Summarize it.", "And the notice period?"])
      })
  )

  it.scopedLive("--fresh asks every message again in new sessions, not in the old ones found by their markers", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 2 })
      const messages = ["Summarize it.", "And the term?"]
      const file = chatPipeline(service, "fresh", { name: "Summary", scope: "each", messages })
      yield* runInProcess(service, file)
      const before = yield* conversations(service, "fresh")
      const summary = yield* runInProcess(service, file, { fresh: true })
      assert.strictEqual(summary.outcome, "completed", summary.note)
      assert.strictEqual(summary.plan?.chatMessagesToRun, 4, "the plan promises every message")
      const after = yield* conversations(service, "fresh")
      assert.strictEqual(after.length, 2)
      for (const session of after) {
        assert.notInclude(
          before.map((s) => s.id),
          session.id
        )
        assert.deepStrictEqual(session.queries, messages)
      }
    })
  )

  it.scopedLive(
    "with use_history answers merged from another service's sessions are asked again with their history",
    () =>
      Effect.gen(function* () {
        const service = yield* localService({ documents: 2 })
        const chat = (messages: ReadonlyArray<string>) =>
          chatPipeline(service, "merged", { name: "Summary", scope: "each", messages })
        yield* runInProcess(service, chat(["Summarize it."]))
        // What `merge` leaves of shards that ran on their own embedded services: the answers, no remote session.
        const records = yield* messagesOf(service, "merged")
        yield* withCheckpoint(join(service.dir, "out-merged"), (store) =>
          Effect.forEach(records, (r) => store.saveChatSession({ ...r, remoteSessionId: undefined }), { discard: true })
        )
        const messages = ["Summarize it.", "And the term?"]
        const dry = yield* runInProcess(service, chat(messages), { dryRun: true })
        assert.strictEqual(dry.plan?.chatMessagesToRun, 4, "the plan promises the answered first messages too")
        const summary = yield* runInProcess(service, chat(messages))
        assert.strictEqual(summary.outcome, "completed", summary.note)
        const after = yield* conversations(service, "merged")
        assert.strictEqual(after.length, 2)
        // The follow-up is never asked in a session without the turn it follows.
        for (const session of after) assert.deepStrictEqual(session.queries, messages)
      })
  )
})
