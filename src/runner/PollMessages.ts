import { Clock, Effect, Option, Ref, STM } from "effect"
import type { SessionId } from "../api/Ids.js"
import type { ChatMessage } from "../api/Sessions.js"
import { isSettledFailure } from "../api/Tables.js"
import { ServiceClient } from "../client/ServiceClient.js"
import { queuedAfterMs } from "./flow/FlowEstimate.js"
import { RunContext } from "./RunContext.js"
import { RunnerSettings } from "./RunnerSettings.js"
import { furthest, type Verdict, verdictOf } from "./Verdict.js"

/**
 * A posted message, when it was seen to land (epoch millis: its cell_timeout counts from then, across runs) and
 * when this run began to watch it (its answer time is measured from then: a killed run's downtime is no answer time).
 */
export interface Sent {
  readonly messageId: number
  readonly sentAt: number
  readonly watchedFrom: number
}

/** Epoch millis of a checkpoint timestamp; now when there is none. */
export const sentAtOf = (iso: string | undefined) =>
  Effect.map(Clock.currentTimeMillis, (now) => {
    const millis = iso === undefined ? Number.NaN : Date.parse(iso)
    return Number.isNaN(millis) ? now : Math.min(millis, now)
  })

/** A message's answer, or why it has none. */
export type Settled = Exclude<Verdict, { readonly _tag: "waiting" }>

/** Rough size of a message list reply: what a poll of it costs. */
const listBytes = (messages: ReadonlyArray<ChatMessage>) =>
  messages.reduce((sum, m) => sum + 200 + m.query.length + (m.response?.length ?? 0), 2)

/**
 * Reads the session's message list when the flow control's schedule says the message is likely answered (from the
 * answer times of the run's earlier messages), until it settles or times out. Each read is an observation for the
 * controller: the window the messages share with cells follows what the service shows.
 */
export const awaitAnswer = Effect.fn("PollMessages.awaitAnswer")(function* (
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
