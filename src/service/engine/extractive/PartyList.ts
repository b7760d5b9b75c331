import { findParties } from "./PartySpans.js"

/** A party as listed: its name and the role the document gives it, if any. */
interface ListedParty {
  readonly name: string
  readonly role: string
}

/** Defined names that are not roles: "Party", "Parties", or a short form of the name itself ("Cobalt"). */
const isRole = (party: ListedParty) => {
  const role = party.role.trim()
  if (role.length === 0 || /^(?:the\s+)?(?:party|parties)$/i.test(role)) return false
  const name = party.name.toLowerCase()
  return !role
    .toLowerCase()
    .split(/\s+/)
    .every((word) => name.includes(word))
}

/** "Harborview Properties LLC (Landlord)"; a name alone when the document gives no role. */
export const describeParty = (party: ListedParty): string =>
  isRole(party) ? `${party.name} (${party.role.trim()})` : party.name

/** "A", "A and B", "A, B and C". */
export const listNames = (names: ReadonlyArray<string>): string =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`

/** The same party twice: names equal but for case and punctuation ("NORTHWIND ANALYTICS, INC."). */
export const sameParty = (a: string, b: string): boolean => {
  const key = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "")
  return key(a) === key(b)
}

/** The name a side of "between" opens with: a company or person, else a capitalised name ("Microsoft"). */
const sideName = (side: string): string | undefined => {
  const text = side.replace(/^[*_"“\s]+/, "")
  return findParties(text).find((span) => span.start === 0)?.text ?? leadingName.exec(text)?.[1]
}

/**
 * Who signs for a party, as European contracts name them: "represented by its managing directors Dr. Matthias
 * Oberländer and Sabine Freitag - hereinafter …". Its "and" joins two signers, not two parties.
 */
const representedBy = /\b(?:represented|acting)\s+(?:by|through)\b[^;()"“]*?(?=\s+-\s+|\s*\(|\s+hereinafter|;|$)/gi

/**
 * Both sides of "between A … and B …" (or "among"), when a document names its parties without defining roles:
 * the name that opens each side.
 */
export const partiesBetween = (text: string): Array<string> => {
  const at = text.search(/\b(?:between|among)\s+/i)
  if (at < 0) return []
  const clause = text
    .slice(at, at + 700)
    .replace(/^\w+\s+/, "")
    .replace(representedBy, " ")
  const sides = clause.split(/,?\s+and\s+/)
  const out: Array<string> = []
  for (const side of sides) {
    const name = sideName(side)
    if (name !== undefined && !out.some((other) => sameParty(other, name))) out.push(name)
    if (out.length === 2) break
  }
  return out
}

/** A line that holds only "BETWEEN" (or "BY AND BETWEEN:", "AMONG"), and one that holds only "AND". */
const betweenLine = /^[ \t]*(?:by\s+and\s+)?(?:between|among)[ \t]*:?[ \t]*$/im
const andLine = /^[ \t]*and[ \t]*:?[ \t]*$/im

/**
 * Both sides when "BETWEEN" and "AND" stand on lines of their own, each party's name opening the paragraph after
 * its line ("BETWEEN\n\nKIROMIC BIOPHARMA Inc., a Delaware Company, …\n\nAND\n\nMOLIPHARMA S.R.L. an Italian Company …").
 */
export const partiesBetweenLines = (text: string): Array<string> => {
  const between = betweenLine.exec(text)
  if (between === null) return []
  const rest = text.slice(between.index + between[0].length, between.index + between[0].length + 1500)
  const and = andLine.exec(rest)
  if (and === null) return []
  const out: Array<string> = []
  for (const side of [rest.slice(0, and.index), rest.slice(and.index + and[0].length)]) {
    const name = sideName(side)
    if (name !== undefined && !out.some((other) => sameParty(other, name))) out.push(name)
  }
  return out.length === 2 ? out : []
}

/** A name without a company form, as a side of "between" opens with it: "Microsoft", "Nokia Solutions". */
const leadingName =
  /^((?!(?:The|This|Each|Such|Any|All)\b)\p{Lu}[\p{L}\d&'’.-]*(?:\s+(?:of\s+|&\s+)?\p{Lu}[\p{L}\d&'’.-]*){0,4})(?=\s*(?:[,;(]|$))/u
