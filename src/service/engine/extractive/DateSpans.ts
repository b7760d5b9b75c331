import { numberWordsSource, parseNumberWords } from "./NumberWords.js"
import { matchSpans, type Span, withoutOverlaps } from "./Span.js"

/** English month names, January first: dates are read and written with them. */
export const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December"
]

const month =
  "(Jan(?:uary|\\.)?|Feb(?:ruary|\\.)?|Mar(?:ch|\\.)?|Apr(?:il|\\.)?|May|June?|July?|Aug(?:ust|\\.)?|Sep(?:tember|t\\.?|\\.)?|Oct(?:ober|\\.)?|Nov(?:ember|\\.)?|Dec(?:ember|\\.)?)"
// "14th", and "14t h" as some PDF text layers split it
const day = "(\\d{1,2})(?:st|nd|rd|th|s\\s?t|n\\s?d|r\\s?d|t\\s?h)?"
const year = "((?:19|20)\\d{2})"
// "the 1st day of July, A.D. 2005": the era before the year
const era = "(?:A\\.\\s?D\\.\\s*)?"

/** "first" … "thirty-first": a day of the month in words. */
const dayWords = [
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
  "eleventh",
  "twelfth",
  "thirteenth",
  "fourteenth",
  "fifteenth",
  "sixteenth",
  "seventeenth",
  "eighteenth",
  "nineteenth",
  "twentieth"
]
const ordinalDays = [...dayWords, ...dayWords.slice(0, 9).map((word) => `twenty-${word}`), "thirtieth", "thirty-first"]
// Longest first, so that "twenty-first" is not read as "first".
const dayInWords = `(${[...ordinalDays].sort((a, b) => b.length - a.length).join("|")})`

const monthNumber = (name: string): number | undefined => {
  const prefix = name.slice(0, 3).toLowerCase()
  const index = monthNames.findIndex((full) => full.slice(0, 3).toLowerCase() === prefix)
  return index < 0 ? undefined : index + 1
}

/** "Month D, YYYY" when the parts make a real date, else undefined. */
export const formatDate = (y: number, m: number, d: number): string | undefined => {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2100) return undefined
  return `${monthNames[m - 1]} ${d}, ${y}`
}

/** A year in words: "two thousand twenty-two", "nineteen hundred and ninety-nine" (read by `parseNumberWords`). */
const yearInWords = `((?=two\\s+thousand|nineteen\\s+hundred)${numberWordsSource})`

