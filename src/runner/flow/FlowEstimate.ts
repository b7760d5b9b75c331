/**
 * What the flow controller reads from its state: the completion rate, the latency without queueing, and the
 * Little's-law target (see FlowController.ts for why).
 */

import type { FlowState } from "./FlowState.js"

/** Queued work kept beyond the detection gap: absorbs jitter in answer times and poll timing. */
const coverMargin = 1.25
const minQueue = 1
const orZero = (value: number) => (Number.isFinite(value) ? value : 0)

/**
 * How far back the completion rate looks: at least 2 s, and several poll gaps and answer times, so a 2-minute
 * service polled every 30 s still has a rate between its polls.
 */
export const rateWindowMs = (state: FlowState) =>
  Math.min(600_000, Math.max(2000, 4 * orZero(state.pollGap), 2 * orZero(state.sojourn)))

/** Per-poll sojourn means are kept this long: their minimum is the latency without queueing. */
export const baseWindowMs = (state: FlowState) => Math.max(30_000, 10 * orZero(state.sojourn))

/** Answers per second over the rate window (or since the first answer, at least a quarter of it). */
export const completionRate = (state: FlowState, now: number): number => {
  const window = rateWindowMs(state)
  const recent = state.completions.filter(([at]) => at > now - window)
  if (recent.length === 0) return 0
  const span = Math.max(window / 4, Math.min(window, now - (state.completions[0]?.[0] ?? now)))
  return recent.reduce((sum, [, n]) => sum + n, 0) / (span / 1000)
}

/** Sojourn without queueing: the lowest per-poll mean kept (NaN before any). */
const baseSojourn = (state: FlowState): number =>
  state.sojournMeans.length === 0 ? Number.NaN : Math.min(...state.sojournMeans.map(([, mean]) => mean))

export interface FlowEstimate {
  /** Answers per second. */
  readonly rate: number
  /** Units the service is answering for us. */
  readonly running: number
  /** Units of ours queued at the service. */
  readonly queued: number
  /** How long an answer takes once started, ms (NaN when unknown). */
  readonly answerLatency: number
  /** The Little's-law window: running + what covers the detection gap. */
  readonly target: number
  /** Cells wait at the service: more in flight would only lengthen the wait. */
  readonly saturated: boolean
}

export const estimate = (state: FlowState, now: number): FlowEstimate => {
  const rate = completionRate(state, now)
  const base = baseSojourn(state)
  let running = 0
  let pending = 0
  for (const list of state.lists.values()) {
    running += list.running
    pending += list.pending
  }
  const statusAware = state.statusesSeen
  const queuedByLatency = (rate * Math.max(0, orZero(state.sojourn) - orZero(base))) / 1000
  const queued = statusAware ? pending : queuedByLatency
  const working = statusAware ? running : (rate * orZero(base)) / 1000
  const answerLatency = statusAware && rate > 0 && running > 0 ? (1000 * running) / rate : base
  const gap = orZero(state.pollGap)
  const rtts = orZero(state.pollRtt) + orZero(state.submitRtt)
  // Right after a poll has refilled the window, the queue must last until the next poll's refill arrives: a whole
  // gap plus the poll and run round trips. Answers completed meanwhile stay in flight (unseen) in place of the
  // queued units they consumed, so they need no room of their own.
  const cover = (rate * (gap + rtts) * coverMargin) / 1000
  const inflated =
    state.sojournSamples >= 16 && Number.isFinite(base) && state.sojourn > 2 * base + gap + orZero(state.pollRtt)
  return {
    rate,
    running: working,
    queued,
    answerLatency,
    target: working + cover + minQueue,
    saturated: queued >= Math.max(1, 0.05 * working) || inflated
  }
}

/**
 * A unit still `pending` this long after its run request left is queued at the service, not merely on its way
 * into the service's queue: twice the run round trip, at least 20 ms.
 */
export const queuedAfterMs = (state: FlowState): number => Math.max(20, 2 * orZero(state.submitRtt))

/** One line of what the controller believes, for debug logs. */
export const describeFlow = (state: FlowState, now: number): string => {
  const flow = estimate(state, now)
  const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "?")
  return (
    `${state.phase}, ${flow.rate.toFixed(1)}/s, ${flow.running.toFixed(0)} running, ${flow.queued.toFixed(0)} queued, ` +
    `target ${flow.target.toFixed(0)}${flow.saturated ? ", saturated" : ""}, sojourn ${ms(state.sojourn)} ` +
    `(base ${ms(baseSojourn(state))}), gap ${ms(state.pollGap)}`
  )
}
