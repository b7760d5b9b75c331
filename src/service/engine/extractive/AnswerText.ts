import type { Found, Outcome } from "./Found.js"

/** Quotes longer than this are cut to a window around the answer. */
const quoteMax = 360

const cutAround = (text: string, at: number): string => {
  if (text.length <= quoteMax) return text
  const from = Math.max(0, Math.min(at - quoteMax / 3, text.length - quoteMax))
  const start = from === 0 ? 0 : text.indexOf(" ", from) + 1
  const end = start + quoteMax >= text.length ? text.length : text.lastIndexOf(" ", start + quoteMax)
  return `${start > 0 ? "..." : ""}${text.slice(start, end).trim()}${end < text.length ? "..." : ""}`
}

const quoteOf = (found: Found): string => {
  const sentence = found.sentence.text.replace(/\s+/g, " ")
  const joined = found.continuation === undefined ? sentence : `${sentence} ${found.continuation.replace(/\s+/g, " ")}`
  return cutAround(joined, found.at ?? 0)
}

const placeOf = (found: Found, multiDocument: boolean): string => {
  const page = found.sentence.entry.passage.page
  return multiDocument ? `— ${found.sentence.entry.document.filename}, p. ${page}` : `(p. ${page})`
}

const block = (found: Found, multiDocument: boolean, withShort: boolean): string => {
  const quote = `"${quoteOf(found)}" ${placeOf(found, multiDocument)}`
  return withShort && found.short !== undefined ? `${found.short}\n\n${quote}` : quote
}

/**
 * The answer as text: the short answer, a blank line, the supporting quote and its place; over several documents
 * each quote names its document. Yes/no answers say "Yes." once, then each supporting quote.
 */
export const answerText = (outcome: Outcome, multiDocument: boolean): string => {
  if (outcome._tag === "Nothing") return outcome.message
  const [first, ...rest] = outcome.found
  if (first === undefined) return "Not found in the document."
  const yesNo = first.short === "Yes."
  const blocks = [
    ...(outcome.lead === undefined ? [] : [outcome.lead]),
    ...(yesNo ? ["Yes."] : []),
    block(first, multiDocument, !yesNo),
    ...rest.map((found) => block(found, multiDocument, !yesNo))
  ]
  return blocks.join("\n\n")
}

/** Splits an answer into 3–6 chunks at spaces, about equal in length, that join back to the same text. */
export const chunk = (text: string): Array<string> => {
  const words = text.split(/(?<=\s)/)
  const count = Math.min(words.length, Math.max(3, Math.min(6, Math.ceil(text.length / 160))))
  // ends[i] is where word i ends; a cut after word i is a chunk boundary.
  const ends: Array<number> = []
  words.reduce((at, word) => {
    ends.push(at + word.length)
    return at + word.length
  }, 0)
  const cuts: Array<number> = []
  let previous = -1
  for (let k = 1; k < count; k++) {
    const target = (text.length * k) / count
    const last = words.length - 1 - (count - k)
    let best = previous + 1
    for (let i = previous + 1; i <= last; i++) {
      if (Math.abs((ends[i] ?? 0) - target) < Math.abs((ends[best] ?? 0) - target)) best = i
    }
    cuts.push(best)
    previous = best
  }
  const chunks: Array<string> = []
  let from = 0
  for (const cut of [...cuts, words.length - 1]) {
    chunks.push(words.slice(from, cut + 1).join(""))
    from = cut + 1
  }
  return chunks
}
