import { cdf, meanOf, quantile, type Sojourns, sampleCount } from "./Sojourns.js"

/**
 * When to list a table's cells (or a session's messages) next. A poll returns the whole list, so it is worth its
 * cost when enough of the units in flight there are expected to be done, and answers must not wait unseen for long
 * compared with how long they take (an unseen answer holds a slot; the window covers that delay with queued work).
 * Both are read from the learned distribution of sojourns (run request → answer), not only its mean: a batch sent
 * to a fixed 200 ms service is polled right when it is due, a 2-minute one costs a handful of polls.
 */
export interface PollPlanInput {
  /** When this list was last read, or undefined when never since the oldest unit in flight was sent. */
  readonly lastPollAt: number | undefined
  /** Send times of the units in flight there and how many were sent at each. */
  readonly inFlight: ReadonlyArray<readonly [sentAt: number, count: number]>
  readonly sojourns: Sojourns
  /** Bytes of the list the last time it was read (0 when unknown). */
  readonly listingBytes: number
  /** How long reading the list took last time, ms. */
  readonly pollRtt: number
  /**
   * How long after a poll leaves the service reads the list, ms: about half a round trip of a small request (the
   * rest of a big list's round trip is sending and parsing it, after the read).
   */
  readonly readDelay: number
  /** How long the service takes to answer once it starts, ms (NaN when unknown). */
  readonly answerLatency: number
  /** Answers per second expected from this list now (NaN when unknown). */
  readonly rate: number
  /**
   * The window cannot grow to cover unseen answers (a fixed `concurrency`, `max_concurrency` or a 429 ceiling):
   * every answer seen late leaves a worker idle, so polls come sooner.
   */
  readonly capped: boolean
  /**
   * Nothing waits to be sent: the end of the phase waits on these answers, so each one seen late adds to the
   * makespan (polls come sooner, and units past the usual answer time are not left to the tail's back-off).
   */
  readonly draining: boolean
  /** Units were sent at this time whose status the controller wants to see (probing for spare capacity). */
  readonly probeSentAt: number | undefined
  /** `run.poll.interval` and `run.poll.max_interval` when the pipeline sets them, ms. */
  readonly minGap: number | undefined
  readonly maxGap: number | undefined
}

/** Never two polls of one list closer than this, nor (uncapped) closer than twice the time a poll takes. */
const floorGapMs = 10
/** Never a list left unread longer than this while it has units in flight (unless `poll.max_interval` says). */
export const defaultMaxGapMs = 30_000
/** Before any answer was seen: the first look this long after sending, then at twice the age of the oldest unit. */
export const firstLookMs = 50
/**
 * A poll is worth one answer per this many bytes listed (plus `requestBytes` for the request itself): polls of a
 * 1,000-cell table (~200 KB of short answers) wait for about 50 answers, a 10-cell one for one.
 */
const bytesPerAnswer = 4096
const requestBytes = 1024
/** An answer should wait unseen at most this share of the answer latency (capped: the smaller share). */
const lateShare = 0.35
const lateShareCapped = 0.1

/**
 * Survival with a Pareto tail past the largest sample: a unit older than anything seen stays "due soon", with
 * polls backing off geometrically (×~1.4 of its age), instead of "due now" at every poll.
 */
const survival = (sojourns: Sojourns, age: number): number => {
  const n = sampleCount(sojourns)
  const largest = sojourns.sorted[n - 1] ?? 0
  if (age > largest) return (1 / (n + 1)) * (largest / age) ** 2
  return 1 - (cdf(sojourns, age) * n) / (n + 1)
}

/** Expected number of units done, when a poll sent at `at` has the list read, that were not done at the last poll. */
const expectedDone = (input: Pick<PollPlanInput, "lastPollAt" | "inFlight" | "sojourns" | "readDelay">, at: number) => {
  let done = 0
  const readAt = at + input.readDelay
  for (const [sentAt, count] of input.inFlight) {
    const age0 = input.lastPollAt === undefined ? 0 : Math.max(0, input.lastPollAt + input.readDelay - sentAt)
    const age1 = readAt - sentAt
    if (age1 <= age0) continue
    const before = survival(input.sojourns, age0)
    done += before <= 0 ? count : count * (1 - survival(input.sojourns, age1) / before)
  }
  return done
}

