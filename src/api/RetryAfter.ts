import { Duration } from "effect"

/**
 * A Retry-After header's wait (RFC 9110 §10.2.3): delay-seconds, or an HTTP date counted from `nowMs`. Undefined
 * when absent or unreadable; a date in the past waits nothing. Only a value with a letter is read as a date,
 * because `Date.parse` takes "-3" or "2026" for one.
 */
export const retryAfterWait = (header: string | undefined, nowMs: number): Duration.Duration | undefined => {
  const value = header?.trim() ?? ""
  // Past 10^12 seconds (31,000 years) every wait is as good as forever; held there, it still prints as a number.
  if (/^\d+(?:\.\d+)?$/.test(value)) return Duration.seconds(Math.min(Number(value), 1e12))
  const at = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN
  return Number.isNaN(at) ? undefined : Duration.millis(Math.max(0, at - nowMs))
}
