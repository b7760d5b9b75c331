import type { DocumentSentence } from "./DocumentSentences.js"
import type { PassageIndex } from "./PassageIndex.js"
import { type Sentence, splitSentences } from "./Sentences.js"

/** How far back a sentence's section heading is looked for, in sentences. */
const headingReach = 6
/** A heading is a short line. */
const headingLength = 80

/** A short line that looks like a heading: a few words, not a clause of a list. */
const headingLike = (text: string) => text.length < headingLength && !/[;,]$/.test(text) && /\p{Lu}/u.test(text)

/** The headings above a sentence: short lines among the few sentences before it, and its own opening words. */
export const headingsAbove = (index: PassageIndex, sentence: DocumentSentence): string => {
  const lines: Array<string> = [sentence.text.slice(0, 60)]
  let entry = sentence.entry
  let position = sentence.position
  // The passage being walked, split once when first read (not at every step).
  let sentences: ReadonlyArray<Sentence> | undefined
  for (let step = 0; step < headingReach; step++) {
    if (position === 0) {
      const previous = index.beside(entry, -1)
      if (previous === undefined) break
      entry = previous
      sentences = splitSentences(entry.passage.text)
      position = sentences.length
    }
    position -= 1
    sentences ??= splitSentences(entry.passage.text)
    const text = sentences[position]?.text ?? ""
    if (headingLike(text)) lines.push(text)
  }
  return lines.join("\n")
}
