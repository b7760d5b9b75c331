import { Clock, Duration, Effect, Option, Ref, Schedule } from "effect"

export interface PollSettings {
  readonly pollInterval: Duration.Duration
  readonly maxPollInterval: Duration.Duration
}

/** Growth of the wait after a poll that saw nothing change. */
export const backoffFactor = 1.5

/** Weight of the newest sample in the moving average of answer latency. */
const latencyWeight = 0.2

/** ×1.5 after a poll that saw nothing change, back to `interval` after one that saw progress; within bounds. */
export const nextInterval = (settings: PollSettings, current: Duration.Duration, changed: boolean) =>
  changed
    ? settings.pollInterval
    : Duration.min(
        settings.maxPollInterval,
        Duration.max(settings.pollInterval, Duration.times(current, backoffFactor))
      )

/** What one poll round reports to the schedule. */
export interface PollRound {
  readonly changed: boolean
  readonly done: boolean
  /** Epoch millis of the oldest request still awaiting its answer, if any. */
  readonly oldestSubmittedAt: Option.Option<number>
}

/**
 * The wait before the next poll. Without a latency estimate: the adaptive interval (fast while answers arrive,
 * backing off to `max_interval` when nothing changes). With one (a moving average of the answer latencies seen):
 * no poll before the oldest request in flight is due (bounded by `max_interval`), polls at `interval` around its
 * due time, and the backing-off interval once it is overdue by more than the usual latency. Long generations
 * then cost few polls and short ones are seen within one `interval` of finishing.
 */
export const pollDelay = (
  settings: PollSettings,
  backoff: Duration.Duration,
  expectedMillis: Option.Option<number>,
  oldestSubmittedAt: Option.Option<number>,
  now: number
): Duration.Duration => {
  if (Option.isNone(expectedMillis)) return backoff
  // Nothing in flight yet the work is not done: a batch is being sent right now.
  const due = Option.getOrElse(oldestSubmittedAt, () => now) + expectedMillis.value - now
  if (due > 0) return Duration.min(settings.maxPollInterval, Duration.max(settings.pollInterval, Duration.millis(due)))
  return -due <= expectedMillis.value ? settings.pollInterval : backoff
}

/** A moving average of how long answers take, shared by the pollers of one phase. */
export interface LatencyEstimate {
  readonly observe: (millis: number) => Effect.Effect<void>
  readonly current: Effect.Effect<Option.Option<number>>
}

export const makeLatencyEstimate = (initial: Option.Option<number>): Effect.Effect<LatencyEstimate> =>
  Effect.map(Ref.make(initial), (ref) => ({
    observe: (millis) =>
      Ref.update(ref, (current) =>
        Option.some(Option.match(current, { onNone: () => millis, onSome: (m) => m + latencyWeight * (millis - m) }))
      ),
    current: Ref.get(ref)
  }))

/** Repeats `round` with `pollDelay` until it reports `done`; the first round runs after `interval`. */
export const pollUntilDone = <E, R>(
  settings: PollSettings,
  round: Effect.Effect<PollRound, E, R>,
  latency?: LatencyEstimate
): Effect.Effect<PollRound, E, R> =>
  Effect.gen(function* () {
    const interval = yield* Ref.make(settings.pollInterval)
    const schedule = Schedule.identity<PollRound>().pipe(
      Schedule.addDelayEffect((last) =>
        Effect.gen(function* () {
          const backoff = yield* Ref.updateAndGet(interval, (current) => nextInterval(settings, current, last.changed))
          const expected = latency === undefined ? Option.none<number>() : yield* latency.current
          return pollDelay(settings, backoff, expected, last.oldestSubmittedAt, yield* Clock.currentTimeMillis)
        })
      )
    )
    yield* Effect.sleep(settings.pollInterval)
    return yield* Effect.repeat(round, { schedule, until: (last) => last.done })
  })
