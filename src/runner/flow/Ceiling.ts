import type { FlowState } from "./FlowState.js"

/**
 * The ceiling a 429 leaves on the window. A queue-capped service refuses a run request whole when it would take the
 * caller past its cap, and asks it to wait (Retry-After): the cap is below what was in flight. Every refusal stops
 * every submission for that wait, so the ceiling is probed by time, not by feedback round: on a fast service rounds
 * are a few tens of milliseconds, and probing a cap of 10 every few rounds cost 1.5 to 2 × the ideal makespan.
 */

/** How fast a 429's ceiling rises per feedback round. */
const ceilingCreep = 0.05
/**
 * A refused run request stops every submission for its Retry-After while the queue drains: a probe past a known
 * cap costs about that much of the whole window's work. Holding the ceiling under the refused level for 20 of
 * those (at least a second each: Retry-After counts whole seconds) keeps what probing costs under 5 %.
 */
const holdPerWait = 20
const minWaitMs = 1000
/**
 * The longest hold, however long the Retry-After or however many probes were refused: a run of hours against a
 * service whose capacity grew meanwhile finds it within minutes (a refused probe then costs at most a tenth of the
 * hold with a Retry-After of 30 s).
 */
const maxHoldMs = 5 * 60_000
/** While the hold lasts, the ceiling is moved halfway to the level refused until the gap is under 15 % of it. */
const bisectUntil = 0.15

/** The window within its bounds: at least one slot, at most `max_concurrency` (or the fixed number) and the ceiling. */
export const clampWindow = (state: FlowState, window: number) =>
  Math.max(1, Math.min(state.settings.max, state.ceiling, window))

/**
 * Where a 429's ceiling goes after a round that carried `carried` in flight without a 429. While the hold lasts,
 * once the window has reached it, halfway to the least level refused (the cap is in between: after a doubling that
 * overshot it, anywhere in the upper half), until the gap is small; after the hold, `ceilingCreep` higher, probing
 * for capacity added since.
 */
export const raisedCeiling = (state: FlowState, carried: number, now: number): number => {
  if (!Number.isFinite(state.ceiling)) return state.ceiling
  if (now >= state.holdUntil) return state.ceiling * (1 + ceilingCreep)
  const gap = state.refusedAt - carried
  if (carried < Math.floor(state.ceiling) || gap <= Math.max(1, bisectUntil * state.refusedAt)) return state.ceiling
  return Math.max(state.ceiling, Math.floor((carried + state.refusedAt) / 2))
}

/**
 * A 429 that refused work: the service's cap is below what was in flight. The first one (or one far below the last
 * ceiling: the cap dropped) halves it and leaves the ceiling at 75 % of it (the window may have just doubled past
 * the cap); one met again near the same ceiling cuts only to 90 % of it, or to what a round carried lately without
 * a 429 when that is more (a probe one unit past a cap of 10 would otherwise leave 9). A second 429 before any
 * request landed says the gentle cut was not enough: halved again, and what was carried is forgotten.
 * The ceiling then holds for `holdPerWait` × the wait the 429 asked for; a probe past it refused again doubles the
 * hold, so a service with a fixed queue cap costs a few refusals in a run, not one every few rounds (each refusal
 * stops submissions for its Retry-After, and on a fast service rounds are a few tens of milliseconds).
 */
export const observeThrottled = (state: FlowState, inFlight: number, now: number, waitMs?: number): FlowState => {
  // Whole units: the level refused is a count in flight, though the window it was sent under may be fractional.
  const at = Math.max(1, Math.min(Math.ceil(state.window), inFlight))
  const known = Number.isFinite(state.ceiling) && at >= 0.85 * state.ceiling
  const carried = Math.min(state.carried, at - 1, state.refusedSinceSubmit ? 0.5 * at : Number.POSITIVE_INFINITY)
  const ceiling = Math.max(1, known ? Math.max(0.9 * at, carried) : 0.75 * at)
  const probed = Number.isFinite(state.ceiling) && now >= state.holdUntil
  const hold = Math.min(
    maxHoldMs,
    probed ? 2 * state.hold : Math.max(state.hold, holdPerWait * Math.max(minWaitMs, waitMs ?? 0))
  )
  const next = {
    ...state,
    phase: "steady" as const,
    ceiling,
    refusedAt: probed ? at : Math.min(state.refusedAt, at),
    carried,
    hold,
    holdUntil: now + hold,
    lastGrowthAt: now,
    refusedSinceSubmit: true
  }
  return { ...next, window: clampWindow(next, known && !state.refusedSinceSubmit ? ceiling : 0.5 * at) }
}
