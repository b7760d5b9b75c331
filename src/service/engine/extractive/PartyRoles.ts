import type { EngineDocument } from "../AnswerEngine.js"
import { findRoles } from "./PartySpans.js"
import type { IndexedPassage, PassageIndex } from "./PassageIndex.js"
import { escapeRegExp } from "./RegExpText.js"
import { splitSentences } from "./Sentences.js"
import { terms } from "./Terms.js"

/** Parties are introduced near the top: only this many passages per document are read for role definitions. */
const preamblePassages = 10

/**
 * Defined terms that are not parties: the deal itself, its subject matter, and those related to a party ("Affiliate
 * of the Company", "Subsidiary") rather than party to it.
 */
const notParties = new Set(
  terms(
    "agreement contract effective date services term confidential information products territory joint venture jv " +
      "affiliate affiliates subsidiary subsidiaries source exhibit schedule act program project plan purpose " +
      "amendment addendum premises property data quantity price fees software materials deliverables equipment " +
      "goods documentation platform system site rent deposit marks trademarks franchise licensed patents technology " +
      "manual handbook specifications"
  )
)

/**
 * The last word of a role that names a party ("Service Provider", "Receiving Party"): a role ending so is a party's
 * however its first words read ("Service" alone is the subject matter).
 */
export const partyHeads: ReadonlySet<string> = new Set(
  terms(
    "party provider customer client supplier vendor licensee licensor buyer seller purchaser tenant landlord lessee " +
      "lessor company consultant contractor employee employer recipient discloser distributor reseller manufacturer " +
      "agent borrower lender investor owner partner member franchisee franchisor developer publisher sponsor"
  )
)

/** Whether a defined role names the deal's subject matter rather than a party ("Customer Data", "Premises"). */
const notAPartyRole = (role: string): boolean => {
  const words = terms(role)
  const head = words.at(-1)
  if (head === undefined) return false
  return notParties.has(head) || (!partyHeads.has(head) && words.some((term) => notParties.has(term)))
}

/** A name ending in a postal code is an address ("Portland, Maine 04101" defined as the "Premises"). */
const postalCodeEnd = /\b\d{4,6}(?:-\d{4})?$/
/** A name that is a defined relation to a party, not a party: "an Affiliate of the Company". */
const relatedToParty = /\b(?:affiliates?|subsidiar(?:y|ies)|representatives?)\s+of\b/i
/** A word for a kind of party, not a name: "Agreement", "a Delaware Company", "the Corporation", "Each Party". */
const genericName =
  /^(?:(?:an?|the|each|either|any|such|other|both)\s+(?:\w+\s+)?)?(?:\w+,\s+)?(?:company|corporation|agreement|party|parties|partnership|limited\s+liability\s+company|entity)$|^party\s+[a-z]$/i
/** A country or a state defined by a short name ("the People's Republic of China ("PRC")"): a place, not a party. */
const placeName =
  /\b(?:Republic|Kingdom|Commonwealth|Federation|Emirates)\s+of\b|^(?:the\s+)?(?:State|Province)\s+of\b/i

export const notAName = (name: string) =>
  relatedToParty.test(name) ||
  genericName.test(name.trim()) ||
  postalCodeEnd.test(name.trim()) ||
  placeName.test(name.trim())

export interface RoleEntry {
  readonly role: string
  readonly name: string
  readonly entry: IndexedPassage
  readonly sentence: string
  /** Defined before the recitals ("WHEREAS"), where a contract names its parties. */
  readonly preamble: boolean
}

/** A role defined on a line of its own, its party on the line before: "(hereinafter referred to as the "Supplier")". */
const roleOnItsOwn =
  /^\s*\(\s*(?:hereinafter|herein|the|each|individually|collectively)\b[^)]{0,60}["“][^"”]{2,30}["”]\s*\)\s*$/

const recitals = /\b(?:WHEREAS|Whereas|RECITALS|Recitals|BACKGROUND|NOW,? THEREFORE|Now,? therefore)\b/
/**
 * A numbered clause ("1. Board.", "4.1 This agreement …", "ARTICLE II") or the definitions: the operative terms have
 * begun, and their defined terms are no parties.
 */
const operative =
  /^\s*(?:(?:\d{1,2}\.\d{1,2}(?:\.\d{1,2})*\.?|(?:\d{1,2}(?:\.\d{1,2})*|[IVX]{1,4})[.)])\s+\p{Lu}|(?:ARTICLE|Article)\s+[\dIVX]+\b|DEFINITIONS\b)/u

