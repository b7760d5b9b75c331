import { Effect, Option, Ref } from "effect"
import type { SessionId } from "../api/Ids.js"
import type { Forbidden } from "../client/ClientError.js"
import type { Chat } from "../pipeline/PipelineSchema.js"
import { ChatStore } from "../store/ChatStore.js"
import type { ChatMessageRecord, DocumentRecord, SyncCounts } from "../store/CheckpointModel.js"
import type { StoreError } from "../store/StoreError.js"
import { askMessage, chatKeyOf } from "./ChatMessages.js"
import { conversationsToStartOver, ensureSession, startSessionOver } from "./ChatSessions.js"
import { RunProgress } from "./Progress.js"
import { nowIso, RunContext } from "./RunContext.js"
import { RunnerSettings } from "./RunnerSettings.js"
import { keptSessions, recordMaxDocuments, wantedChatMessages } from "./WantedChats.js"

/** The note a chat refused for the account's plan gets: it names the plan, not a fault. */
const planRefusal = (chat: string, error: Forbidden) =>
  `chat "${chat}": the service refused a multi-doc session (403): multi-doc chat needs the Advanced plan or higher; ` +
  `upgrade the workspace's plan or use scope: each (${error.detail})`

/**
 * The chats phase: sessions in parallel (each message holds one of the slots cells use), the messages of a session
 * in order, each waiting for the previous answer as a person would. A multi-doc chat the plan does not allow (403)
 * fails that chat with a message naming the plan; the rest of the run goes on.
 */
