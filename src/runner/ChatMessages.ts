import { Clock, Effect, Option, Ref, STM } from "effect"
import type { SessionId } from "../api/Ids.js"
import type { ChatMessage } from "../api/Sessions.js"
import { isSettledFailure } from "../api/Tables.js"
import type { ClientError } from "../client/ClientError.js"
import { ServiceClient } from "../client/ServiceClient.js"
import { messageIntentKey } from "../store/ChatIntents.js"
import { ChatStore } from "../store/ChatStore.js"
import type { ChatKey, ChatMessageRecord } from "../store/CheckpointModel.js"
import { RunStore } from "../store/RunStore.js"
import type { StoreError } from "../store/StoreError.js"
import { findCreated, intentMetaKey, newMarker } from "./ChatAdoption.js"
import { CrashHook } from "./CrashHook.js"
import { queuedAfterMs } from "./flow/FlowController.js"
import { RunProgress } from "./Progress.js"
import { sendOnce } from "./Reconcile.js"
import { nowIso, RunContext } from "./RunContext.js"
import type { ServiceUnavailable } from "./RunnerErrors.js"
import { RunnerSettings } from "./RunnerSettings.js"
import { furthest, type Verdict, verdictOf } from "./Verdict.js"

type AskError = ClientError | ServiceUnavailable | StoreError
type AskContext = ServiceClient | ChatStore | RunStore | RunContext | RunnerSettings | RunProgress

export const chatKeyOf = (record: ChatMessageRecord): ChatKey => ({
  chatName: record.chatName,
  sessionKey: record.sessionKey,
  position: record.position
})

/**
 * A posted message, when it was seen to land (epoch millis: its cell_timeout counts from then, across runs) and
 * when this run began to watch it (its answer time is measured from then: a killed run's downtime is no answer time).
 */
interface Sent {
  readonly messageId: number
  readonly sentAt: number
  readonly watchedFrom: number
}

/** Epoch millis of a checkpoint timestamp; now when there is none. */
const sentAtOf = (iso: string | undefined) =>
  Effect.map(Clock.currentTimeMillis, (now) => {
    const millis = iso === undefined ? Number.NaN : Date.parse(iso)
    return Number.isNaN(millis) ? now : Math.min(millis, now)
  })

/** A message's answer, or why it has none. */
type Settled = Exclude<Verdict, { readonly _tag: "waiting" }>

/** Rough size of a message list reply: what a poll of it costs. */
const listBytes = (messages: ReadonlyArray<ChatMessage>) =>
  messages.reduce((sum, m) => sum + 200 + m.query.length + (m.response?.length ?? 0), 2)

/**
 * Reads the session's message list when the flow control's schedule says the message is likely answered (from the
 * answer times of the run's earlier messages), until it settles or times out. Each read is an observation for the
 * controller: the window the messages share with cells follows what the service shows.
 */
const awaitAnswer = Effect.fn("ChatMessages.awaitAnswer")(function* (
  sessionId: SessionId,
  { messageId, sentAt, watchedFrom }: Sent,
  demand: Ref.Ref<number>
) {
  const client = yield* ServiceClient
  const { flow, retry } = yield* RunContext
  const settings = yield* RunnerSettings
  const read = yield* Ref.make<{ readonly at: number | undefined; readonly bytes: number; readonly rtt: number }>({
    at: undefined,
    bytes: 0,
    rtt: 0
  })
  const round = Effect.gen(function* () {
    const last = yield* Ref.get(read)
    const due = yield* flow.nextPollAt("chats", {
      lastPollAt: last.at,
      inFlight: [[watchedFrom, 1]],
      listingBytes: last.bytes,
      pollRtt: last.rtt,
      draining: false
    })
    yield* Effect.sleep(Math.max(0, due - (yield* Clock.currentTimeMillis)))
    const gate = yield* STM.commit(flow.gate)
    const polledAt = yield* Clock.currentTimeMillis
    const messages = yield* retry(client.listMessages(sessionId))
    const now = yield* Clock.currentTimeMillis
    yield* Ref.set(read, { at: polledAt, bytes: listBytes(messages), rtt: now - polledAt })
    // A list showing the message twice is read by its copy furthest along, as a cell list is.
    const message = furthest(messages.filter((m) => m.id === messageId))
    const status = message?.task_status ?? "missing"
    const answered = message !== undefined && (status === "success" || isSettledFailure(status))
    const verdict = verdictOf(message, status, now - sentAt, settings.cellTimeout)
    // A message given up on (timed out) is no longer ours at the service: its list must not keep counting it queued.
    const waiting = verdict._tag === "waiting"
    const queued = waiting && status === "pending"
    yield* flow.observePoll("chats", {
      source: `session:${sessionId}`,
      at: polledAt,
      rtt: now - polledAt,
      gap: last.at === undefined ? undefined : polledAt - last.at,
      sojourns: answered ? [(Math.max(last.at ?? watchedFrom, watchedFrom) + polledAt) / 2 - watchedFrom] : [],
      roundTrips: answered ? [now - watchedFrom] : [],
      pending: queued && polledAt - watchedFrom > queuedAfterMs(yield* flow.state) ? 1 : 0,
      pendingFresh: queued && polledAt - watchedFrom <= queuedAfterMs(yield* flow.state) ? 1 : 0,
      running: waiting && status === "running" ? 1 : 0,
      left: waiting ? 1 : 0,
      newestRevealed: status === "pending" || status === "missing" ? Number.NEGATIVE_INFINITY : watchedFrom,
      inFlight: gate.inFlight - (waiting ? 0 : 1),
      limited: gate.inFlight >= gate.limit && (yield* Ref.get(demand)) > 0
    })
    return waiting ? Option.none<Settled>() : Option.some(verdict)
  })
  const settled = yield* Effect.repeat(round, { until: Option.isSome })
  return Option.getOrElse(
    settled,
    (): Settled => ({ _tag: "failure", reason: "no answer", timedOut: false, again: true })
  )
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
