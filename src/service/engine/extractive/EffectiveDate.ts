import type { EngineDocument } from "../AnswerEngine.js"
import { blankDateAnswer, blankDateSource, findDates, formatDate, monthNames } from "./DateSpans.js"
import { definedDate, namedTerm } from "./DefinedValue.js"
import { answerDocumentDate } from "./DocumentDate.js"
import type { Found } from "./Found.js"
import type { PassageIndex } from "./PassageIndex.js"
import { toRanked } from "./Ranking.js"

/** "When does it take effect?", "Effective date?": when the agreement starts to bind, not when it ends. */
export const effectiveQuestion =
  /\beffective\b|\btakes?\s+effect\b|\b(?:go(?:es)?|comes?)\s+into\s+(?:effect|force)\b|\bin\s+effect\s+from\b/i

/** "Agreement date?", "On what date was it made?": the date the document gives itself. */
export const agreementDateQuestion =
  /\b(?:agreement|contract|execution|signing|signature)\s+date\b|\bdate\s+of\s+(?:(?:this|the)\s+)?(?:agreement|contract|lease|amendment|document)\b|^\s*(?:the\s+)?date\s*\??\s*$|\b(?:made|signed|executed|dated|entered\s+into|concluded)\b/i

/** How a text says the agreement starts to bind: "shall commence", "will take effect", "shall come into force". */
const starts = String.raw`(?:commence|begin|become\s+effective|take\s+effect|come\s+into\s+(?:force|effect)|enter\s+into\s+force)`
/** The same in the present tense: "This Agreement takes effect on the Commencement Date". */
const startsNow = String.raw`(?:commences|begins|becomes\s+effective|takes\s+effect|comes\s+into\s+(?:force|effect)|enters\s+into\s+force)`

