import type { EngineDocument } from "../AnswerEngine.js"
import { blankDateAnswer, blankDateSource, findDates, monthNames } from "./DateSpans.js"
import type { Found } from "./Found.js"
import { type IndexedPassage, type PassageIndex, passagesOf } from "./PassageIndex.js"
import { quotedAt } from "./Ranking.js"

/**
 * "What is the date of the letter?", "When was the agreement signed?": the document's own date, given at its top
 * (a letter's date line, a contract's "dated as of …" or "made this … day of …").
 */
export const documentDateQuestion =
  /\b(?:(?:date\s+of|dated\s+date\s+of)\s+(?:the|this)\s+(?:letter|notice|memo|memorandum|report|release|press\s+release|document|agreement|contract|lease|amendment|license|licence)|(?:agreement|contract|letter|signing|execution)\s+date|when\s+was\s+(?:the|this)\s+(?:\w+\s+)?(?:letter|notice|memo|report|release|document|agreement|contract|lease|amendment)\s+(?:sent|written|dated|issued|published|signed|executed|made|entered\s+into|concluded))\b/i

/** Words that introduce a document's own date rather than some other date it mentions. */
const ownDate =
  /\b(?:dated|made|entered\s+into|executed|as\s+of|effective|this|date:?)(?:\s+(?:as\s+of|on|the|this|effect|and|entered|into|made))*\s*$/i

/** A date as a deadline or another document's date, not the document's own ("on or before March 28, 2008"). */
const otherDate =
  /\b(?:before|after|by|until|through|within|later\s+than|prior\s+to|following|since|amended|(?:agreement|amendment|letter|plan|notice),?\s+dated)\s*(?:as\s+of\s+|on\s+)?(?:the\s+)?$/i
/** A signature's date: "Date: 3/21/08" (not "Issue Date:"), a place and date line ("Rome, 2 April 2020"). */
const signedDate =
  /(?:(?<!\b(?:Issue|Expiry|Expiration|Effective|Closing|Due|Start|End|Delivery|Payment|Maturity|Termination|Commencement|Record|Filing)\s)\bDated?\s*:\s*|(?:^|\n)\s*\p{Lu}[\p{L}/ .-]{1,40},\s*)$/u
/** …or any date in a signature block, after "By:" or "/s/". */
const signatureBlock = /\bBy\s*:|\/s\//

/** A day and month with no year, given as the document's own date: "made this 30th day of April". */
const yearlessOwn = new RegExp(
  `\\b(?:made|dated|entered\\s+into|executed)\\s+(?:as\\s+of\\s+|on\\s+)?(?:this\\s+|the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?\\s+day\\s+of\\s+(${monthNames.join("|")})\\b(?!,?\\s*\\d{4})`,
  "i"
)

/** A form's own date left blank: "dated as of [●]", "made this ____ day of ________, 20__", "dated ___________, 2015". */
const blankOwn = new RegExp(
  `\\b(?:dated|made|entered\\s+into|executed)\\s+(?:as\\s+of\\s+|on\\s+)?(?:this\\s+|the\\s+)?(${blankDateSource})`,
  "i"
)

/** "dated as of [●]" at the top: the date is left blank, and the answer says so. */
const blankDate = (entries: ReadonlyArray<IndexedPassage>): Found | undefined => {
  for (const entry of entries) {
    const m = blankOwn.exec(entry.passage.text)
    if (m === null) continue
    const at = m.index + m[0].length - (m[1]?.length ?? 0)
    return {
      short: blankDateAnswer(m[1] ?? ""),
      sentence: quotedAt(entry, at),
      at: 0
    }
  }
  return undefined
}

interface Dated {
  readonly entry: IndexedPassage
  readonly span: { readonly text: string; readonly start: number }
}

const before = ({ entry, span }: Dated, length: number) =>
  entry.passage.text.slice(Math.max(0, span.start - length), span.start)

const dayOf = (text: string) => {
  const time = Date.parse(text)
  return Number.isNaN(time) ? 0 : time
}

/** The latest date the signatures give (a contract binds from its last signature), when they give any. */
const signatureDate = (index: PassageIndex, document: EngineDocument): Dated | undefined =>
  passagesOf(index, document)
    .flatMap((entry) => findDates(entry.passage.text).map((span) => ({ entry, span })))
    .filter(
      (dated) =>
        /\d{4}$/.test(dated.span.text) &&
        (signedDate.test(before(dated, 80)) || signatureBlock.test(before(dated, 300)))
    )
    .reduce<Dated | undefined>(
      (latest, dated) => (latest === undefined || dayOf(dated.span.text) > dayOf(latest.span.text) ? dated : latest),
      undefined
    )

/** "made this 30th day of April" at the top: the day and month, said to have no year. */
const yearlessDate = (entries: ReadonlyArray<IndexedPassage>): Found | undefined => {
  for (const entry of entries) {
    const m = yearlessOwn.exec(entry.passage.text)
    if (m === null) continue
    const at = m.index + m[0].length - (m[2]?.length ?? 0)
    return { short: `${m[2]} ${m[1]} (no year stated)`, sentence: quotedAt(entry, at), at: 0 }
  }
  return undefined
}

/**
 * The date the document gives itself. At its top (its first passages): a date on a line of its own (a letter's
 * date line), else the first one introduced as the document's own ("dated", "made this", "entered into on"), never
 * a deadline or another document's date ("the Supply Agreement dated …"); else a day and month without a year
 * introduced so; else the latest date its signatures give; else, for a form whose own date is left blank ("dated as of
 * [●]"), that it is blank; else the first complete date at the top that is not a deadline, else the first with a
 * blank day or month.
 */
export const answerDocumentDate = (
  index: PassageIndex,
  document: EngineDocument,
  asksSigning = false
): Found | undefined => {
  // "When was it signed?": the date its signatures give, when they give one (an agreement "made as of" the first of
  // the month may be signed before it).
  const signedFirst = asksSigning ? signatureDate(index, document) : undefined
  if (signedFirst !== undefined) return found(signedFirst)
  const top = index.opening(document.id, 3)
  const dates = top
    .flatMap((entry) => findDates(entry.passage.text).map((span) => ({ entry, span })))
    .filter(({ span }) => /\d{4}$/.test(span.text))
  // A date in a signature block ("By: /s/ … Date: …") is a signature's, not the top's, even in a short document.
  const own = dates.filter((dated) => !otherDate.test(before(dated, 40)) && !signatureBlock.test(before(dated, 300)))
  const dateLine = own.find(({ entry, span }) => {
    const text = entry.passage.text
    const lineStart = text.lastIndexOf("\n", span.start) + 1
    const lineEnd = text.indexOf("\n", span.start)
    return text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd).trim().length <= span.text.length + 12
  })
  const introduced = own.find((dated) => ownDate.test(before(dated, 40)))
  const chosen = dateLine ?? introduced
  if (chosen !== undefined) return found(chosen)
  const yearless = yearlessDate(top)
  if (yearless !== undefined) return yearless
  const signed = signatureDate(index, document)
  if (signed !== undefined) return found(signed)
  const blank = blankDate(top)
  if (blank !== undefined) return blank
  const fallback = own.find(({ span }) => /\d,/.test(span.text)) ?? own[0] ?? dates[0]
  return fallback === undefined ? undefined : found(fallback)
}

const found = ({ entry, span }: Dated): Found => ({
  short: span.text,
  sentence: quotedAt(entry, span.start)
})
