import type { EngineDocument } from "../AnswerEngine.js"
import type { Found } from "./Found.js"
import { askedParty, nameWords, type RoleEntry, rolesOf } from "./PartyRoles.js"
import { findPersons } from "./PartySpans.js"
import { type IndexedPassage, type PassageIndex, passagesOf } from "./PassageIndex.js"
import type { Query } from "./Query.js"
import { quotedAt } from "./Ranking.js"

/**
 * A signature's cue, then an electronic "/s/" or an opening quote ("Per: “Ronald Andrews”") before the name; or the
 * line signed on, the name printed under it ("EXECUTIVE ______ Priya Venkataraman").
 */
const signatureCue =
  /\b(?:By|Name|Per(?=\s*:)|Signed(?:\s+for\s+[^.]{0,80}?)?\s+by|Sincerely|Regards|Yours\s+(?:truly|faithfully|sincerely)|Accepted\s+and\s+agreed)\s*[:,]?\s*(?:\/s\/\s*)?["“]?|_{4,}\s*/gu

/** "Who signed…?": the people named after "By:", "Name:", "Signed … by", "Sincerely," in a document. */
export const signingQuestion = /\b(?:sign(?:s|ed|ing|ator(?:y|ies))?|execut(?:ed|es))\b/i

/** A signature that names its party after the signer: ", Chief Executive Officer for and on behalf of ASHCOMBE …". */
const onBehalfOf = /^[^.;]{0,60}?\b(?:for\s+and\s+)?on\s+behalf\s+of\s+[^.;]{2,60}/i

/** Words of the question that name something (capitalised after the first word): "Tessera" in "…on behalf of Tessera?" */
const namedIn = (question: string) =>
  question
    .split(/\s+/)
    .slice(1)
    .map((word) => word.replace(/[^\p{L}]/gu, ""))
    .filter((word) => /^\p{Lu}/u.test(word))

/** How a signature block names a party: its name (first word enough, in any case) or its role as a label. */
const namesAt = (window: string, party: RoleEntry): number => {
  const lower = window.toLowerCase()
  const at = (name: string) => (name.length > 0 ? lower.lastIndexOf(name.toLowerCase()) : -1)
  const { role, first } = nameWords(party)
  return Math.max(at(first), at(role))
}

interface Signature {
  readonly name: string
  readonly entry: IndexedPassage
  readonly at: number
  readonly before: string
}

/** How many lines above a row of signatures the row naming their parties may stand. */
const headerLines = 4

/** The line of a passage's text that holds offset `at`: where it starts, and its text. */
const lineAt = (text: string, at: number) => {
  const start = text.lastIndexOf("\n", at - 1) + 1
  const end = text.indexOf("\n", at)
  return { start, text: text.slice(start, end < 0 ? text.length : end) }
}

/**
 * Signature blocks set side by side ("VERIDIAN PHOTONICS CORPORATION   KESTREL SEMICONDUCTOR LTD." over "By: /s/
 * Lawrence H. Tanaka   By: /s/ Yael Ben-Ari"): the signer in the column of the party asked, counted from the left
 * among the parties the header line names. Undefined when no row of two signatures has such a header above it.
 */
const sideBySide = (
  signatures: ReadonlyArray<Signature>,
  parties: ReadonlyArray<RoleEntry>,
  askedAt: (line: string) => number
): Signature | undefined => {
  for (const [i, first] of signatures.entries()) {
    const text = first.entry.passage.text
    const line = lineAt(text, first.at)
    const row = signatures.slice(i).filter((s) => s.entry === first.entry && lineAt(text, s.at).start === line.start)
    if (row.length < 2) continue
    const above = text
      .slice(0, line.start)
      .split("\n")
      .slice(-headerLines - 1, -1)
      .reverse()
    for (const header of above) {
      const at = askedAt(header)
      if (at < 0) continue
      const others = parties.map((party) => namesAt(header, party)).filter((other) => other >= 0 && other !== at)
      if (others.length === 0) continue
      const column = others.filter((other) => other < at).length
      return row[column]
    }
  }
  return undefined
}

/** Signatories of the document; when the question names a party, the one signing for it. */
export const answerSigning = (index: PassageIndex, query: Query, document: EngineDocument): Found | undefined => {
  // Each signature with the text that says whom it is for: the party named after it ("Signed by Dr Helen Marsh
  // for and on behalf of ASHCOMBE …"), else the text above it back to the signature before.
  const signatures: Array<Signature> = []
  for (const entry of passagesOf(index, document)) {
    const text = entry.passage.text
    let previousEnd = 0
    for (const cue of text.matchAll(signatureCue)) {
      const start = cue.index + cue[0].length
      const person = findPersons(text.slice(start, start + 60)).find((span) => span.start === 0)
      if (person === undefined) continue
      const nameEnd = start + person.end
      const after = onBehalfOf.exec(text.slice(nameEnd, nameEnd + 120))
      const before = after !== null ? after[0] : text.slice(Math.max(0, cue.index - 160, previousEnd), nameEnd)
      signatures.push({ name: person.text, entry, at: start, before })
      previousEnd = after !== null ? nameEnd + after[0].length : nameEnd
    }
  }
  const named = namedIn(query.text)
  // "Who signed for the tenant?": the block under the tenant's name or label, the nearest of the parties' above it.
  const parties = rolesOf(index, document)
  const asked = askedParty(query.text, parties)
  const signsFor = (signature: { readonly before: string }) => {
    const at = (party: RoleEntry) => namesAt(signature.before, party)
    return parties.reduce<RoleEntry | undefined>(
      (best, party) => (at(party) > (best === undefined ? -1 : at(best)) ? party : best),
      undefined
    )
  }
  // Where a line names the party asked: its role or name's first word, else a capitalised word of the question.
  const askedAt = (line: string): number => {
    if (asked !== undefined) return namesAt(line, asked)
    const lower = line.toLowerCase()
    return Math.max(-1, ...named.map((word) => lower.indexOf(word.toLowerCase())))
  }
  const forParty =
    (asked !== undefined || named.length > 0 ? sideBySide(signatures, parties, askedAt) : undefined) ??
    (asked === undefined
      ? signatures.find((s) => named.some((word) => s.before.includes(word) || s.before.includes(word.toUpperCase())))
      : signatures.find((s) => signsFor(s)?.name === asked.name))
  const chosen = forParty ?? signatures[signatures.length - 1]
  if (chosen === undefined) return undefined
  const names = [...new Set(signatures.map((s) => s.name))]
  if (forParty !== undefined || names.length === 1)
    return { short: chosen.name, sentence: quotedAt(chosen.entry, chosen.at) }
  // Every signer named is quoted where they sign, each block read from its first signature ("By: /s/ …").
  const [first, ...others] = names
    .slice(0, maxSigners)
    .map((name) => signatures.find((s) => s.name === name) ?? chosen)
    .map((s) => ({ short: undefined, sentence: quotedAt(s.entry, s.at) }))
  return first === undefined
    ? undefined
    : { short: names.join(" and "), sentence: first.sentence, more: distinctQuotes(first.sentence.text, others) }
}

/** At most this many signers are named and quoted. */
const maxSigners = 4

/** Signers signing on one line of text share its quote: it is given once. */
const distinctQuotes = (shown: string, others: ReadonlyArray<Found>): Array<Found> => {
  const seen = new Set([shown])
  const distinct: Array<Found> = []
  for (const other of others) {
    if (seen.has(other.sentence.text)) continue
    seen.add(other.sentence.text)
    distinct.push(other)
  }
  return distinct
}
