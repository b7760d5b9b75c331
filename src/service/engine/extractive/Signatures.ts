import type { EngineDocument } from "../AnswerEngine.js"
import type { Found } from "./Found.js"
import { findPersons } from "./PartySpans.js"
import { type IndexedPassage, type PassageIndex, passagesOf } from "./PassageIndex.js"
import type { Query } from "./Query.js"
import { quotedAt } from "./Ranking.js"

/** A signature's cue, then an electronic "/s/" or an opening quote ("Per: “Ronald Andrews”") before the name. */
const signatureCue =
  /\b(?:By|Name|Per(?=\s*:)|Signed(?:\s+for\s+[^.]{0,80}?)?\s+by|Sincerely|Regards|Yours\s+(?:truly|faithfully|sincerely)|Accepted\s+and\s+agreed)\s*[:,]?\s*(?:\/s\/\s*)?["“]?/gu

/** "Who signed…?": the people named after "By:", "Name:", "Signed … by", "Sincerely," in a document. */
export const signingQuestion = /\b(?:sign(?:s|ed|ing|ator(?:y|ies))?|execut(?:ed|es))\b/i

/** Words of the question that name something (capitalised after the first word): "Tessera" in "…on behalf of Tessera?" */
const namedIn = (question: string) =>
  question
    .split(/\s+/)
    .slice(1)
    .map((word) => word.replace(/[^\p{L}]/gu, ""))
    .filter((word) => /^\p{Lu}/u.test(word))

/** Signatories of the document; when the question names a party, the one signing for it. */
export const answerSigning = (index: PassageIndex, query: Query, document: EngineDocument): Found | undefined => {
  const signatures: Array<{ name: string; entry: IndexedPassage; at: number; before: string }> = []
  for (const entry of passagesOf(index, document)) {
    const text = entry.passage.text
    for (const cue of text.matchAll(signatureCue)) {
      const start = cue.index + cue[0].length
      const person = findPersons(text.slice(start, start + 60)).find((span) => span.start === 0)
      if (person !== undefined) {
        const before = text.slice(Math.max(0, cue.index - 160), start + person.end)
        signatures.push({ name: person.text, entry, at: start, before })
      }
    }
  }
  const named = namedIn(query.text)
  const forParty = signatures.find((s) =>
    named.some((word) => s.before.includes(word) || s.before.includes(word.toUpperCase()))
  )
  const chosen = forParty ?? signatures[signatures.length - 1]
  if (chosen === undefined) return undefined
  const names = [...new Set(signatures.map((s) => s.name))]
  const short = forParty !== undefined || names.length === 1 ? chosen.name : names.join(" and ")
  return { short, sentence: quotedAt(chosen.entry, chosen.at) }
}
