import { Clock, Duration, Effect, Option, Ref } from "effect"
import type { SessionId } from "../api/Ids.js"
import type { ChatMessage } from "../api/Sessions.js"
import { isSettledFailure } from "../api/Tables.js"
import type { ClientError } from "../client/ClientError.js"
import { ServiceClient } from "../client/ServiceClient.js"
import type { ChatKey, ChatMessageRecord } from "../store/CheckpointModel.js"
import { CheckpointStore } from "../store/CheckpointStore.js"
import type { StoreError } from "../store/StoreError.js"
import { intentMetaKey, markerOf, newMarker } from "./ChatSessions.js"
import { type LatencyEstimate, pollUntilDone } from "./PollInterval.js"
import { RunProgress } from "./Progress.js"
import { sendOnce } from "./Reconcile.js"
import { nowIso, RunContext } from "./RunContext.js"
import { RunnerSettings } from "./RunnerSettings.js"
import type { ServiceUnavailable } from "./RunnerErrors.js"

type AskError = ClientError | ServiceUnavailable | StoreError
type AskContext = ServiceClient | CheckpointStore | RunContext | RunnerSettings | RunProgress

export const chatKeyOf = (record: ChatMessageRecord): ChatKey => ({
  chatName: record.chatName,
  sessionKey: record.sessionKey,
  position: record.position
})

const intentKey = (key: ChatKey) => `runner.message_intent:${key.chatName}:${key.sessionKey}:${key.position}`

/**
 * Finds the message an earlier request created: by the intent marker in its meta; for a service that does not keep
 * meta, by query among the messages newer than any this checkpoint owns.
 */
export const findCreated = (
  messages: ReadonlyArray<ChatMessage>,
  wanted: { readonly marker: string; readonly query: string },
  owned: ReadonlySet<number>
): Option.Option<ChatMessage> => {
  const byMarker = messages.find((m) => markerOf(m) === wanted.marker && !owned.has(m.id))
  if (byMarker !== undefined) return Option.some(byMarker)
  if (messages.some((m) => markerOf(m) !== undefined)) return Option.none()
  const newest = Math.max(0, ...owned)
  return Option.fromNullable(messages.find((m) => m.id > newest && m.query === wanted.query && !owned.has(m.id)))
}

type Settled = { readonly ok: true; readonly response: string } | { readonly ok: false; readonly reason: string }

/**
 * Polls the session's message list with the cells' adaptive policy until the message settles or times out; the
 * chats of a run share one latency estimate, so later messages are polled around when they are due.
 */
const awaitAnswer = Effect.fn("awaitAnswer")(function* (
  sessionId: SessionId,
  messageId: number,
  submittedAt: number,
  latency: LatencyEstimate
) {
  const client = yield* ServiceClient
  const { retry } = yield* RunContext
  const settings = yield* RunnerSettings
  const result = yield* Ref.make<Option.Option<Settled>>(Option.none())
  const seen = yield* Ref.make("")
  const lastPoll = yield* Ref.make(submittedAt)
  const round = Effect.gen(function* () {
    const messages = yield* retry(client.listMessages(sessionId))
    const message = messages.find((m) => m.id === messageId)
    const now = yield* Clock.currentTimeMillis
    const previous = yield* Ref.getAndSet(lastPoll, now)
    if (message?.task_status === "success") yield* latency.observe((previous + now) / 2 - submittedAt)
    const status = message?.task_status ?? "missing"
    const changed = (yield* Ref.getAndSet(seen, status)) !== status
    const settled: Option.Option<Settled> =
      message?.task_status === "success"
        ? Option.some({ ok: true, response: message.response ?? "" })
        : message !== undefined && isSettledFailure(message.task_status)
          ? Option.some({ ok: false, reason: `task_status "${message.task_status}"${reasonOf(message)}` })
          : now - submittedAt > Duration.toMillis(settings.cellTimeout)
            ? Option.some({
                ok: false,
                reason: `still ${status} after ${Duration.format(settings.cellTimeout)} (cell_timeout)`
              })
            : Option.none()
    yield* Ref.set(result, settled)
    return { changed, done: Option.isSome(settled), oldestSubmittedAt: Option.some(submittedAt) }
  })
  yield* pollUntilDone(settings, round, latency)
  return Option.getOrElse(yield* Ref.get(result), (): Settled => ({ ok: false, reason: "no answer" }))
})

