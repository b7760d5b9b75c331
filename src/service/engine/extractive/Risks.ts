import type { EngineDocument } from "../AnswerEngine.js"
import { quoteLine } from "./AnswerText.js"
import type { DocumentSentence } from "./DocumentSentences.js"
import type { PassageIndex } from "./PassageIndex.js"
import { quotable, rankByCentrality } from "./TextRank.js"

/**
 * Kinds of clauses that put risk on a party, most consequential first: what a reviewer reads for "main risks".
 * A sentence belongs to a kind when it says that kind of thing (a liability sentence that limits or excludes, a
 * termination sentence that names a trigger), not when it merely uses the word.
 */
const riskKinds: ReadonlyArray<readonly [string, RegExp]> = [
  [
    "Liability",
    /\bliab(?:le|ility|ilities)\b[^.]{0,200}\b(?:exceed|limit\w*|cap\w*|consequential|indirect|incidental|special|punitive|unlimited|in\s+no\s+event|aggregate)\b|\bin\s+no\s+event\b[^.]{0,120}\bliab/i
  ],
  ["Indemnity", /\bindemnif\w*|\bhold\s+(?:\w+\s+){0,3}harmless\b/i],
  [
    "Termination",
    /\bterminat\w*\b[^.]{0,160}\b(?:breach|default|insolven\w*|bankrupt\w*|immediately|for\s+convenience|without\s+cause|change\s+of\s+control|upon\s+(?:\w+\s+){0,3}notice)\b/i
  ],
  [
    "Penalties",
    /\bliquidated\s+damages\b|\bpenalt(?:y|ies)\b|\blate\s+(?:fee|charge|payment)s?\b|\binterest\s+(?:at|of)\s+(?:the\s+)?(?:rate|\d)|\btermination\s+fee\b|\bforfeit\w*/i
  ],
  [
    "Warranty",
    /\b(?:disclaim\w*|as\s+is\b|sole\s+and\s+exclusive\s+remedy|exclusive\s+remedy|no\s+(?:other\s+)?warrant\w*|makes\s+no\s+(?:\w+\s+){0,3}warrant\w*)/i
  ],
  [
    "Restrictions",
    /\bnon-?compet\w*|\bshall\s+not\s+(?:\w+\s+){0,3}compet\w*|\bexclusive(?:ly)?\b[^.]{0,80}\b(?:right|distributor|supplier|licen[cs]e|basis)\b|\bnon-?solicit\w*/i
  ],
  ["Disputes", /\barbitrat\w*|\bwaive\w*\s+(?:\w+\s+){0,4}(?:jury|trial)\b/i],
  ["Force majeure", /\bforce\s+majeure\b|\bacts?\s+of\s+god\b/i]
]

/** A sentence's strength as a statement of its kind of risk: its centrality among risk sentences. */
const best = (ranked: ReadonlyArray<{ sentence: DocumentSentence; centrality: number }>, pattern: RegExp) =>
  ranked.find((item) => pattern.test(item.sentence.text))?.sentence

/**
 * The main risks of a document: for each kind of risk clause it has, in order of consequence, the sentence of
 * that kind most central among all its risk sentences (LexRank), quoted with its page. Empty when it has none.
 */
export const riskSummary = (index: PassageIndex, document: EngineDocument, count: number): Array<string> => {
  const candidates = index
    .sentences(document.id)
    .filter((sentence) => quotable(sentence) && riskKinds.some(([, pattern]) => pattern.test(sentence.text)))
  if (candidates.length === 0) return []
  const ranked = rankByCentrality(candidates, index.idf)
  const lines: Array<string> = []
  const used = new Set<DocumentSentence>()
  for (const [kind, pattern] of riskKinds) {
    if (lines.length >= count) break
    const sentence = best(
      ranked.filter((item) => !used.has(item.sentence)),
      pattern
    )
    if (sentence === undefined) continue
    used.add(sentence)
    lines.push(`${kind}: ${quoteLine(sentence)}`)
  }
  return lines
}
