import { monthNames } from "./DateSpans.js"
import type { Found, Outcome } from "./Found.js"
import type { Instructions } from "./Instructions.js"
import type { Query } from "./Query.js"

const pad = (value: number) => String(value).padStart(2, "0")

/** "March 1, 2024" → "2024-03-01"; other shapes ("March 2024", "within 30 days") stay as they are. */
const isoDate = (text: string): string => {
  const m = /^(\p{Lu}\p{Ll}+) (\d{1,2}), (\d{4})$/u.exec(text)
  const month = monthNames.indexOf(m?.[1] ?? "") + 1
  return m === null || month === 0 ? text : `${m[3]}-${pad(month)}-${pad(Number(m[2]))}`
}

/** "2 weeks" → "14 days" (a note after it kept); months and years are not a whole number of days, so they stay. */
const inDays = (text: string): string => {
  const m = /^(\d+) weeks?(?= \(|$)/.exec(text)
  return m === null ? text : `${Number(m[1]) * 7} days${text.slice(m[0].length)}`
}

const shortOf = (found: Found, instructions: Instructions): Found => {
  if (found.short === undefined) return found
  let short = found.short
  if (instructions.isoDate) short = isoDate(short)
  if (instructions.inDays) short = inDays(short)
  return short === found.short ? found : { ...found, short }
}

/**
 * The answer in the form the query asked for: dates as YYYY-MM-DD, periods in days, and the query's own words for
 * "nothing found" (`or "not stated"`). Yes/no answers keep "No clause found.".
 */
export const formatOutcome = (outcome: Outcome, query: Query): Outcome => {
  const { instructions } = query
  if (outcome._tag === "Nothing") {
    const fallback = instructions.fallback
    if (fallback === undefined || query.kind === "yesno") return outcome
    return { _tag: "Nothing", message: `${fallback.charAt(0).toUpperCase()}${fallback.slice(1)}.` }
  }
  return { ...outcome, found: outcome.found.map((found) => shortOf(found, instructions)) }
}
