/**
 * How many units (cells and chat messages) to keep in flight. With `concurrency: auto` it keeps the service busy
 * without flooding it, by Little's law: in flight = completion rate × (answer latency + detection delay). The
 * runner sees an answer only when a poll comes, and a freed slot is filled only after that poll and a run request,
 * so the service must hold enough queued work to cover that gap, and not much more (a long queue at the service
 * means slow Ctrl-C, starved colleagues, provoked rate limits, and a wrong query seen after thousands of answers).
 *
 * Signals, in the order they are trusted:
 * - the statuses of our units at the service: `pending` units sent a while ago are queued there, `running` ones
 *   are being answered (reference §5: pending → running → success); the number running is what the service gives
 *   us at once, the number pending is the queue we built;
 * - latency inflation (TCP Vegas, Netflix's Gradient limit): when the sojourn of our units grows past the
 *   latency seen with no queue, more in flight only lengthens the wait; but a poll that finds every unit of its
 *   list answered, with no queue on any list, is room to grow whatever the latency says;
 * - 429: a multiplicative cut and a ceiling, held for a while before it is probed again.
 *
 * Startup doubles the window once per feedback round (a poll that saw units sent under the current window) while
 * nothing queues at the service; steady state moves the window towards the Little's-law target and probes upward
 * (×1.25 per round) while the queue stays empty, so a service that gains capacity is found again.
 * Pure: the runner feeds observations and reads `window`; tests drive it against a simulated service.
 */

import { clampWindow, raisedCeiling } from "./Ceiling.js"
import { baseWindowMs, estimate, rateWindowMs } from "./FlowEstimate.js"
import type { FlowState } from "./FlowState.js"

/** What one poll of one list (a table's cells, a session's messages) showed. */
export interface PollObservation {
  /** Which list: `table:<slot>` or `session:<id>`. */
  readonly source: string
  /** When the poll was sent: the snapshot is at least this fresh. */
  readonly at: number
  /** Round trip of the poll, ms. */
  readonly rtt: number
  /** Since the previous poll of this list, ms (undefined for its first). */
  readonly gap: number | undefined
  /** Run request → answer (estimated), ms, of each unit this poll saw done. */
  readonly sojourns: ReadonlyArray<number>
  /** Run request → seen done, ms, of the same units. */
  readonly roundTrips: ReadonlyArray<number>
  /** Units still `pending` that were sent well before the poll: queued at the service. */
  readonly pending: number
  /** Units still `pending` that were sent just before the poll: maybe queued, maybe on their way to a worker. */
  readonly pendingFresh: number
  /** Units `running` at the service. */
  readonly running: number
  /** Units of this list the poll found unanswered (pending, running, or not listed yet). */
  readonly left: number
  /** Newest send time among units whose state this poll revealed (running or done); -Infinity when none. */
  readonly newestRevealed: number
  /** Units in flight over every list after this poll. */
  readonly inFlight: number
  /** The submitter is waiting for a slot with work queued. */
  readonly limited: boolean
}

const ewmaWeight = 0.2
const ewma = (current: number, sample: number) =>
  Number.isFinite(current) ? current + ewmaWeight * (sample - current) : sample

/** Takes in one poll's observation and moves the window. */
export const observePoll = (state: FlowState, poll: PollObservation, now: number): FlowState => {
  const done = poll.sojourns.length
  const mean = done === 0 ? Number.NaN : poll.sojourns.reduce((a, b) => a + b, 0) / done
  const rateKept = rateWindowMs(state)
  const baseKept = baseWindowMs(state)
  const recorded: FlowState = {
    ...state,
    lists: new Map(state.lists).set(poll.source, { pending: poll.pending, running: poll.running }),
    completions:
      done === 0 ? state.completions : [...state.completions.filter(([at]) => at > now - rateKept), [now, done]],
    statusesSeen: state.statusesSeen || poll.running > 0,
    pollGap: poll.gap === undefined ? state.pollGap : ewma(state.pollGap, poll.gap),
    pollRtt: ewma(state.pollRtt, poll.rtt),
    sojournMeans: Number.isFinite(mean)
      ? [...state.sojournMeans.filter(([at]) => at > now - baseKept), [now, mean]]
      : state.sojournMeans,
    sojourn: Number.isFinite(mean) ? ewma(state.sojourn, mean) : state.sojourn,
    sojournSamples: state.sojournSamples + done
  }
  const fresh = poll.newestRevealed >= state.lastGrowthAt
  // `probe`: the ceiling a 429 left rises too. Not on a drained poll alone: a fast service drains every poll, and
  // polls 50 ms apart would probe a cap every few tenths of a second.
  // Growth needs a full window whose units this poll revealed, sent since the last growth or 429: carried.
  const grown = (factor: number, probe: boolean): FlowState => {
    const carried = Math.max(recorded.carried, slots(recorded))
    return {
      ...recorded,
      window: clampWindow(recorded, recorded.window * factor),
      ceiling: probe ? raisedCeiling(recorded, carried, now) : recorded.ceiling,
      carried,
      lastGrowthAt: now
    }
  }
  // A fixed concurrency only comes back up after a 429 cut it.
  if (!state.settings.auto)
    return poll.limited && fresh && recorded.window < recorded.settings.max ? grown(1.25, true) : recorded
  const flow = estimate(recorded, now)
  // Grow only on a poll where nothing of ours waits at the service, not even what was just sent: an overshoot while
  // starting up would double the queue it is about to find.
  const room = poll.pending + poll.pendingFresh === 0
  // Everything this list had at the service was answered before the poll, and no list shows a queue: the service
  // had room, whatever the latency says (a fast service answers a bigger batch a little slower, but more per second).
  const drained = done > 0 && poll.left === 0 && [...recorded.lists.values()].every((list) => list.pending === 0)
  if (!flow.saturated || drained) {
    return poll.limited && fresh && room ? grown(recorded.phase === "startup" ? 2 : 1.25, !flow.saturated) : recorded
  }
  // Queued at the service but no answer seen yet: the rate is unknown, so the target is too; hold.
  if (flow.rate === 0) return { ...recorded, phase: "steady" }
  // Towards the target, at most 30 % down per poll so one noisy snapshot cannot collapse the window.
  const toward = recorded.window + 0.5 * (flow.target - recorded.window)
  return {
    ...recorded,
    phase: "steady",
    window: clampWindow(recorded, Math.max(0.7 * recorded.window, toward))
  }
}

/** A run request (or message) came back: its round trip is part of the detection gap. */
export const observeSubmit = (state: FlowState, rtt: number): FlowState => ({
  ...state,
  submitRtt: ewma(state.submitRtt, rtt),
  refusedSinceSubmit: false
})

/** The window as a whole number of slots, never past a 429's ceiling. */
export const slots = (state: FlowState): number =>
  Math.max(1, Math.min(Math.round(state.window), Math.floor(state.ceiling)))

/** The window is held down by a cap (fixed concurrency, max_concurrency, a 429 ceiling), not by the target. */
export const isCapped = (state: FlowState, now: number): boolean => {
  const cap = Math.min(state.settings.max, state.ceiling)
  return state.window >= cap - 0.5 && estimate(state, now).target > cap
}