/** `1 May 2020 (the "Effective Date")` */
const definedAfter = /^[\s,]*\(\s*(?:the\s+|this\s+|hereinafter\s+)?["“]Effective\s+Date["”]/i
/** `"Effective Date" means May 1, 2020` */
const definedBefore = /["“]Effective\s+Date["”]\s*(?:means|shall\s+mean|is|shall\s+be|:|[-–—])\s*(?:the\s+)?$/i
/** Text that may define the Effective Date, call a date effective or start the term: only such passages are read. */
const mayDefine = new RegExp(
  String.raw`["“]Effective\s+Date["”]|\beffective\s+(?:as\s+of|on|from|date\s+of)\b|\b(?:shall|will)\s+${starts}\b|\b${startsNow}\s+(?:on|as\s+of)\b`,
  "i"
)
/** `The term shall commence on November 1, 2007`, `This Agreement takes effect on January 1, 2022` */
const commencesBefore = new RegExp(
  String.raw`\b(?:(?:shall|will)\s+${starts}|${startsNow})\s+(?:on|as\s+of)\s+(?:the\s+)?$`,
  "i"
)
/** An Effective Date defined without a calendar date ("the date of actual execution")… */
const undatedDefinition =
  /["“]Effective\s+Date["”]\s*(?:means|shall\s+mean|shall\s+be|is)\b|\bshall\s+be\s+(?:the\s+)?["“]Effective\s+Date["”]/i
/** …or a start without one ("shall become effective upon signature"); not one that starts "on the Effective Date". */
const undatedStart = new RegExp(
  String.raw`\b(?:this\s+agreement|the\s+term)\s+shall\s+(?:${starts}|be\s+effective)\b(?!\s+(?:on|as\s+of|from)\s+the\s+effective\s+date)`,
  "i"
)
/** A day and month defined as the Effective Date without a year: `made this 30th day of April (the "Effective Date")`. */
const yearless = new RegExp(
  `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+day\\s+of\\s+(${monthNames.join("|")})(?=${definedAfter.source.slice(1)})`,
  "i"
)
/**
 * An Effective Date left blank in a form: `dated as of ___________, 2015 (the "Effective Date")`, `[●], 2020 (the
 * "Effective Date")`. The blank is the answer; a deadline elsewhere "after the Effective Date or on December 31, 2015"
 * is not.
 */
const blankDefined = new RegExp(`${blankDateSource}(?=${definedAfter.source.slice(1)})`, "i")
/** A start on a date defined elsewhere: "The term of this Agreement shall begin on the Commencement Date". */
const commencesOnNamed = new RegExp(
  String.raw`\b(?:(?:shall|will)\s+${starts}|${startsNow})\s+(?:on|as\s+of)\s+the\s+${namedTerm("Date")}`,
  "u"
)
/** `effective as of May 1, 2020` */
const effectiveBefore = /\beffective\s+(?:as\s+of\s+|on\s+|from\s+|date\s+of\s+)?(?:the\s+)?$/i

/**
 * The date a document names as its Effective Date, read from all of its sentences so that every wording of the
 * question finds the same one: a date defined as the "Effective Date" (or left blank there), else one the text
 * calls effective ("effective as of …"), else the date its term commences on; else, quoted, a definition or start
 * that gives no calendar date ("the date of actual execution"). Only complete dates (with a year).
 */
export const definedEffectiveDate = (index: PassageIndex, document: EngineDocument): Found | undefined => {
  let effective: Found | undefined
  let commences: Found | undefined
  let undated: Found | undefined
  let definition: Found | undefined
  let yearlessDay: Found | undefined
  for (const sentence of index.scan(document.id, (text) => mayDefine.test(text))) {
    const ranked = toRanked(sentence)
    const spans = findDates(sentence.text).filter((span) => /\d{4}/.test(span.text))
    for (const span of spans) {
      const before = sentence.text.slice(Math.max(0, span.start - 60), span.start)
      const after = sentence.text.slice(span.end, span.end + 60)
      if (definedAfter.test(after) || definedBefore.test(before)) {
        return { short: span.text, sentence: ranked, at: span.start }
      }
      if (effective === undefined && effectiveBefore.test(before)) {
        effective = { short: span.text, sentence: ranked, at: span.start }
      }
      if (commences === undefined && commencesBefore.test(before)) {
        commences = { short: span.text, sentence: ranked, at: span.start }
      }
    }
    // "shall begin on the Commencement Date": the date the document defines by that name ("Effective Date" aside,
    // which is what is being looked for).
    const named = commencesOnNamed.exec(sentence.text)?.[1]?.replace(/\s+/g, " ")
    if (named !== undefined && named !== "Effective Date" && commences === undefined) {
      commences = definedDate(index, document, named)
    }
    const blank = spans.length === 0 ? blankDefined.exec(sentence.text) : null
    if (blank !== null) return { short: blankDateAnswer(blank[0]), sentence: ranked, at: blank.index }
    const day = spans.length === 0 ? yearless.exec(sentence.text) : null
    if (day !== null && undefined === yearlessDay) {
      yearlessDay = { short: `${day[2]} ${day[1]} (no year stated)`, sentence: ranked, at: day.index }
    }
    // A definition that gives no date of its own ("means the date on which Helixon pays the Upfront Payment …, which
    // the Parties anticipate will occur on or about October 1, 2019"): quoted, not replaced by the signing date.
    if (undatedDefinition.test(sentence.text)) definition ??= { short: undatedLead, sentence: ranked }
    if (spans.length === 0 && undatedStart.test(sentence.text)) undated ??= { short: undatedLead, sentence: ranked }
  }
  const stated = effective ?? commences ?? yearlessDay
  if (stated !== undefined) return stated
  const undatedFound = definition ?? undated
  return undatedFound === undefined ? undefined : (signedOn(index, document, undatedFound) ?? undatedFound)
}

/** An Effective Date that is the day the agreement was signed ("the date of last signature", "the date hereof"). */
const atSigning =
  /\b(?:date\s+of\s+(?:the\s+|its\s+)?(?:last|final|later\s+of\s+the)?\s*(?:signature|execution)|(?:signature|execution)\s+date|date\s+(?:on\s+which|when)\s+[^.;]{0,80}\b(?:signed|executed)|upon\s+(?:its\s+)?(?:signature|execution|signing)|date\s+first\s+(?:written|set\s+forth|above\s+written)|date\s+hereof)\b/i

/** A day reckoned from the signing rather than the signing itself: "… following the date on which it is executed". */
const countedFromSigning = /\b(?:following|after)\s+the\s+date\s+(?:on\s+which|when|of)\b/i
const monthAfter = /\bfirst\s+day\s+of\s+the\s+(?:first\s+)?(?:full\s+)?(?:calendar\s+)?month\s+(?:following|after)\b/i

/** "June 2, 2014" → "July 1, 2014". */
const firstOfNextMonth = (date: string | undefined): string | undefined => {
  const m = /^(\p{L}+) \d{1,2}, (\d{4})$/u.exec(date ?? "")
  if (m === null) return undefined
  const month = monthNames.indexOf(m[1] ?? "") + 1
  if (month === 0) return undefined
  const year = Number(m[2])
  return month === 12 ? formatDate(year + 1, 1, 1) : formatDate(year, month + 1, 1)
}

/** An undated Effective Date that is the signing date: that date, as the document gives it, with the definition. */
const signedOn = (index: PassageIndex, document: EngineDocument, undated: Found): Found | undefined => {
  if (!atSigning.test(undated.sentence.text)) return undefined
  const signed = answerDocumentDate(index, document)
  if (signed?.short === undefined || findDates(signed.short).length === 0) return undefined
  // A day counted from the signing: "the first day of the first full calendar month following the date on which it
  // has been executed" is the first of the next month; another count is quoted, not given as the signing date.
  if (countedFromSigning.test(undated.sentence.text)) {
    const next = monthAfter.test(undated.sentence.text) ? firstOfNextMonth(findDates(signed.short)[0]?.text) : undefined
    return next === undefined
      ? undefined
      : { ...undated, short: `${next} (the first day of the month after it was signed, ${signed.short})` }
  }
  // "the date first written above" names the opening's date, which is not always the day it was signed.
  const how = /\bdate\s+(?:first\s+(?:written|set\s+forth|above\s+written)|hereof)\b/i.test(undated.sentence.text)
    ? "the date first written above"
    : "the date it was signed"
  return { ...undated, short: `${signed.short} (${how})` }
}

const undatedLead = "No calendar date is stated; it takes effect as follows:"
