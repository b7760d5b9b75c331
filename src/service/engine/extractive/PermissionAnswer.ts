import type { EngineDocument } from "../AnswerEngine.js"
import type { ClauseTypeName } from "./ClauseNames.js"
import type { Found } from "./Found.js"
import type { PassageIndex } from "./PassageIndex.js"
import { toRanked } from "./Ranking.js"

/**
 * Kinds of clause that forbid or restrict an act. Asked whether the document has one, "Yes." says so; asked
 * whether the act is allowed ("Can the contract be assigned?"), that "Yes." would read as permission.
 */
const restrictions: ReadonlySet<ClauseTypeName> = new Set<ClauseTypeName>([
  "anti-assignment",
  "non-transferable licence",
  "non-compete",
  "non-solicitation of customers",
  "non-solicitation of employees",
  "non-disparagement"
])

/**
 * A question whether an act is allowed: "Can the contract be assigned?", "May the distributor sell competing
 * products?", "Is the licence transferable?", "Is early termination allowed?".
 */
export const asksPermission =
  /^\s*(?:can|could|may|might)\b|\b(?:allowed|permitted|entitled|free)\s+to\b|\b(?:allowed|permitted)\s*\??\s*$|^\s*(?:is|are)\s+(?:\w+\s+){0,4}(?:assignable|transferable|transferrable)\b/i
/** The restriction gives way to the other party's say. */
const withConsent = /\b(?:consent|approv\w*|permission|authori[sz]ation)\b/i

/**
 * A restriction's answer, said as the permission asked about: "Only with consent." or "No: the contract restricts
 * it." for a clause that restricts the act; "Yes: the contract does not restrict it." for one that says it is free
 * (a "No." to the restriction). Other answers, and questions that do not ask permission, are left as they are.
 */
export const asPermission = (name: ClauseTypeName, question: string, found: Found | undefined): Found | undefined => {
  if (found === undefined || !restrictions.has(name) || !asksPermission.test(question)) return found
  if (found.short === "Yes.") {
    const free = name === "anti-assignment" ? freeToAssign(found, question) : undefined
    if (free !== undefined) return free
    const quoted = [found, ...(found.more ?? [])].map((f) => `${f.sentence.text} ${f.continuation ?? ""}`).join(" ")
    // The further clauses quoted are the same restriction's: said once, not each with its own "Yes.".
    return {
      ...found,
      short: withConsent.test(quoted) ? "Only with consent." : "No: the contract restricts it.",
      more: found.more?.map((other) => ({ ...other, short: undefined }))
    }
  }
  if (found.short === "No.") return { ...found, short: "Yes: the contract does not restrict it." }
  return found
}

/**
 * "BIS may assign this Agreement without consent to any Affiliate …", "Customer may assign this Agreement to any
 * Affiliate … upon written notice to Provider": who may assign freely (needing at most to give notice), and to whom.
 */
const assignsFreely =
  /\b(\p{Lu}[\p{L}]*(?:\s+\p{Lu}[\p{L}]*)?)\s+may\s+(?:(?!not\b|never\b|only\b)\w+\s+){0,3}assign\b(?:[^.;]{0,100}?\bwithout\s+(?:the\s+)?(?:\w+['’]s\s+)?(?:prior\s+)?(?:written\s+)?(?:consent|approval)\b|(?:(?!consent|approv)[^.;]){0,160}?\b(?:upon|on|by|with)\s+(?:\w+\s+)?(?:prior\s+)?(?:written\s+)?notice\b(?![^.;]*\b(?:consent|approv\w*)\b))/u
/** Whom a free assignment may go to, as a question may ask it ("to an affiliate", "to a buyer of the business"). */
const assignee = /\b(?:affiliat\w*|subsidiar\w*|successor\w*|purchaser\w*|acquir\w*|buyer\w*|merger)\b/i

/**
 * Among the anti-assignment clauses quoted, one that lets a party assign without consent ("BIS may assign this
 * Agreement without consent to any Affiliate"): asked about that party, or about assigning to whom it names, the
 * answer is yes, that sentence first; asked about the other party, the restriction stands.
 */
const freeToAssign = (found: Found, question: string): Found | undefined => {
  const quotes = [found, ...(found.more ?? [])]
  for (const quote of quotes) {
    const m = assignsFreely.exec(quote.sentence.text)
    const party = m?.[1]
    if (m === null || party === undefined || /^(?:Either|Each|Neither|No|Any)\b/.test(party)) continue
    const asksParty = new RegExp(`\\b${party.replace(/\s+/g, "\\s+")}\\b`, "i").test(question)
    const to = assignee.exec(question)?.[0]
    const asksAssignee = to !== undefined && new RegExp(`\\b${to.slice(0, 5)}`, "i").test(quote.sentence.text)
    if (!asksParty && !asksAssignee) continue
    const rest = quotes.filter((other) => other !== quote).map((other) => ({ ...other, short: undefined }))
    const how = /\bnotice\b/.test(m[0]) && !/\bwithout\b/.test(m[0]) ? "on notice" : "without consent"
    return { ...quote, short: `Yes: ${party} may, ${how}, as quoted.`, at: m.index, more: rest }
  }
  return undefined
}

/** A question whether sub-licences may be granted: "Can the licensee sublicense?", "May we grant sub-licences?". */
const asksSublicence = /\bsub-?licen[cs]\w*/i
/** A sentence that grants the right to sub-license: "Licensee may grant sub-licences to its Affiliates". */
const grantsSublicence =
  /\b(?:may|can|is\s+entitled\s+to|(?:has|have|shall\s+have)\s+the\s+right\s+to|is\s+permitted\s+to)\s+(?:(?!not\b|no\b|never\b)\w+\s+){0,2}?(?:grant\s+|issue\s+)?sub-?licen[cs]\w*|\b(?:right|rights|power)\s+to\s+(?:grant\s+)?sub-?licen[cs]\w*|\bwith\s+(?:the\s+)?right\s+to\s+sub-?licen[cs]\w*/i

/**
 * "Can the licensee sublicense?" over a licence that is not transferable but says "Licensee may grant sub-licences to
 * its Affiliates …": the right the document grants, quoted, is the answer (with its conditions), not the restriction
 * on transferring the licence.
 */
export const sublicenceGranted = (
  index: PassageIndex,
  document: EngineDocument,
  question: string
): Found | undefined => {
  if (!asksPermission.test(question) || !asksSublicence.test(question)) return undefined
  const [granted] = index
    .scan(document.id, (text) => grantsSublicence.test(text))
    .filter((sentence) => grantsSublicence.test(sentence.text))
  if (granted === undefined) return undefined
  const short = withConsent.test(granted.text) ? "Yes, on the terms quoted." : "Yes."
  return { short, sentence: toRanked(granted), at: granted.text.search(grantsSublicence) }
}