/** First time in [from, to] at which `expectedDone` reaches `k` (to when it never does), to the millisecond. */
const firstReaching = (input: PollPlanInput, k: number, from: number, to: number) => {
  if (expectedDone(input, to) < k) return to
  let lo = from
  let hi = to
  while (hi - lo > 1) {
    const mid = (lo + hi) / 2
    if (expectedDone(input, mid) >= k) hi = mid
    else lo = mid
  }
  return hi
}

const oldestSent = (inFlight: PollPlanInput["inFlight"]) =>
  inFlight.reduce((oldest, [sentAt]) => Math.min(oldest, sentAt), Number.POSITIVE_INFINITY)

/** Units whose poll must come before the list is worth reading: a count between 1 and what is in flight. */
export const answersWorthAPoll = (input: PollPlanInput, inFlight: number) => {
  const costly = (input.listingBytes + requestBytes) / bytesPerAnswer
  const latency = Number.isFinite(input.answerLatency) ? input.answerLatency : Number.NaN
  const share = input.capped ? lateShareCapped : lateShare
  // Answers expected while one may wait unseen: waiting longer for more would hold slots the window must cover.
  const timely =
    Number.isFinite(input.rate) && Number.isFinite(latency) ? (input.rate * share * latency) / 1000 : costly
  return Math.min(inFlight, Math.max(1, Math.min(costly, timely)))
}

/** The time of the next poll of one list (epoch ms); callers poll at once when it is already past. */
export const nextPollAt = (input: PollPlanInput): number => {
  const count = input.inFlight.reduce((sum, [, n]) => sum + n, 0)
  const oldest = oldestSent(input.inFlight)
  // A poll older than every unit in flight says nothing about them: count from the oldest send instead.
  const from = Math.max(input.lastPollAt ?? Number.NEGATIVE_INFINITY, Number.isFinite(oldest) ? oldest : 0)
  // A poll may take at most half the time between polls; capped, answers seen late idle workers, so a whole one.
  const lo = Math.max(input.minGap ?? 0, floorGapMs, (input.capped ? 1 : 2) * input.pollRtt)
  const hi = Math.max(lo, input.maxGap ?? defaultMaxGapMs)
  // Whole milliseconds: clocks (the test clock among them) count in them, so a wait never rounds to nothing.
  const clamp = (at: number) => Math.ceil(Math.min(from + hi, Math.max(from + lo, at)))
  // A probe looks at fresh units soon, then at twice their age: units that stay unanswered (a slow service, fewer
  // pairs than the window so it never grows) would otherwise be listed every `lo` until their answers came.
  const probe =
    input.probeSentAt === undefined
      ? Number.POSITIVE_INFINITY
      : Math.max(input.probeSentAt + lo, 2 * from - input.probeSentAt)
  if (count === 0) return from + hi
  if (sampleCount(input.sojourns) < 4) {
    // Nothing learned yet: look soon, then at twice the age of the oldest unit (geometric, so a slow service
    // costs a handful of polls before its first answers).
    const age = from - oldest
    return clamp(Math.min(probe, Math.max(oldest + firstLookMs, from + age)))
  }
  const latency = Number.isFinite(input.answerLatency) ? input.answerLatency : meanOf(input.sojourns.sorted)
  const share = input.capped || input.draining ? lateShareCapped : lateShare
  const worth = firstReaching(input, answersWorthAPoll(input, count), from + lo, from + hi)
  // Some answer is likely by then (half a unit expected), and it should not wait unseen past a share of the latency.
  const likely = firstReaching(input, Math.min(0.5, count), from + lo, from + hi)
  // Draining, units older than the usual answer time are read every share of it, or of how long they are overdue
  // when that is more (a unit that never ends costs a few dozen reads, not one every few tens of ms): the tail model
  // backs off to 1.4 × their age, which on a slow heavy-tailed service left the run's last answer unseen for tens
  // of seconds.
  const typical = quantile(input.sojourns, 0.5)
  const overdue = Math.max(0, from - oldest - typical)
  const due = input.draining
    ? Math.min(likely, Math.max(oldest + typical, from + share * Math.max(typical, overdue)))
    : likely
  const late = Math.max(from + share * latency, due)
  return clamp(Math.min(worth, late, probe))
}