export const runChats = Effect.fn("ChatRunner.runChats")(function* (
  chats: ReadonlyArray<Chat>,
  documents: ReadonlyArray<DocumentRecord>,
  onlyFailed: boolean
) {
  const chatStore = yield* ChatStore
  const progress = yield* RunProgress
  const { flow, runId } = yield* RunContext
  const settings = yield* RunnerSettings
  const wanted = wantedChatMessages(chats, documents, yield* keptSessions(chats, yield* chatStore.chatMessages()))
  if (!onlyFailed) {
    const stored = yield* chatStore.chatMessages({ includeUnwanted: true })
    for (const target of conversationsToStartOver(chats, wanted, stored)) {
      const why =
        target.because === "edited"
          ? "its messages changed under use_history"
          : "its answers were given in a session of another service (a merged shard's), which has its history"
      yield* Effect.logInfo(
        `chat "${target.chatName}": ${why}; the session [${target.sessionKey}] is asked again from its first ` +
          "message, in a new session"
      )
      yield* startSessionOver(target, { all: true })
    }
  }
  const counts: SyncCounts = yield* chatStore.syncChatMessages(wanted, { onlyFailed })
  yield* recordMaxDocuments(chats)
  if (counts.total === 0) return counts
  yield* progress.phase("chats")
  yield* progress.chats((c) => ({ ...c, total: counts.total, skipped: counts.alreadyAnswered }))

  const everything = yield* chatStore.chatMessages({ includeUnwanted: true })
  const ownedSessions = new Set(everything.flatMap((m) => Option.toArray(Option.fromNullable(m.remoteSessionId))))
  const ownedMessages = new Set(everything.flatMap((m) => Option.toArray(Option.fromNullable(m.remoteMessageId))))
  const records = yield* chatStore.chatMessages()
  const sessions = new Map<string, Array<ChatMessageRecord>>()
  for (const record of records) {
    const key = `${record.chatName}\u0000${record.sessionKey}`
    sessions.set(key, [...(sessions.get(key) ?? []), record])
  }
  const refused = yield* Ref.make(new Map<string, string>())
  // Sessions waiting for a slot: the controller grows the window only when work waits for one.
  const demand = yield* Ref.make(0)

  /** Fails a plan-refused session's open messages, the refusal stored as a kind the summary reads back. */
  const refuseAll = (messages: ReadonlyArray<ChatMessageRecord>, reason: string) =>
    Effect.gen(function* () {
      const at = yield* nowIso
      const open = messages.filter((m) => m.state !== "success")
      const failed = { state: "failed", error: reason, errorKind: "plan-refused", at, runId } as const
      yield* Effect.forEach(open, (m) => chatStore.markChatResult(chatKeyOf(m), failed), { discard: true })
      yield* progress.chats((c) => ({ ...c, failed: c.failed + open.length }))
    })

  const runSession = (messages: ReadonlyArray<ChatMessageRecord>) =>
    Effect.gen(function* () {
      const first = messages[0]
      const chat = chats.find((c) => c.name === first?.chatName)
      if (first === undefined || chat === undefined || messages.every((m) => m.state === "success")) return
      const earlier = (yield* Ref.get(refused)).get(chat.name)
      if (earlier !== undefined) return yield* refuseAll(messages, earlier)
      const target = {
        chatName: chat.name,
        sessionKey: first.sessionKey,
        documentIds: first.documentIds,
        multidoc: chat.scope === "all"
      }
      // With use_history each answer builds on the earlier ones: after a failed message its follow-ups wait for the
      // next run, which asks the failed one again first, so the session's conversation keeps the pipeline's order.
      const askInOrder = (sessionId: SessionId, open: ReadonlyArray<ChatMessageRecord>) =>
        Effect.reduce(open, true, (going, m) =>
          going
            ? Effect.map(
                askMessage(m, sessionId, chat.use_history, ownedMessages, demand),
                (ok) => ok || !chat.use_history
              )
            : Effect.succeed(false)
        )
      const work = (session: ReadonlyArray<ChatMessageRecord>) =>
        Effect.gen(function* () {
          const sessionId = yield* ensureSession(
            target,
            Option.fromNullable(session[0]?.remoteSessionId),
            ownedSessions
          )
          const completed = yield* askInOrder(
            sessionId,
            session.filter((m) => m.state !== "success")
          )
          if (!completed)
            yield* Effect.logWarning(
              `chat "${chat.name}", session ${sessionId}: a message failed; its follow-ups are asked by the next run, ` +
                "after it (use_history)"
            )
        })
      /** The checkpoint's session is gone from the service (404): a new one asks what its messages need again. */
      const renew = (sessionId: number) =>
        Effect.gen(function* () {
          yield* Effect.logWarning(
            `chat "${chat.name}": session ${sessionId} is no longer on the service (404); a new session asks ` +
              (chat.use_history ? "its whole conversation again (use_history)" : "its unanswered messages")
          )
          const before = (yield* chatStore.chatMessages({ chatName: chat.name })).filter(
            (m) => m.sessionKey === first.sessionKey && m.state === "success"
          )
          yield* startSessionOver(target, { all: chat.use_history })
          if (chat.use_history) {
            const thisRun = before.filter((m) => m.runId === runId).length
            yield* progress.chats((c) => ({
              ...c,
              done: c.done - thisRun,
              skipped: c.skipped - before.length + thisRun
            }))
          }
          const current = yield* chatStore.chatMessages({ chatName: chat.name })
          yield* work(current.filter((m) => m.sessionKey === first.sessionKey))
        })
      const known = first.remoteSessionId
      const attempt =
        known === undefined ? work(messages) : work(messages).pipe(Effect.catchTag("NotFound", () => renew(known)))
      yield* attempt.pipe(
        Effect.catchTag(
          "Forbidden",
          (error): Effect.Effect<void, Forbidden | StoreError> =>
            target.multidoc
              ? Effect.gen(function* () {
                  const reason = planRefusal(chat.name, error)
                  yield* Ref.update(refused, (map) => new Map(map).set(chat.name, reason))
                  yield* Effect.logWarning(reason)
                  const current = yield* chatStore.chatMessages({ chatName: chat.name })
                  yield* refuseAll(
                    current.filter((m) => m.sessionKey === first.sessionKey),
                    reason
                  )
                })
              : Effect.fail(error)
        )
      )
    })

  // A session has at most one message in flight, so it holds one of the window's slots while it runs (and counts
  // as one message in flight on the progress display).
  const inFlight = (delta: number) => progress.chats((c) => ({ ...c, inFlight: c.inFlight + delta }))
  const inSlot = (messages: ReadonlyArray<ChatMessageRecord>) =>
    Effect.zipRight(
      Ref.update(demand, (n) => n + 1),
      flow.withSlot(
        Effect.zipRight(
          Ref.update(demand, (n) => n - 1),
          Effect.acquireUseRelease(
            inFlight(1),
            () => runSession(messages),
            () => inFlight(-1)
          )
        )
      )
    )
  yield* Effect.forEach(sessions.values(), inSlot, { concurrency: settings.flow.max, discard: true })
  return counts
})
