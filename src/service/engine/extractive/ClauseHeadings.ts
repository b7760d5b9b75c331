import type { EngineDocument } from "../AnswerEngine.js"
import type { ClauseName } from "./ClauseNames.js"
import type { DocumentSentence } from "./DocumentSentences.js"
import type { PassageIndex } from "./PassageIndex.js"

/**
 * Section headings that name a kind of clause ("7.7. Audits.", "ARTICLE 6 INSURANCE", "Effect of Termination").
 * A contract files its clauses under such headings however it words them, so a heading that names the kind is
 * evidence of it when none of the clause's usual wordings is found (see `ClauseAnswer`). Keyed by clause type name;
 * kinds whose headings also head the opposite ("No Third-Party Beneficiaries", "Non-Exclusivity", "Assignment" over a
 * clause that allows it, "Licenses" over a clause that grants none) or a wider subject ("Termination", "Effect of
 * Termination", which often only says what survives; "Inspection" of goods) have none.
 */
const headings: Partial<Record<ClauseName, RegExp>> = {
  "non-compete": /\bnon-?compet\w*|\bcovenants?\s+not\s+to\s+compete\b|\bcompetitive\s+activities\b/i,
  "non-disparagement": /\bdisparag\w*/i,
  "termination for convenience": /\btermination\s+(?:for\s+convenience|without\s+cause)\b/i,
  "right of first refusal": /\bfirst\s+(?:refusal|offer|negotiation)\b|\bmatching\s+rights?\b/i,
  "change of control": /\bchange\s+(?:of|in)\s+control\b/i,
  "revenue or profit sharing": /\broyalt(?:y|ies)\b|\bcommissions?\b|\b(?:revenue|profit)\s+shar\w*/i,
  "minimum commitment": /\bminimum\s+(?:purchase|order|commitment|quantit\w*|volume|requirement|sales|royalt\w*)s?\b/i,
  "IP ownership assignment":
    /\bownership\s+(?:of\s+)?(?:work\s+product|intellectual\s+property|inventions|developments|deliverables)\b|\bwork\s+(?:made\s+)?for\s+hire\b|\bassignment\s+of\s+(?:inventions|intellectual\s+property)\b/i,
  "joint IP ownership": /\bjoint(?:ly)?\s+own\w*/i,
  "source code escrow": /\bescrow\b/i,
  "liquidated damages": /\bliquidated\s+damages\b/i,
  insurance: /\binsurance\b/i,
  "covenant not to sue": /\bcovenants?\s+not\s+to\s+sue\b|\bno\s+challenge\b|\bnon-?contest\w*/i,
  "most favoured nation":
    /\bmost\s+favou?red\b|\b(?:price|pricing)\s+parity\b|\bcomparable\s+(?:\w+\s+)?pric(?:e|es|ing)\b|\bequal\s+treatment\b/i,
  confidentiality: /\bconfidential\w*|\bnon-?disclosure\b/i
}

/**
 * Headings that name a kind but may head the opposite: not evidence on their own, but among the clauses the kind's
 * wordings found, the one filed under such a heading is quoted first.
 */
const topics: Partial<Record<ClauseName, RegExp>> = {
  ...headings,
  exclusivity: /(?<!non-)\bexclusiv\w*\b(?!\s+negotiations?\b)/i,
  "anti-assignment": /\bassignments?\b|\bassignability\b/i,
  "licence grant": /^(?:grant\s+of\s+)?licen[cs]es?(?:\s+grants?)?$|^licen[cs]e\s+grants?\b/i,
  "audit rights": /\baudits?\b|\baudit\s+rights\b|\bbooks\s+and\s+records\b|\brecords\s+(?:and|&)\s+audits?\b/i,
  "liability cap": /\blimitations?\s+(?:of|on)\s+(?:liability|damages|remedies)\b/i
}

/** Enumerators and section words before a heading's name: "12.3", "Section 5.", "ARTICLE VI", "(b)", "ARTICLE 4 -". */
const enumerator =
  /^(?:(?:article|section|clause|paragraph)\s+)?(?:[\dIVXivx]+(?:\.\d+)*\.?|\([a-z\d]+\))?\s*(?:[-–—:]\s+)?/i
/** A heading is short: a few words in title case. */
const headingWords = 8

/** The heading's own words, without its number and its closing period. */
const nameOf = (text: string) =>
  text
    .replace(enumerator, "")
    .replace(/[.:]\s*$/, "")
    .trim()

/** Words a title leaves in lower case. */
const minor = new Set(["a", "an", "and", "of", "on", "or", "the", "to", "for", "in", "with", "by", "upon", "not"])

/** A title, not a short sentence: every word but the minor ones capitalised ("Limitation of Liability", "AUDITS"). */
const titled = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => word.length > 0 && !minor.has(word.toLowerCase()))
    .every((word) => /^[^\p{L}]*\p{Lu}/u.test(word))

/** Whether a sentence reads as a title once its number is set aside ("5.4 Covenant Not to Sue."). */
export const isTitle = (text: string): boolean => titled(nameOf(text))

/**
 * Headings in a document that name the clause type, in document order: those that are evidence of it, or with
 * `topic`, also those that only tell which of its clauses to quote first.
 */
export const headedClauses = (
  index: PassageIndex,
  document: EngineDocument,
  typeName: ClauseName,
  topic = false
): ReadonlyArray<DocumentSentence> => {
  const heading = (topic ? topics : headings)[typeName]
  if (heading === undefined) return []
  return index
    .scan(document.id, (text) => heading.test(text))
    .filter((sentence) => {
      const name = nameOf(sentence.text)
      return name.split(/\s+/).length <= headingWords && heading.test(name) && titled(name)
    })
}
