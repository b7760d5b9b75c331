import { numberWordsSource, parseNumberWords } from "./NumberWords.js"
import { matchSpans, type Span, withoutOverlaps } from "./Span.js"

// "twelve (12) full calendar months" is said as 12 calendar months.
const qualifier = "(?:(?:full\\s+)?(calendar|business|working|banking|consecutive|full)\\s+)?"
const unit = "(hour|day|week|month|year)s?"

const patterns: ReadonlyArray<RegExp> = [
  // thirty (30) days · sixty (60) calendar days · twelve (12)-month
  new RegExp(`\\b(${numberWordsSource})\\s*\\((\\d{1,4})\\)\\s*-?\\s*${qualifier}${unit}\\b`, "gi"),
  // 30 days · 90-day · 5 business days · (30) days
  new RegExp(`(?<![\\w.,])\\(?()(\\d{1,4})\\)?\\s*-?\\s*${qualifier}${unit}\\b`, "gi"),
  // thirty days · one year · twenty-four months
  new RegExp(`\\b(${numberWordsSource})()\\s*-?\\s*${qualifier}${unit}\\b`, "gi"),
  // on a year-to-year basis · month to month
  /\b()()()(year|month)[\s-]+to[\s-]+(?:year|month)\b/gi,
  // payment terms: net 30
  /\bnet[\s-]+()(\d{1,3})\b()()(?!\s*-?\s*(?:calendar\s+|business\s+)?days?)/gi
]

const show = (value: number, kind: string | undefined, base: string) =>
  `${value} ${kind === undefined ? "" : `${kind.toLowerCase()} `}${base.toLowerCase()}${value === 1 ? "" : "s"}`

/** Periods of time ("thirty (30) days" → "30 days", "12-month" → "12 months"), not days inside dates. */
export const findDurations = (text: string): Array<Span> =>
  withoutOverlaps(
    patterns.flatMap((pattern) =>
      matchSpans(text, pattern, (m) => {
        const value =
          m[2] !== undefined && m[2] !== ""
            ? Number(m[2])
            : m[1] === "" && m[4] !== undefined
              ? 1
              : parseNumberWords(m[1] ?? "")
        if (value === undefined || value <= 0) return undefined
        // "the 15th day of March" is a date, "1 day of" a rare phrase best left out
        if (/^\s+of\s+(?:\p{Lu}|each|every|the)/u.test(text.slice(m.index + m[0].length))) return undefined
        const unit = m[4] === undefined || m[4] === "" ? "day" : m[4]
        return show(value, m[3] === "" ? undefined : m[3], unit)
      })
    )
  )

/** A period as `findDurations` writes it ("12 calendar months"): its count and unit, the qualifier aside. */
export const periodParts = (
  period: string
): { readonly count: number; readonly unit: "hour" | "day" | "week" | "month" | "year" } | undefined => {
  const m = /^(\d+) (?:\w+ )?(hour|day|week|month|year)s?$/.exec(period)
  return m === null ? undefined : { count: Number(m[1]), unit: m[2] as "hour" | "day" | "week" | "month" | "year" }
}

/** "with immediate effect", "terminate immediately": a termination that needs no period of notice. */
export const findImmediate = (text: string): Array<Span> =>
  matchSpans(text, /\b(?:with\s+immediate\s+effect|(?:effective\s+)?immediately)\b/gi, () => "immediately")