export const rolesOf = (index: PassageIndex, document: EngineDocument): Array<RoleEntry> => {
  const out: Array<RoleEntry> = []
  let preamble = true
  const entries = index.opening(document.id, preamblePassages)
  for (const entry of entries) {
    let previous = ""
    for (const sentence of splitSentences(entry.passage.text)) {
      if (operative.test(sentence.text)) preamble = false
      const cut = sentence.text.search(recitals)
      // "MAPLECREST FOODS INC., a corporation …" then, on a line of its own, "(hereinafter referred to as the
      // "Supplier")": the role names the party of the line before.
      const ownLine = roleOnItsOwn.test(sentence.text)
      const read = ownLine ? `${previous} ${sentence.text}` : sentence.text
      previous = sentence.text
      for (const role of findRoles(read)) {
        if (notAPartyRole(role.role) || notAName(role.name)) continue
        out.push({ ...role, entry, sentence: sentence.text, preamble: preamble && (cut < 0 || role.start < cut) })
      }
      if (cut >= 0) preamble = false
    }
  }
  return out
}

/** The party a question asks about by its role ("Who signed for the tenant?", "Can the provider …?"). */
export const askedParty = (question: string, parties: ReadonlyArray<RoleEntry>): RoleEntry | undefined => {
  const words = new Set(terms(question))
  return parties.find((party) => party.role.trim().length > 0 && terms(party.role).every((term) => words.has(term)))
}

/** How a text may name a party: its role, and its name's first word when that is long enough to tell it apart. */
export const nameWords = (party: RoleEntry): { readonly role: string; readonly first: string } => {
  const first = party.name.split(/\s+/)[0] ?? ""
  return { role: party.role.trim(), first: first.length >= 3 ? first : "" }
}

/** Whether a sentence names a party: by its role as the text capitalises it, or by its name's first word. */
export const namesParty = (text: string, party: RoleEntry): boolean => {
  const { role, first } = nameWords(party)
  return (
    (role.length > 0 && new RegExp(`\\b${escapeRegExp(role)}\\b`).test(text)) ||
    (first.length > 0 && text.toLowerCase().includes(first.toLowerCase()))
  )
}

/** Where a party first acts in a sentence: its role or name before a verb ("Provider shall", "Customer may terminate"). */
export const actsAt = (text: string, party: RoleEntry): number | undefined => {
  const names = nameSource(party)
  if (names === undefined) return undefined
  const at = text.search(
    new RegExp(`\\b(?:${names})\\b[^,.;]{0,40}?\\s(?:shall|will|may|must|can|cannot|has|have|is|agrees?)\\b`, "i")
  )
  return at < 0 ? undefined : at
}

/** A party's role and its name's first word as a pattern's alternatives ("Provider|Acme"); undefined for neither. */
const nameSource = (party: RoleEntry): string | undefined => {
  const { role, first } = nameWords(party)
  const names = [role, first].filter((name) => name.length > 0).map(escapeRegExp)
  return names.length === 0 ? undefined : names.join("|")
}

/** Whether a party acts in a sentence: its role or name before a verb ("Provider shall", "Customer may terminate"). */
export const actsIn = (text: string, party: RoleEntry): boolean => actsAt(text, party) !== undefined

/** Whether a question asks about a party as the one that acts: "must Meridian maintain", "Meridian has to". */
export const askedAsActor = (question: string, party: RoleEntry): boolean => {
  const names = nameSource(party)
  return (
    names !== undefined &&
    new RegExp(
      `\\b(?:must|shall|will|does|do|can|may|should|is|are)\\s+(?:the\\s+)?(?:${names})\\b|\\b(?:${names})\\s+(?:must|shall|will|has|have|needs?|can|may|should)\\b`,
      "i"
    ).test(question)
  )
}

/**
 * Whether a clause binds a party: the party acts in it before any other ("Sponsor shall maintain … as Meridian may
 * request" binds Sponsor), and not as the object of a preposition ("A Change of Control of Halbrook shall …").
 */
export const bindsParty = (text: string, party: RoleEntry, parties: ReadonlyArray<RoleEntry>): boolean => {
  const at = actsAt(text, party)
  if (at === undefined || /\b(?:of|to|by|for|from|with)\s+(?:the\s+)?$/i.test(text.slice(0, at))) return false
  return parties.every((other) => other === party || (actsAt(text, other) ?? at + 1) > at)
}