const reasonOf = (message: ChatMessage) => {
  const error = message.meta.error
  return typeof error === "string" && error !== "" ? `: ${error}` : ""
}

/**
 * One message of a session, exactly once: the intent (and its marker) is committed before the message is posted;
 * after an ambiguous failure, and on resume of an intent, the message list is read before posting again. A failed
 * or timed-out answer is asked again up to `cell_retries` times, then recorded as failed with the reason.
 */
export const askMessage = Effect.fn("askMessage")(function* (
  record: ChatMessageRecord,
  sessionId: SessionId,
  useHistory: boolean,
  owned: Set<number>,
  latency: LatencyEstimate
) {
  const client = yield* ServiceClient
  const store = yield* CheckpointStore
  const progress = yield* RunProgress
  const { crash, limit, retry, runId } = yield* RunContext
  const settings = yield* RunnerSettings
  const key = chatKeyOf(record)
  const settle = (outcome: Settled, submittedAt: number) =>
    Effect.gen(function* () {
      const at = yield* nowIso
      const seconds = ((yield* Clock.currentTimeMillis) - submittedAt) / 1000
      yield* store.markChatResult(
        key,
        outcome.ok
          ? { state: "success", response: outcome.response, at, seconds, runId }
          : { state: "failed", error: outcome.reason, at, seconds, runId }
      )
      yield* progress.chats((c) => (outcome.ok ? { ...c, done: c.done + 1 } : { ...c, failed: c.failed + 1 }))
      return outcome.ok
    })

  const post = Effect.gen(function* () {
    const marker = yield* newMarker
    yield* store.setMeta(intentKey(key), marker)
    yield* store.markChatSubmitting(key, runId, yield* nowIso)
    yield* crash("chat-after-intent")
    const adopt = Effect.map(client.listMessages(sessionId), (messages) =>
      findCreated(messages, { marker, query: record.query }, owned)
    )
    const send = client.createMessage(sessionId, {
      query: record.query,
      use_history: useHistory,
      meta: { [intentMetaKey]: marker }
    })
    const message = yield* sendOnce(send, adopt, { ambiguous: false })
    yield* crash("chat-after-submit")
    yield* store.markChatSubmitted(key, message.id, yield* nowIso)
    owned.add(message.id)
    yield* limit.onSuccess(1)
    return message.id
  })

  /** A resumed intent: adopt the message the killed run may have posted, or post it now. */
  const resume = Effect.gen(function* () {
    const marker = yield* store.getMeta(intentKey(key))
    const messages = yield* retry(client.listMessages(sessionId))
    const found = findCreated(messages, { marker: Option.getOrElse(marker, () => ""), query: record.query }, owned)
    if (Option.isNone(found)) {
      yield* store.revertChatSubmitting(key)
      return yield* post
    }
    yield* store.markChatSubmitted(key, found.value.id, yield* nowIso)
    owned.add(found.value.id)
    return found.value.id
  })

  /** Awaits the answer to a posted message; asks again (a new message) while `cell_retries` allows. */
  const answer = (messageId: number, tries: number): Effect.Effect<boolean, AskError, AskContext> =>
    Effect.gen(function* () {
      const submittedAt = yield* Clock.currentTimeMillis
      const outcome = yield* awaitAnswer(sessionId, messageId, submittedAt, latency)
      if (outcome.ok || tries > settings.cellRetries) return yield* settle(outcome, submittedAt)
      return yield* answer(yield* post, tries + 1)
    })
  const first =
    record.state === "submitted" && record.remoteMessageId !== undefined
      ? Effect.succeed(record.remoteMessageId)
      : record.state === "submitting"
        ? resume
        : post
  return yield* limit.withSlot(Effect.flatMap(first, (messageId) => answer(messageId, 1)))
})
