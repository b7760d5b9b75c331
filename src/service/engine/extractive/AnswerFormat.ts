import { monthNames } from "./DateSpans.js"
import type { Found, Outcome } from "./Found.js"
import type { Instructions } from "./Instructions.js"
import type { Query } from "./Query.js"

const pad = (value: number) => String(value).padStart(2, "0")

/**
 * "March 1, 2024" → "2024-03-01", also the dates of a note after one ("2029-03-01 (5 years from 2024-03-01)");
 * other shapes ("March 2024", "within 30 days") stay as they are.
 */
const isoDate = (text: string): string => {
  if (!/^\p{Lu}\p{Ll}+ \d{1,2}, \d{4}(?: \(|$)/u.test(text)) return text
  return text.replace(/\b(\p{Lu}\p{Ll}+) (\d{1,2}), (\d{4})\b/gu, (whole, name: string, day: string, year: string) => {
    const month = monthNames.indexOf(name) + 1
    return month === 0 ? whole : `${year}-${pad(month)}-${pad(Number(day))}`
  })
}

/** "2 weeks" → "14 days" (a note after it kept); months and years are not a whole number of days, so they stay. */
const inDays = (text: string): string => {
  const m = /^(\d+) weeks?(?= \(|$)/.exec(text)
  return m === null ? text : `${Number(m[1]) * 7} days${text.slice(m[0].length)}`
}

/** "5 years" → "60 months" (a note after it kept). */
const inMonths = (text: string): string => {
  const m = /^(\d+) years?(?= \(|$)/.exec(text)
  return m === null ? text : `${Number(m[1]) * 12} months${text.slice(m[0].length)}`
}

/** "36 months" → "3 years", when the months are whole years. */
const inYears = (text: string): string => {
  const m = /^(\d+) months?(?= \(|$)/.exec(text)
  const months = Number(m?.[1])
  if (m === null || months % 12 !== 0) return text
  return `${months / 12} year${months === 12 ? "" : "s"}${text.slice(m[0].length)}`
}

const shortOf = (found: Found, instructions: Instructions): Found => {
  if (found.short === undefined) return found
  let short = found.short
  if (instructions.isoDate) short = isoDate(short)
  if (instructions.inDays) short = inDays(short)
  if (instructions.inMonths) short = inMonths(short)
  if (instructions.inYears) short = inYears(short)
  return short === found.short ? found : { ...found, short }
}

/**
 * The answer in the form the query asked for: dates as YYYY-MM-DD, periods in days, months or years, and the query's own words for
 * "nothing found" (`or "not stated"`). Yes/no answers keep "No clause found.".
 */
export const formatOutcome = (outcome: Outcome, query: Query): Outcome => {
  const { instructions } = query
  if (outcome._tag === "Nothing") {
    const fallback = instructions.fallback
    if (fallback === undefined || query.kind === "yesno") return outcome
    return { ...outcome, message: `${fallback.charAt(0).toUpperCase()}${fallback.slice(1)}.` }
  }
  return { ...outcome, found: outcome.found.map((found) => shortOf(found, instructions)) }
}
