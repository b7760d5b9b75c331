import type { EngineDocument } from "../AnswerEngine.js"
import type { DocumentSentence } from "./DocumentSentences.js"
import type { PassageIndex } from "./PassageIndex.js"

/** Where a document gives a defined term its value, and the text that holds the value. */
export interface DefinedValue {
  readonly sentence: DocumentSentence
  /** The text the value stands in: after the label or "means", or before the parenthesis that names it. */
  readonly value: string
  /** Where `value` starts in the sentence. */
  readonly at: number
  /** After a label or "means" the value comes first; before a naming parenthesis it comes last. */
  readonly valueFirst: boolean
}

const escaped = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+")
/** How much text after a label or "means", or before a naming parenthesis, may hold the value. */
const reach = 160

/**
 * The value a document gives a defined term (`term` as the text capitalises it, "Expiration Date"): a basic-terms
 * table's label ("Expiration Date: the thirty-first (31st) day of July, 2027"), a definition ("Expiration Date" means
 * …), or the text a parenthesis names (`July 31, 2027 (the "Expiration Date")`). A term clause that runs "until the
 * Expiration Date" has its end there.
 */
export const definedValue = (index: PassageIndex, document: EngineDocument, term: string): DefinedValue | undefined => {
  const name = escaped(term)
  const label = new RegExp(`(?:^|[\\s.;])${name}\\s*:\\s*`)
  const means = new RegExp(`["“]${name}["”]\\s*(?:means|shall\\s+mean|is|shall\\s+be)\\s+`)
  const named = new RegExp(`\\(\\s*(?:the\\s+|each\\s+a\\s+|an?\\s+)?["“]${name}["”]\\s*\\)`)
  for (const sentence of index.scan(document.id, (text) => text.includes(term))) {
    const { text } = sentence
    const after = label.exec(text) ?? means.exec(text)
    if (after !== null) {
      const at = after.index + after[0].length
      return { sentence, value: text.slice(at, at + reach), at, valueFirst: true }
    }
    const before = named.exec(text)
    if (before !== null) {
      const at = Math.max(0, before.index - reach)
      return { sentence, value: text.slice(at, before.index), at, valueFirst: false }
    }
  }
  return undefined
}

/** A capitalised defined term of one to three words ending in `head`: "the Expiration Date", "the Lease Term". */
export const namedTerm = (head: string) => `((?:\\p{Lu}[\\p{L}-]*\\s+){1,3}${head})\\b`