const patterns: ReadonlyArray<readonly [RegExp, (match: RegExpExecArray) => string | undefined]> = [
  // March 1, 2024 · Mar. 1st 2024
  [
    new RegExp(`\\b${month}\\s+${day}\\s*,?\\s+${era}${year}\\b`, "gi"),
    (m) => formatDate(Number(m[3]), monthNumber(m[1] ?? "") ?? 0, Number(m[2]))
  ],
  // 15 January 2024 · the 1st day of February, 2020 · this 3rd day of March 2023 · the 1st of April, 2013
  [
    new RegExp(`\\b${day},?\\s+(?:(?:day\\s+)?of\\s+)?${month}\\s*,?\\s+${era}${year}\\b`, "gi"),
    (m) => formatDate(Number(m[3]), monthNumber(m[2] ?? "") ?? 0, Number(m[1]))
  ],
  // the first (1st) day of March, 2022 · the thirty-first day of July, 2027
  [
    new RegExp(
      `\\b${dayInWords}\\s+(?:\\(\\d{1,2}(?:st|nd|rd|th)?\\)\\s+)?day\\s+of\\s+${month}\\s*,?\\s+${era}${year}\\b`,
      "gi"
    ),
    (m) => formatDate(Number(m[3]), monthNumber(m[2] ?? "") ?? 0, ordinalDays.indexOf((m[1] ?? "").toLowerCase()) + 1)
  ],
  // the fourteenth day of March, two thousand twenty-two · the 1st day of February, two thousand and twenty-one
  [
    new RegExp(
      `\\b(?:${dayInWords}|${day})\\s+(?:\\(\\d{1,2}(?:st|nd|rd|th)?\\)\\s+)?day\\s+of\\s+${month}\\s*,?\\s+${yearInWords}`,
      "gi"
    ),
    (m) => {
      const dayOfMonth = m[1] !== undefined ? ordinalDays.indexOf(m[1].toLowerCase()) + 1 : Number(m[2])
      return formatDate(parseNumberWords(m[4] ?? "") ?? 0, monthNumber(m[3] ?? "") ?? 0, dayOfMonth)
    }
  ],
  // 2024-03-01
  [/\b((?:19|20)\d{2})-(\d{1,2})-(\d{1,2})\b/g, (m) => formatDate(Number(m[1]), Number(m[2]), Number(m[3]))],
  // 03/01/2024 · 3/1/24 (US order unless the first part cannot be a month) · 01.03.2024 (day first)
  [
    /\b(\d{1,2})\/(\d{1,2})\/((?:19|20)?\d{2})\b/g,
    (m) => {
      const a = Number(m[1])
      const b = Number(m[2])
      const y = (m[3] ?? "").length === 2 ? 2000 + Number(m[3]) : Number(m[3])
      return a > 12 ? formatDate(y, b, a) : formatDate(y, a, b)
    }
  ],
  [/\b(\d{1,2})\.(\d{1,2})\.((?:19|20)\d{2})\b/g, (m) => formatDate(Number(m[3]), Number(m[2]), Number(m[1]))],
  // March 2024 · ____ day of March, 2024
  [new RegExp(`\\b${month},?\\s+${year}\\b`, "gi"), (m) => `${monthNames[(monthNumber(m[1] ?? "") ?? 1) - 1]} ${m[2]}`],
  // Forms with the day or month left blank: "April ____, 2003", "this ____ day of ________, 2000", "______ __, 2000"
  [new RegExp(`\\b${month}\\s+_{2,}\\s*,?\\s*${year}\\b`, "gi"), (m) => m[0].replace(/\s+/g, " ")],
  [new RegExp(`_{2,}\\s+day\\s+of\\s+(?:_{2,}|${month})\\s*,?\\s*${year}\\b`, "gi"), (m) => m[0].replace(/\s+/g, " ")],
  [new RegExp(`_{2,}\\s+_+\\s*,\\s*${year}\\b`, "g"), (m) => m[0].replace(/\s+/g, " ")],
  // the first day of each month · the 5th business day of each calendar month
  [
    /\b(?:the\s+)?(?:first|last|\d{1,2}(?:st|nd|rd|th)?)\s+(?:business\s+|calendar\s+)?day\s+of\s+(?:each|every)\s+(?:calendar\s+)?(?:month|quarter|year)\b/gi,
    (m) => m[0]
  ]
]

/** Dates in a sentence, normalised to "Month D, YYYY" where day, month and year are all given. */
export const findDates = (text: string): Array<Span> =>
  withoutOverlaps(patterns.flatMap(([pattern, toText]) => matchSpans(text, pattern, toText)))

/**
 * A date a form leaves blank, its year perhaps filled in: "___________, 2015", "[●]", "____ day of ________, 20__".
 * A pattern source, for the patterns that read where a document gives its own date.
 */
export const blankDateSource =
  "(?:_{2,}|\\[\\s*[●•*_]*\\s*\\])(?:[\\s,]*(?:day\\s+of\\s+)?(?:_{2,}|\\[\\s*[●•*_]*\\s*\\]))*(?:,?\\s*(?:19|20)[\\d_]{2})?"

/** The answer for a date left blank, quoting the blank as the form prints it. */
export const blankDateAnswer = (blank: string): string => `No date is filled in (the form reads "${blank.trim()}")`
