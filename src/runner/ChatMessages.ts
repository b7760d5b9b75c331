import { Clock, Effect, Option, type Ref } from "effect"
import type { SessionId } from "../api/Ids.js"
import type { ClientError } from "../client/ClientError.js"
import { ServiceClient } from "../client/ServiceClient.js"
import { messageIntentKey } from "../store/ChatIntents.js"
import { ChatStore } from "../store/ChatStore.js"
import type { ChatKey, ChatMessageRecord } from "../store/CheckpointModel.js"
import { RunStore } from "../store/RunStore.js"
import type { StoreError } from "../store/StoreError.js"
import { findCreated, intentMetaKey, newMarker } from "./ChatAdoption.js"
import { CrashHook } from "./CrashHook.js"
import { awaitAnswer, type Sent, type Settled, sentAtOf } from "./PollMessages.js"
import { RunProgress } from "./Progress.js"
import { sendOnce } from "./Reconcile.js"
import { nowIso, RunContext } from "./RunContext.js"
import type { ServiceUnavailable } from "./RunnerErrors.js"
import { RunnerSettings } from "./RunnerSettings.js"

type AskError = ClientError | ServiceUnavailable | StoreError
type AskContext = ServiceClient | ChatStore | RunStore | RunContext | RunnerSettings | RunProgress

export const chatKeyOf = (record: ChatMessageRecord): ChatKey => ({
  chatName: record.chatName,
  sessionKey: record.sessionKey,
  position: record.position
})

/**
 * One message of a session, exactly once: the intent (and its marker) is committed before the message is posted;
 * after an ambiguous failure, and on resume of an intent, the message list is read before posting again. A failed
 * or timed-out answer is asked again up to `cell_retries` times (a status the interface does not know is not: see
 * `verdictOf`), then recorded as failed with the reason.
 */
export const askMessage = Effect.fn("ChatMessages.askMessage")(function* (
  record: ChatMessageRecord,
  sessionId: SessionId,
  useHistory: boolean,
  owned: Set<number>,
  demand: Ref.Ref<number>
) {
  const client = yield* ServiceClient
  const chatStore = yield* ChatStore
  const runStore = yield* RunStore
  const progress = yield* RunProgress
  const { flow, retry, runId } = yield* RunContext
  const { crashAt } = yield* CrashHook
  const settings = yield* RunnerSettings
  const key = chatKeyOf(record)
  const settle = (outcome: Settled, submittedAt: number) =>
    Effect.gen(function* () {
      const at = yield* nowIso
      const seconds = ((yield* Clock.currentTimeMillis) - submittedAt) / 1000
      yield* chatStore.markChatResult(
        key,
        outcome._tag === "success"
          ? { state: "success", response: outcome.response, at, seconds, runId }
          : { state: "failed", error: outcome.reason, at, seconds, runId }
      )
      const ok = outcome._tag === "success"
      yield* progress.chats((c) => (ok ? { ...c, done: c.done + 1 } : { ...c, failed: c.failed + 1 }))
      return ok
    })

  const post = Effect.gen(function* () {
    const marker = yield* newMarker
    yield* runStore.setMeta(messageIntentKey(key), marker)
    yield* chatStore.markChatSubmitting(key, runId, yield* nowIso)
    yield* crashAt("chat-after-intent")
    const adopt = Effect.map(client.listMessages(sessionId), (messages) =>
      findCreated(messages, { marker, query: record.query }, owned)
    )
    const send = client.createMessage(sessionId, {
      query: record.query,
      use_history: useHistory,
      meta: { [intentMetaKey]: marker }
    })
    const sentAt = yield* Clock.currentTimeMillis
    const message = yield* sendOnce(send, adopt, { ambiguous: false })
    const landedAt = yield* Clock.currentTimeMillis
    yield* flow.submitted(landedAt - sentAt)
    yield* crashAt("chat-after-submit")
    yield* chatStore.markChatSubmitted(key, message.id, yield* nowIso)
    owned.add(message.id)
    return { messageId: message.id, sentAt: landedAt, watchedFrom: landedAt } satisfies Sent
  })

  /** A resumed intent: adopt the message the killed run may have posted, or post it now. */
  const resume = Effect.gen(function* () {
    const marker = yield* runStore.getMeta(messageIntentKey(key))
    const messages = yield* retry(client.listMessages(sessionId))
    const found = findCreated(messages, { marker: Option.getOrElse(marker, () => ""), query: record.query }, owned)
    if (Option.isNone(found)) {
      yield* chatStore.revertChatSubmitting(key)
      return yield* post
    }
    yield* chatStore.markChatSubmitted(key, found.value.id, record.intentAt ?? (yield* nowIso))
    owned.add(found.value.id)
    const watchedFrom = yield* Clock.currentTimeMillis
    return { messageId: found.value.id, sentAt: yield* sentAtOf(record.intentAt), watchedFrom } satisfies Sent
  })

  /** Awaits the answer to a posted message; asks again (a new message) while `cell_retries` allows. */
  const answer = (sent: Sent, tries: number): Effect.Effect<boolean, AskError, AskContext> =>
    Effect.gen(function* () {
      const outcome = yield* awaitAnswer(sessionId, sent, demand)
      if (outcome._tag === "success" || !outcome.again || tries > settings.cellRetries)
        return yield* settle(outcome, sent.sentAt)
      return yield* answer(yield* post, tries + 1)
    })
  // A message a killed run left in flight keeps its time: cell_timeout counts from its request, not from each
  // resumption (a message never answered would otherwise hold its session through every run's deadline).
  const landed = record.remoteMessageId
  const first =
    record.state === "submitted" && landed !== undefined
      ? Effect.map(
          Effect.zip(sentAtOf(record.submittedAt ?? record.intentAt), Clock.currentTimeMillis),
          ([sentAt, watchedFrom]): Sent => ({ messageId: landed, sentAt, watchedFrom })
        )
      : record.state === "submitting"
        ? resume
        : post
  return yield* Effect.flatMap(first, (sent) => answer(sent, 1))
})
