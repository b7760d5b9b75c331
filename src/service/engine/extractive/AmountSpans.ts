import { findDates } from "./DateSpans.js"
import { numberWordsSource, parseNumberWords } from "./NumberWords.js"
import { matchSpans, type Span, withoutOverlaps } from "./Span.js"

const amount = "\\d{1,3}(?:,\\d{3})+(?:\\.\\d{1,2})?|\\d+(?:\\.\\d+)?"
const scale = "(?:\\s?(?:million|billion|thousand|bn|mm|[MBK])\\b)?"
const currency = "(?:US\\$|U\\.S\\.\\s?\\$|USD|C\\$|CDN\\$|CAD|A\\$|AUD|\\$|€|EUR|£|GBP|CHF|¥|JPY)"
const range = (value: string) => `(?:\\s?(?:-|–|to)\\s?${value})?`
const per =
  "(?:\\s?(?:per|/|a|an|each)\\s?(?:(?:calendar|named|active|rentable|additional)\\s)?(?:month|year|annum|hour|unit|user|seat|share|day|week|quarter|license|licence|square\\s+foot|sq\\.?\\s?ft\\.?|employee|order|kilogram|kg|page|transaction|occurrence|claim)s?\\b)?"

const moneyPatterns = [
  new RegExp(`${currency}\\s?(?:${amount})${range(`${currency}?\\s?(?:${amount})`)}${scale}${per}`, "g"),
  // Not the cents of "Ten Thousand and NO/100 Dollars ($10,000)": the amount is the one in brackets.
  new RegExp(`(?<![\\w/.,])(?:${amount})${scale}\\s?(?:dollars|euros|pounds|USD|EUR|GBP|CAD)\\b${per}`, "gi")
]

const tidy = (text: string) => text.replace(/\s+/g, " ").trim()

/** Money amounts with their currency, a range or scale word, and a "per month" style rate when written. */
export const findMoney = (text: string): Array<Span> =>
  withoutOverlaps(
    moneyPatterns.flatMap((pattern) =>
      matchSpans(text, pattern, (m) => (/\d/.test(m[0]) && !/^[A-Z$€£¥]+\s?0$/.test(m[0]) ? tidy(m[0]) : undefined))
    )
  )

const percentPattern = new RegExp(
  `\\b(\\d+(?:\\.\\d+)?)${range("\\d+(?:\\.\\d+)?")}\\s?(?:%|percentage\\s+points?\\b|percent\\b|per\\s?cent\\b)(?:\\s+per\\s+(?:month|annum|year|quarter))?`,
  "gi"
)
const percentWordsPattern = new RegExp(`\\b(${numberWordsSource})\\s+(?:percent|per\\s?cent)\\b`, "gi")

/** Percentages, "15 percent" shown as "15%", with a "per month" style rate kept. */
export const findPercentages = (text: string): Array<Span> =>
  withoutOverlaps([
    ...matchSpans(text, percentPattern, (m) =>
      /points?$/i.test(m[0]) ? tidy(m[0]) : tidy(m[0]).replace(/\s?(?:percent|per\s?cent)/i, "%")
    ),
    ...matchSpans(text, percentWordsPattern, (m) => {
      // "zero point zero five percent (0.05%)": the words after a decimal point are no whole number.
      if (/\bpoint\s+(?:[a-z-]+\s+){0,3}$/i.test(text.slice(Math.max(0, m.index - 40), m.index))) return undefined
      const value = parseNumberWords(m[1] ?? "")
      return value === undefined ? undefined : `${value}%`
    })
  ])

/** "one or more", "one and the same", "one another", "any one of": "one" that counts nothing. */
const oneIdiom = /^\s+(?:or\s+more|and\s+the\s+same|another|of\b)/i
const oneAsIdiom = (m: RegExpExecArray): boolean =>
  /^one$/i.test(m[1] ?? "") &&
  (oneIdiom.test(m.input.slice(m.index + m[0].length)) ||
    /\b(?:any|no|each|every)\s+$/i.test(m.input.slice(0, m.index)))

const numberPatterns: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => string | undefined]> = [
  // two hundred (200) · thirty-five (35)
  [new RegExp(`\\b(?:${numberWordsSource})\\s*\\((\\d[\\d,]*)\\)`, "gi"), (m) => m[1]],
  [/(?<![\w.,$€£/-])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\w%/-]|[.,]\d)/g, (m) => m[1]],
  [
    new RegExp(`\\b(${numberWordsSource})\\b`, "gi"),
    (m) => (oneAsIdiom(m) ? undefined : String(parseNumberWords(m[1] ?? "") ?? ""))
  ]
]

const reference =
  /(?:Section|Sections|§|Article|Clause|Exhibit|Schedule|Annex|No\.|Nos\.|paragraph|Item|Suite|Rule|page|p\.|#)\s*$/i

/**
 * Plain counts and quantities, not part of a date, amount, percentage or section reference. When `isUnit` accepts
 * one of the next three words, the span runs to it ("250,000 units").
 */
export const findNumbers = (text: string, isUnit: (word: string) => boolean = () => false): Array<Span> => {
  const taken = [...findDates(text), ...findMoney(text), ...findPercentages(text)]
  const spans = numberPatterns.flatMap(([pattern, toText]) => matchSpans(text, pattern, toText))
  return withoutOverlaps(
    spans.filter(
      (span) =>
        span.text.length > 0 &&
        !taken.some((other) => span.start < other.end && other.start < span.end) &&
        !reference.test(text.slice(Math.max(0, span.start - 12), span.start)) &&
        !/^\s*\(?(?:U\.S\.\s+)?(?:dollars|percent|per\s?cent)\b/i.test(text.slice(span.end))
    )
  ).map((span) => withUnit(text, span, isUnit))
}

const withUnit = (text: string, span: Span, isUnit: (word: string) => boolean): Span => {
  const after = /^\)?((?:\s+[\p{L}-]+){1,3})/u.exec(text.slice(span.end))
  const words = (after?.[1] ?? "").trim().split(/\s+/)
  const at = words.findIndex(isUnit)
  if (at < 0) return span
  const unit = words.slice(0, at + 1).join(" ")
  const end = text.indexOf(unit, span.end) + unit.length
  return { text: `${span.text} ${unit}`, start: span.start, end }
}
