import { Duration, Schema } from "effect"
import { expected } from "./Fields.js"

const units = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const

/** One or more `<number><unit>` parts, units ms, s, m, h, d: `500ms`, `2s`, `10m`, `1h30m`. */
const durationPattern = /^\s*(?:\d+(?:\.\d+)?\s*(?:ms|s|m|h|d)\s*)+$/

const isUnit = (u: string): u is keyof typeof units => u in units

/** Milliseconds in a duration text; `undefined` when it does not read as one. */
export const parseDurationMillis = (text: string): number | undefined => {
  if (!durationPattern.test(text)) return undefined
  let total = 0
  for (const [, amount, unit = ""] of text.replace(/\s+/g, "").matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g)) {
    if (!isUnit(unit)) return undefined
    total += Number(amount) * units[unit]
  }
  return total
}

/** The shortest text that reads back to the same duration: `1h30m`, `500ms`, `0s`. */
export const formatDuration = (duration: Duration.Duration): string => {
  let rest = Math.round(Duration.toMillis(duration))
  if (!Number.isFinite(rest)) return "infinity"
  if (rest === 0) return "0s"
  const out: Array<string> = []
  for (const unit of ["h", "m", "s", "ms"] as const) {
    const n = Math.floor(rest / units[unit])
    if (n > 0) out.push(`${n}${unit}`)
    rest -= n * units[unit]
  }
  return out.join("")
}

/**
 * The longest duration read: far beyond any run, and short enough to be written back as text that reads again
 * (`formatDuration` of 1e30 ms would give `2.4e+23h`, and a defect where the settings are shown).
 */
const longestDays = 100_000

const DurationText = Schema.String.pipe(Schema.pattern(durationPattern)).annotations({
  message: expected("a duration like 500ms, 2s, 10m or 1h30m"),
  jsonSchema: { type: "string", pattern: durationPattern.source, examples: ["500ms", "2s", "10m", "1h30m"] }
})

const BoundedDurationText = DurationText.pipe(
  Schema.filter((text) => (parseDurationMillis(text) ?? 0) <= longestDays * units.d, {
    message: (issue) => `expected a duration of at most ${longestDays}d, got ${JSON.stringify(issue.actual)}`
  })
)

const fromText = (to: Schema.Schema<Duration.Duration>) =>
  Schema.transform(BoundedDurationText, to, {
    strict: true,
    decode: (text) => Duration.millis(parseDurationMillis(text) ?? 0),
    encode: formatDuration
  })

/** `500ms`, `2s`, `10m`, `1h`, `1h30m` ⇄ `Duration`. */
export const DurationFromString = fromText(Schema.DurationFromSelf)

/** A duration longer than zero (intervals, timeouts, deadlines). */
export const PositiveDuration = fromText(
  Schema.DurationFromSelf.pipe(
    Schema.filter((d) => Duration.greaterThan(d, Duration.zero) || "expected a duration longer than zero, got 0s")
  )
)
