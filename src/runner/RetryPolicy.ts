import { Clock, Duration, Effect, Option, Random, Schedule } from "effect"
import { isRateLimited, isRetryable, type RateLimited, type RetryableError } from "../client/ClientError.js"
import { ServiceUnavailable } from "./RunnerErrors.js"

interface RetrySettings {
  /** Tries in all, the first included. */
  readonly attempts: number
  readonly baseDelay: Duration.Duration
  readonly maxDelay: Duration.Duration
}

interface RetryHooks {
  /** Epoch millis after which no retry may be planned; Retry-After beyond it stops the run. */
  readonly deadlineAt: Option.Option<number>
  /** Called before each backoff sleep, e.g. to show "backing off 12 s after 429". */
  readonly onBackoff: (error: RetryableError, delay: Duration.Duration) => Effect.Effect<void>
  /** Called on every 429, with the request it refused: the adaptive limit may cut the cells in flight. */
  readonly onThrottled: (error: RateLimited) => Effect.Effect<void>
}

/** The capped exponential for retry `n` (0-based): `base × 2^n`, at most `max`. */
export const cappedExponential = (settings: RetrySettings, n: number): Duration.Duration =>
  Duration.min(Duration.times(settings.baseDelay, 2 ** Math.min(n, 52)), settings.maxDelay)

/**
 * Full jitter (AWS architecture blog, "Exponential Backoff And Jitter"): a uniform draw in [0, capped exponential],
 * which spreads retries of many clients better than equal or decorrelated jitter. A Retry-After the service sent
 * wins: the service said when to come back. One that asks no wait at all (`0`, or an HTTP date already past, as a
 * service whose clock runs behind sends) is no such word: honoured, every try of the run went in the same
 * millisecond and it ended at once (exit 5), so the backoff applies.
 */
const backoffDelay = (settings: RetrySettings, error: RetryableError, n: number) =>
  isRateLimited(error) && Option.isSome(error.retryAfter) && Duration.greaterThan(error.retryAfter.value, Duration.zero)
    ? Effect.succeed(error.retryAfter.value)
    : Effect.map(Random.next, (draw) =>
        Duration.millis(Math.floor(draw * Duration.toMillis(cappedExponential(settings, n))))
      )

/**
 * The retry schedule: `attempts - 1` retries, each delayed by `backoffDelay`. It accepts any tagged error so that
 * it composes with `while: isRetryable`; only retryable errors ever reach it.
 */
const retrySchedule = <E extends { readonly _tag: string }>(
  settings: RetrySettings,
  hooks: Pick<RetryHooks, "onBackoff">
) =>
  Schedule.identity<E>().pipe(
    Schedule.intersect(Schedule.count),
    Schedule.intersect(Schedule.recurs(Math.max(0, settings.attempts - 1))),
    Schedule.addDelayEffect(([[error, n]]) =>
      isRetryable(error)
        ? Effect.tap(backoffDelay(settings, error, n), (delay) => hooks.onBackoff(error, delay))
        : Effect.succeed(Duration.zero)
    )
  )

/**
 * The longest Retry-After a run honours: ten times `retry.max_delay` (5 minutes by default). A service asking for
 * longer (a misconfigured `Retry-After: 99999999`, a date in 2100) would leave a run silent for that long; it ends
 * at once instead (exit 5), naming the wait, and resumes when run again.
 */
const retryAfterCapFactor = 10

/** Why a 429's Retry-After cannot be honoured: past the cap, or past the deadline; none when it can. */
const unwaitable = (settings: RetrySettings, error: RateLimited, deadlineAt: Option.Option<number>) =>
  Effect.map(Clock.currentTimeMillis, (now): Option.Option<string> => {
    if (Option.isNone(error.retryAfter)) return Option.none()
    const wait = error.retryAfter.value
    const asked = `Retry-After asks to wait ${Duration.format(wait)}`
    const cap = Duration.times(settings.maxDelay, retryAfterCapFactor)
    if (Duration.greaterThan(wait, cap))
      return Option.some(
        `${asked}, longer than a run waits (${retryAfterCapFactor} × retry.max_delay = ${Duration.format(cap)})`
      )
    if (Option.isSome(deadlineAt) && now + Duration.toMillis(wait) > deadlineAt.value)
      return Option.some(`${asked}, past the run's deadline`)
    return Option.none()
  })

/**
 * Runs a service call with the run's retry policy: retryable failures are retried with full-jitter backoff; a
 * Retry-After beyond the cap or the deadline fails with `ServiceUnavailable` at once; exhausted retries keep the
 * last error.
 * Other failures (the checkpoint's, 4xx) pass through at once.
 */
export const withRetry =
  (settings: RetrySettings, hooks: RetryHooks) =>
  <A, E extends { readonly _tag: string }, R>(
    effect: Effect.Effect<A, E, R>
  ): Effect.Effect<A, E | ServiceUnavailable, R> => {
    const attempt = Effect.catchAll(effect, (error) =>
      isRateLimited(error)
        ? Effect.zipRight(
            hooks.onThrottled(error),
            Effect.flatMap(unwaitable(settings, error, hooks.deadlineAt), (reason) =>
              Effect.fail<E | ServiceUnavailable>(
                Option.isSome(reason) ? new ServiceUnavailable({ request: error.request, reason: reason.value }) : error
              )
            )
          )
        : Effect.fail<E | ServiceUnavailable>(error)
    )
    return Effect.retry(attempt, {
      schedule: Schedule.passthrough(retrySchedule<E | ServiceUnavailable>(settings, hooks)),
      while: isRetryable
    })
  }
