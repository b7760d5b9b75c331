import { matchSpans, type Span, withoutOverlaps } from "./Span.js"

const name = "\\p{Lu}[\\p{L}.'’-]*"
const place = `${name}(?:\\s+(?:(?:of|and|the|de|du)\\s+)?${name}){0,4}`
const placeWithRegion = `${place}(?:,\\s+${place})?`
/** "the State of New York", and "the laws of the state of Israel" as some contracts write it. */
const polityWord =
  "(?:[Ss]tate|[Cc]ommonwealth|[Pp]rovince|[Rr]epublic|[Kk]ingdom|[Cc]anton|[Ff]ederal\\s+[Rr]epublic|[Ee]mirate|[Tt]erritory|[Dd]istrict|[Pp]eople's\\s+[Rr]epublic)"
const polity = `(?:(?:the\\s+)?${polityWord}\\s+of\\s+)?`
const laws = "(?:laws?|legislation)(?:\\s+(?:and|or)\\s+[\\p{L}-]+)?"

const lawPatterns: ReadonlyArray<RegExp> = [
  new RegExp(`\\b${laws}\\s+(?:in\\s+force\\s+in|of|prevailing\\s+in)\\s+(?:the\\s+)?${polity}(${place})`, "gu"),
  new RegExp(
    `\\b(?:governed\\s+by|(?:construed|interpreted)\\s+(?:in\\s+accordance\\s+with|under))\\s+(?:and\\s+(?:construed|interpreted)\\s+(?:in\\s+accordance\\s+with|under)\\s+)?(?:the\\s+)?(${place})\\s+law`,
    "gu"
  ),
  new RegExp(`\\b(${place})\\s+law\\s+(?:shall\\s+|will\\s+)?governs?\\b`, "gu")
]

/** "accepted in the State of Nevada and governed by the laws thereof": the polity named elsewhere in the clause. */
const statedPolity = new RegExp(`\\b${polityWord}\\s+of\\s+(${place})`, "gu")
const governedThereof = /\bgovern\w*\b[^.]*\b(?:laws?\s+(?:thereof|of\s+(?:such|that|said)\s+state)|its\s+laws)\b/i

const venuePatterns: ReadonlyArray<RegExp> = [
  new RegExp(
    `\\bcourts?\\s+(?:(?:of|in|located\\s+in|sitting\\s+in|situated\\s+in|for|within)\\s+)(?:the\\s+)?(?:(?:State|County|City|Borough|Province|Commonwealth)\\s+of\\s+)?(${placeWithRegion})`,
    "gu"
  ),
  new RegExp(
    `\\b(?:arbitration|venue|proceedings?)\\s+(?:shall\\s+|will\\s+)?(?:be\\s+)?(?:held\\s+|conducted\\s+|seated\\s+|located\\s+|take\\s+place\\s+)?in\\s+(${placeWithRegion})`,
    "gu"
  ),
  new RegExp(
    `\\bseat\\s+(?:of\\s+(?:the\\s+)?arbitration\\s+)?(?:shall\\s+|will\\s+)?be\\s+(${placeWithRegion})`,
    "gu"
  ),
  // "China International Economic and Trade Arbitration Commission (CIETAC) Shanghai Sub-Commission": its seat.
  new RegExp(
    `\\barbitration\\s+(?:Commission|Cent(?:re|er))\\s*(?:\\(\\p{L}{2,10}\\)\\s*)?(${place})\\s+(?:Sub-?\\s*Commission|Branch)\\b`,
    "gu"
  ),
  // "binding arbitration administered by JAMS in Boston, Massachusetts"
  new RegExp(`\\barbitration\\s+(?:administered|conducted)\\s+by\\s+[^.;,]{2,60}?\\s+in\\s+(${placeWithRegion})`, "gu")
]

/** Words a capitalised run may start with that are not a place ("the laws of This Agreement"). */
const notPlaces = new Set(["This", "Such", "Any", "The", "Agreement", "Section", "Article", "United"])

/** "English law" names England: adjectives of the jurisdictions contracts most often choose. */
const jurisdictions: Record<string, string> = {
  English: "England",
  Scottish: "Scotland",
  Irish: "Ireland",
  German: "Germany",
  French: "France",
  Swiss: "Switzerland",
  Dutch: "the Netherlands",
  Italian: "Italy",
  Spanish: "Spain",
  Swedish: "Sweden",
  Canadian: "Canada",
  Israeli: "Israel",
  Japanese: "Japan",
  Chinese: "China",
  Indian: "India",
  Australian: "Australia",
  Singaporean: "Singapore"
}

const clean = (m: RegExpExecArray): string | undefined => {
  const text = (m[1] ?? "").replace(/[.,]+$/, "").trim()
  const first = text.split(/\s+/)[0] ?? ""
  const united = text.startsWith("United States") || text.startsWith("United Kingdom")
  if (text.length < 2 || (notPlaces.has(first) && !united)) return undefined
  return jurisdictions[text] ?? text
}

/** Keywords the patterns spell in lower case, and the words that join a place name. */
const keywords = new Set(
  (
    "laws law legislation of the in by and or with under accordance governed construed interpreted shall will be " +
    "force prevailing courts court located sitting situated for within arbitration venue proceeding proceedings held " +
    "conducted seated take place seat thereof its internal exclusive exclusively applicable de du govern governs"
  ).split(" ")
)

/**
 * Lets the patterns read "LAWS OF THE STATE OF NEW YORK" and "Laws of England": keywords go to lower case and
 * other all-capital words to title case. Lengths are unchanged, so spans line up with the original text.
 */
const normalise = (text: string): string =>
  text.replace(/[\p{L}'’]+/gu, (word) => {
    const lower = word.toLowerCase()
    if (keywords.has(lower)) return lower
    return word.length > 1 && word === word.toUpperCase() ? word[0] + lower.slice(1) : word
  })

const placeSpans = (text: string, patterns: ReadonlyArray<RegExp>): Array<Span> => {
  const normalised = normalise(text)
  return withoutOverlaps(patterns.flatMap((pattern) => matchSpans(normalised, pattern, clean)))
}

/** The jurisdiction whose law governs: "laws of the State of New York" → "New York", "English law" → "England". */
export const findGoverningLaw = (text: string): Array<Span> => {
  const stated = placeSpans(text, lawPatterns)
  // "the laws of the United States to the extent applicable and, to the extent not governed by federal law, by the
  // laws of the State of Illinois": the state's law is the contract's; federal law applies where it does anyway.
  if (stated.length > 1)
    return [...stated.filter((span) => !federal.test(span.text)), ...stated.filter((span) => federal.test(span.text))]
  if (stated.length > 0 || !governedThereof.test(text)) return stated
  return placeSpans(text, [statedPolity])
}

const federal = /^(?:the\s+)?United\s+States(?:\s+of\s+America)?$/i

/** Where disputes go: "courts located in New York County, New York", "arbitration seated in London". */
export const findVenue = (text: string): Array<Span> => placeSpans(text, venuePatterns)
