import { stemmer } from "stemmer"

/** Common English function words plus question words: they carry no evidence about where an answer is. */
const stopWords: ReadonlySet<string> = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between both " +
    "but by can could did do does doing down during each few for from further had has have having he her here hers " +
    "herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on " +
    "once only or other our ours ourselves out over own same she should so some such than that the their theirs them " +
    "themselves then there these they this those through to too under up very was we were what when where " +
    "which while who whom why will with would you your yours yourself yourselves shall may might must also " +
    "per upon within whether hereby herein hereof hereto thereof therein thereto tell give list show please s t " +
    "happen happens happened"
  ).split(" ")
)

/**
 * Words Porter stems too far or apart from their base: "monthly" must meet "month", and "competent" must not
 * meet "compete".
 */
const fixedStems: ReadonlyMap<string, string> = new Map([
  ["monthly", "month"],
  ["yearly", "year"],
  ["annually", "annual"],
  ["quarterly", "quarter"],
  ["weekly", "week"],
  ["daily", "dai"],
  ["hourly", "hour"],
  ["expiry", "expir"],
  ["grew", "grow"],
  ["grown", "grow"],
  ["paid", "pai"],
  ["sold", "sell"],
  ["began", "begin"],
  ["begun", "begin"],
  ["rose", "rise"],
  ["risen", "rise"],
  ["fell", "fall"],
  ["fallen", "fall"],
  ["spent", "spend"],
  ["bought", "bui"],
  ["drove", "drive"],
  ["driven", "drive"],
  ["held", "hold"],
  ["gave", "give"],
  ["given", "give"],
  ["took", "take"],
  ["taken", "take"],
  ["made", "make"],
  ["led", "lead"],
  ["kept", "keep"],
  ["competent", "competent"],
  ["competence", "competent"],
  ["competency", "competent"],
  ["incompetent", "competent"]
])

const nonWord = /\b(?:non[-\s]|sub-)/
const dueTo = /\bdue\s+to\b/
/**
 * "Enjoined due to any claim": "due to" meaning "because of", which is no payment falling due. It stays "due" after
 * what is owed ("amounts due to Supplier", "fees then due to") and after a verb that may mean either ("is due to").
 */
const causalDueTo =
  /(?<!\b(?:amounts?|sums?|fees?|monies|moneys|payments?|balances?|royalt(?:y|ies)|compensation|charges?|expenses|costs|interest|anything|nothing|payable|owing|owed|become|becomes|became|becoming|then|is|are|was|were|be|been|being|remains?|remaining|outstanding|and|or)\s+)\bdue\s+to\b/g
const nonPrefix = /\b(non)[-\s](?=\p{L}{3})|\b(sub)-(?=\p{L}{3})/gu

/**
 * Splits text into lower-case word tokens (letters and digits); punctuation and symbols separate tokens. A "non-"
 * prefix stays on its word ("non-compete" → "noncompete"), so that it is not a stray "non" plus "compete"; so does a
 * "sub-" ("sub-licence" → "sublicence", as a question's "sublicense" reads).
 */
export const tokenize = (text: string): Array<string> => {
  const lower = text.toLowerCase()
  // Few passages have a "non-" word: a plain search for one first spares the Unicode pattern's scan of the rest.
  const joined = nonWord.test(lower) ? lower.replace(nonPrefix, "$1$2") : lower
  return (dueTo.test(joined) ? joined.replace(causalDueTo, "because of") : joined).split(/[^\p{L}\p{N}]+/u)
}

/**
 * British spellings read as American ones, so that "licence" meets "license" and "most favoured" meets "most
 * favored" in either the question or the document.
 */
const britishSpelling =
  /^((?:sub)?licen)c(e|es|ed|ing|ee|ees)$|^(fav|hon|lab|behavi|col)our(s|ed|ing|able|ably|ite|ites)?$/
const american = (term: string): string =>
  term.replace(britishSpelling, (_, licen?: string, licenceEnd?: string, stem?: string, end?: string) =>
    licen !== undefined ? `${licen}s${licenceEnd ?? ""}` : `${stem ?? ""}or${end ?? ""}`
  )

/** Normalises one token: stop words and stray letters drop out (null), the rest is Porter-stemmed. */
const normalise = (token: string): string | null => {
  const term = american(token.toLowerCase())
  if (term.length === 0 || stopWords.has(term)) return null
  if (/^\p{N}+$/u.test(term)) return term
  if (term.length === 1) return null
  return fixedStems.get(term) ?? stemmer(term)
}

/**
 * Tokens already normalised: documents share most of their words, and working each one out again (Porter's suffix
 * rules are a dozen regular expressions a word) was a fifth of building a long document's index. Emptied when
 * full, so a service that reads many documents keeps it bounded.
 */
const normalised = new Map<string, string | null>()
const normalisedKept = 100_000

/** Normalises one token for the index: stop words and stray letters drop out (null), the rest is Porter-stemmed. */
export const processTerm = (token: string): string | null => {
  const known = normalised.get(token)
  if (known !== undefined) return known
  if (normalised.size >= normalisedKept) normalised.clear()
  const made = normalise(token)
  normalised.set(token, made)
  return made
}

/** Tokens of `text` after `processTerm`, in order, duplicates kept. */
export const terms = (text: string): Array<string> => {
  const out: Array<string> = []
  for (const token of tokenize(text)) {
    const term = processTerm(token)
    if (term !== null) out.push(term)
  }
  return out
}

/** The stem `processTerm` gives a single word, for building term tables in code. */
export const stem = (word: string): string => processTerm(word) ?? word.toLowerCase()
