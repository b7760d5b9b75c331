import { numberWordsSource, parseNumberWords } from "../../../src/service/engine/extractive/NumberWords.js"

/**
 * How an answer is judged against a CUAD label. The rules are written independently of the engine's own span
 * finders, so the engine cannot agree with itself.
 *
 * - Text is compared as word tokens: lower case, letters and digits, everything else a separator.
 * - **Clause words**: a labelled clause (each piece between CUAD's "<omitted>" marks) is in an answer when a run
 *   of min(10, its length) consecutive tokens of it occurs, consecutively, anywhere in the answer (short answer or
 *   quote). Ten words in a row is a quotation of that clause, not a shared phrase; shorter clauses (a title, a
 *   name) must appear whole.
 * - **Dates** (Agreement, Effective, Expiration Date): the label's m/d/yyyy date named anywhere in the answer, in any
 *   usual form ("July 15, 2005", "15 July 2005", "the 15th day of July, 2005", "2005-07-15", "7/15/2005"); a
 *   redacted day or month ("7/[]/2005") is not compared, and a date blank but for its year ("[]/[]/2015") is named
 *   by that year after a blank ("___________, 2015"), as the contract prints it.
 * - **Parties**: each labelled party (its name without the parenthesised short names) is named when its first two
 *   words occur together; all must be named, but one may be missing when the label lists three or more.
 * - **Periods** (Renewal Term, Notice Period, Warranty Duration): the same length in the short answer ("1 year" =
 *   "12 months"; days compared as days).
 *   Spelled-out numbers are read by the engine's own `NumberWords` (plain arithmetic, not an answer finder).
 * - **Governing law**: the label's place (before any comma) named in the short answer.
 */

export const tokens = (text: string): Array<string> =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token.length > 0)

/** The longest run of a clause required in an answer. */
const runLength = 10

/** Whether `answer` quotes `clause` (see the rule above); pieces split on "<omitted>". */
export const quotesClause = (answer: string, clause: string): boolean => {
  const said = ` ${tokens(answer).join(" ")} `
  return clause.split(/<omitted>/i).some((piece) => {
    const words = tokens(piece)
    if (words.length === 0) return false
    const k = Math.min(runLength, words.length)
    for (let i = 0; i + k <= words.length; i++) {
      if (said.includes(` ${words.slice(i, i + k).join(" ")} `)) return true
    }
    return false
  })
}

const monthNames = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december"
]
const monthOf = (name: string) => monthNames.findIndex((month) => name.toLowerCase().startsWith(month.slice(0, 3))) + 1

interface Day {
  readonly year: number
  readonly month: number
  readonly day: number
}

const monthWord = "(jan\\w*|feb\\w*|mar\\w*|apr\\w*|may|jun\\w*|jul\\w*|aug\\w*|sep\\w*|oct\\w*|nov\\w*|dec\\w*)\\.?"

const datePatterns: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => Day]> = [
  [
    new RegExp(`\\b${monthWord}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})`, "gi"),
    (m) => ({ month: monthOf(m[1] ?? ""), day: Number(m[2]), year: Number(m[3]) })
  ],
  [
    new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:day\\s+of\\s+)?${monthWord},?\\s+(\\d{4})`, "gi"),
    (m) => ({ month: monthOf(m[2] ?? ""), day: Number(m[1]), year: Number(m[3]) })
  ],
  [/\b(\d{4})-(\d{2})-(\d{2})\b/g, (m) => ({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) })],
  [/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g, (m) => ({ month: Number(m[1]), day: Number(m[2]), year: Number(m[3]) })]
]

const datesIn = (text: string): Array<Day> =>
  datePatterns.flatMap(([pattern, read]) => [...text.matchAll(pattern)].map((m) => read(m as RegExpExecArray)))

/** A date left blank but for its year, as a form prints it: "___________, 2015", "[●], 2020". */
const blankWithYear = /(?:_{2,}[\s_]*|\[\s*[●•*_]*\s*\]\s*),?\s*((?:19|20)\d{2})\b/g

/**
 * CUAD's m/d/yyyy (d/m/yyyy when the first part cannot be a month); "[]" leaves a part out. A label whose day and
 * month are both left out ("[]/[]/2015") is also named by the year after a blank ("___________, 2015").
 */
export const namesDate = (answer: string, label: string): boolean => {
  const [a, b, y] = label.split("/").map((part) => (/^\s*\d+\s*$/.test(part) ? Number(part) : undefined))
  if (y === undefined) return false
  if (a === undefined && b === undefined && [...answer.matchAll(blankWithYear)].some((m) => Number(m[1]) === y)) {
    return true
  }
  const [month, day] = a !== undefined && a > 12 ? [b, a] : [a, b]
  return datesIn(answer).some(
    (found) =>
      found.year === y && (month === undefined || found.month === month) && (day === undefined || found.day === day)
  )
}

/** Every labelled party named (one may be missing among three or more). */
export const namesParties = (answer: string, label: string): boolean => {
  const said = ` ${tokens(answer).join(" ")} `
  const names = label
    .split(";")
    .map((name) => tokens(name.replace(/\([^)]*\)?/g, " ")))
    .filter((words) => words.length > 0)
  if (names.length === 0) return false
  const named = names.filter((words) => said.includes(` ${words.slice(0, 2).join(" ")} `)).length
  return named >= names.length - (names.length >= 3 ? 1 : 0)
}

/** A period as days (months as 30, years as 365), the first one stated; numbers in digits or in words. */
const periodPattern = new RegExp(
  `\\b(\\d+|${numberWordsSource})[\\s-]*(?:\\(\\d+\\)\\s*)?(?:calendar\\s+|business\\s+)?(day|week|month|year)s?\\b`,
  "i"
)

const periodDays = (text: string): number | undefined => {
  const m = periodPattern.exec(text)
  if (m === null) return undefined
  const n = /^\d+$/.test(m[1] ?? "") ? Number(m[1]) : (parseNumberWords(m[1] ?? "") ?? Number.NaN)
  const unit = (m[2] ?? "").toLowerCase()
  return n * (unit === "year" ? 365 : unit === "month" ? 30 : unit === "week" ? 7 : 1)
}

/** The same length of time ("1 year" = "12 months" = "365 days"). */
export const samePeriod = (short: string, label: string): boolean => {
  const want = periodDays(label)
  const got = periodDays(short)
  return want !== undefined && got !== undefined && Math.abs(want - got) <= Math.max(1, want * 0.02)
}

/** The label's place, before any comma ("Ontario, Canada" → "Ontario"), named in the short answer. */
export const namesPlace = (short: string, label: string): boolean => {
  const place = tokens(label.split(/[,;]/)[0] ?? label).join(" ")
  return place.length > 0 && ` ${tokens(short).join(" ")} `.includes(` ${place} `)
}
