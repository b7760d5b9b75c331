/** A sentence that is an item of a list: "(a) solicit any customer …", "(ii) …", "3) …". */
export const listItem = /^\s*\(?(?:[a-z]|[ivx]{1,4}|\d{1,2})\)\s/

/** A sentence of a text: its characters and where it sits. */
export interface Sentence {
  readonly text: string
  readonly start: number
  readonly end: number
}

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" })

/**
 * ICU breaks after any "word." followed by a capital, which in contracts is mostly an abbreviation ("Corp.",
 * "U.S.", "Jan.") or an enumerator ("12.", "(a)"). Such a piece is glued to the next one.
 */
const abbreviations = new Set(
  (
    "mr mrs ms dr prof st no nos sec secs art inc corp co ltd llc lp llp plc bros jr sr vs v e.g i.e etc approx " +
    "jan feb mar apr jun jul aug sep sept oct nov dec u.s u.k u.s.a n.a s.a b.v n.v p.o fig para paras cf ex est dept " +
    "pte pty bhd"
  ).split(" ")
)

const endsWithAbbreviation = (piece: string): boolean => {
  const trimmed = piece.trimEnd()
  if (/\n\s*$/.test(piece)) return false
  // "(formerly known as Kinetix Labs Inc.)": an abbreviation that closes a parenthesis or a quotation.
  const closed = /(?:^|[\s(])([\p{L}.]+)\.[)"”’]+$/u.exec(trimmed)
  if (closed !== null && abbreviations.has((closed[1] ?? "").toLowerCase())) return true
  const match = /(?:^|[\s(])([\p{L}.]+|\(?[\p{L}\p{N}]{1,4}\)|[\p{N}.]+|[A-Z])\.?$/u.exec(trimmed)
  if (match === null) return trimmed.length <= 3
  const original = (match[1] ?? "").replace(/\.$/, "")
  const word = original.toLowerCase()
  if (abbreviations.has(word) || /^\p{Lu}$/u.test(original)) return true
  if (/\b(?:section|article|clause|exhibit|schedule)\s+[\p{N}.]+$/iu.test(trimmed)) return true
  // Enumerators and initials: "12.", "4.2.", "(a)", "IV.", "J."
  if (/^[\p{N}.]+$/u.test(word) && trimmed === match[0].trim()) return true
  if (/^\(?[\p{L}\p{N}]{1,4}\)$/u.test(word) && trimmed.length <= 6) return true
  if (/^[ivxlc]+$/.test(word) && trimmed.length <= 6) return true
  return /^(?:[\p{L}]\.){1,3}[\p{L}]?$/u.test(word)
}

/** Sentences of `text` via `Intl.Segmenter`, with abbreviation and enumerator breaks undone. */
export const splitSentences = (text: string): Array<Sentence> => {
  const out: Array<Sentence> = []
  let pending: { start: number; end: number } | undefined
  for (const { segment, index } of segmenter.segment(text)) {
    const start = pending?.start ?? index
    const end = index + segment.length
    if (endsWithAbbreviation(segment) && end < text.length) {
      pending = { start, end }
      continue
    }
    pending = undefined
    pushTrimmed(out, text, start, end)
  }
  if (pending !== undefined) pushTrimmed(out, text, pending.start, pending.end)
  return out
}

const pushTrimmed = (out: Array<Sentence>, text: string, start: number, end: number) => {
  const raw = text.slice(start, end)
  const lead = raw.length - raw.trimStart().length
  const body = raw.trim()
  if (body.length > 0) out.push({ text: body, start: start + lead, end: start + lead + body.length })
}
