import type { EngineDocument } from "../AnswerEngine.js"
import type { Found, SentenceAnswerer } from "./Found.js"
import { describeParty, listNames, partiesBetween, partiesBetweenLines, sameParty } from "./PartyList.js"
import { notAName, partyHeads, type RoleEntry, rolesOf } from "./PartyRoles.js"
import { findOrganisations, findParties, findPersons } from "./PartySpans.js"
import type { PassageIndex } from "./PassageIndex.js"
import { nearestSpan } from "./Proximity.js"
import type { Query } from "./Query.js"
import type { RankedSentence } from "./Ranking.js"
import { escapeRegExp } from "./RegExpText.js"
import { splitSentences } from "./Sentences.js"
import type { Span } from "./Span.js"
import { stem, terms } from "./Terms.js"

/** Questions about a person rather than a party: who signs, reports, is contacted, holds an office. */
const personQuestion =
  /\b(?:sign(?:s|ed|ing|ator(?:y|ies))?|behalf|report(?:s|ing)?\s+to|direct(?:ed)?\s+to|contact|attention|officer|ceo|cfo|coo|president|director|manager|counsel|representative|chair(?:man|person)?|head\s+of)\b/i

/** Role names that mean the same party in different documents. */
const aliasGroups: ReadonlyArray<ReadonlyArray<string>> = [
  ["employer", "company"],
  ["employee", "you", "candidate", "executive", "hire"],
  ["buyer", "purchaser", "customer"],
  ["seller", "supplier", "vendor", "manufacturer"],
  ["client", "customer"],
  ["landlord", "lessor", "owner"],
  ["tenant", "lessee"],
  ["provider", "vendor", "contractor", "consultant"],
  ["recipient", "receiving"],
  ["discloser", "disclosing"]
].map((group) => group.map(stem))

/**
 * Words that name a side of a deal: asked "Who is the customer?", the answer is one of the document's parties. The
 * words a party's role ends in (`PartyRoles`), their aliases, and a few roles no party is defined by here.
 */
const roleWords: ReadonlySet<string> = new Set([
  ...partyHeads,
  ...aliasGroups.flat(),
  ...terms("principal subcontractor guarantor")
])

/** "Who is the supplier?", "Which party is the licensee?": the role asked about. */
const roleAsked =
  /^\s*(?:who|which\s+(?:party|company|one))\s+(?:is|are|was|acts\s+as)\s+(?:the\s+)?([a-z]+)\s*\??\s*$/i

const asked = (query: Query): Set<string> => {
  const own = new Set(query.groups.flatMap((group) => [...group]))
  for (const group of aliasGroups) if (group.some((term) => own.has(term))) for (const term of group) own.add(term)
  own.delete(stem("party"))
  return own
}

const sentenceFor = (role: RoleEntry, sentences: ReadonlyArray<RankedSentence>): RankedSentence =>
  sentences.find((s) => s.entry === role.entry && s.text === role.sentence) ?? {
    entry: role.entry,
    text: role.sentence,
    position: 0,
    start: Math.max(0, role.entry.passage.text.indexOf(role.sentence)),
    score: 0,
    coverage: 1
  }

/** One entry per party, the one with a real role preferred ("Landlord" over a short name or none). */
const distinctParties = (roles: ReadonlyArray<RoleEntry>): Array<RoleEntry> => {
  const out: Array<RoleEntry> = []
  for (const role of roles) {
    if (notAName(role.name)) continue
    const at = out.findIndex((other) => sameParty(other.name, role.name))
    if (at < 0) out.push(role)
    else if (describeParty(out[at] ?? role) === out[at]?.name && describeParty(role) !== role.name) out[at] = role
  }
  return out
}

/** A party named as the subject of its clause: "Company shall …", "Consultant is responsible for …". */
const actsAfter =
  /^\s*(?:\([^)]{0,60}\)\s*)?(?:shall|will|may|must|agrees?|is|are|hereby|has|have|bears?|pays?|undertakes?|accepts?|warrants?|represents?|covenants?)\b/

/** Where `text` names a party by its defined role ("Consultant", "the Company's"), each with the party described. */
const roleMentions = (text: string, parties: ReadonlyArray<RoleEntry>): Map<Span, string> => {
  const mentions = new Map<Span, string>()
  for (const party of parties) {
    const role = escapeRegExp(party.role.trim())
    for (const m of text.matchAll(new RegExp(`\\b${role}\\b`, "g"))) {
      mentions.set({ text: m[0], start: m.index, end: m.index + m[0].length }, describeParty(party))
    }
  }
  return mentions
}

/** Companies named in ranked sentences, in rank order, as parties without a role. */
const organisationsIn = (sentences: ReadonlyArray<RankedSentence>): Array<RoleEntry> =>
  sentences.flatMap((sentence) =>
    findOrganisations(sentence.text).map((span) => ({
      role: "",
      name: span.text,
      entry: sentence.entry,
      sentence: sentence.text,
      preamble: false
    }))
  )

/** How many opening passages a "BETWEEN … AND …" layout may run over: each side's address fills one. */
const betweenLinesPassages = 6

/**
 * Parties named without roles: both sides of "between A and B" in the opening passages, or of "BETWEEN" and "AND"
 * on lines of their own, each quoted with the sentence that names it.
 */
const betweenEntries = (index: PassageIndex, document: EngineDocument): Array<RoleEntry> => {
  const inSentences = index.opening(document.id, 2).flatMap((entry) =>
    splitSentences(entry.passage.text).flatMap((sentence) =>
      partiesBetween(sentence.text).map((name) => ({
        role: "",
        name,
        entry,
        sentence: sentence.text,
        preamble: true
      }))
    )
  )
  if (inSentences.length > 0) return inSentences
  const opening = index.opening(document.id, betweenLinesPassages)
  return partiesBetweenLines(opening.map((entry) => entry.passage.text).join("\n")).flatMap((name) => {
    const entry = opening.find((candidate) => candidate.passage.text.includes(name))
    const sentence = entry && splitSentences(entry.passage.text).find((piece) => piece.text.includes(name))
    return entry === undefined ? [] : [{ role: "", name, entry, sentence: sentence?.text ?? name, preamble: true }]
  })
}

/**
 * Who: a role the question names ("the supplier") looked up in the document's role definitions; "the parties" lists
 * the defined parties; "the other party" the one the previous answer did not give; else the name nearest the
 * question's words in the best sentences.
 */
export const answerParty: SentenceAnswerer = (index, query, sentences, document = sentences[0]?.entry.document) => {
  if (document === undefined) return undefined
  const roles = rolesOf(index, document)
  const wanted = asked(query)
  const excluded = (name: string) => query.exclude.some((text) => text.includes(name))
  const person = personQuestion.test(query.text)
  // "Who is Orchid's chief executive officer?" names a party but asks for a person.
  const named = person
    ? undefined
    : roles.find((role) => terms(role.role).some((term) => wanted.has(term)) && !excluded(role.name))
  if (named !== undefined && query.exclude.length === 0) {
    return { short: named.name, sentence: sentenceFor(named, sentences) }
  }
  const preambleRoles = roles.filter((role) => role.preamble)
  const parties = preambleRoles.length >= 2 ? preambleRoles : roles
  const distinct = distinctParties(parties)
  const others = distinct.filter((role) => !excluded(role.name))
  if (query.exclude.length > 0 && others[0] !== undefined) {
    return { short: others[0].name, sentence: sentenceFor(others[0], sentences) }
  }
  const explicit = /\bparties\b|\bbetween\s+whom\b|\bsignator/i.test(query.text)
  const withBetween =
    distinct.length >= 2 ? distinct : distinctParties([...distinct, ...betweenEntries(index, document)])
  // "Who are the parties?" where the document defines fewer than two: companies its best passages name, not people.
  const listed =
    explicit && withBetween.length < 2
      ? distinctParties([...withBetween, ...organisationsIn(sentences.slice(0, 6))]).slice(0, 2)
      : withBetween
  const [first] = listed
  if ((explicit || wanted.size === 0) && first !== undefined && (listed.length >= 2 || explicit)) {
    return { short: listNames(listed.slice(0, 4).map(describeParty)), sentence: sentenceFor(first, sentences) }
  }
  if (explicit) return undefined
  // "Who is the supplier?" where no party is defined as the supplier: which one is, is not stated. The parties are
  // named instead of a guess by nearness (or a capitalised phrase that only looks like a name, "Packing List").
  const role = person ? undefined : query.text.match(roleAsked)?.[1]
  if (role !== undefined && roleWords.has(stem(role)) && distinct.length >= 2 && first !== undefined) {
    const short = `No party is defined as the ${role.toLowerCase()}; the parties: ${listNames(distinct.slice(0, 4).map(describeParty))}`
    return { short, sentence: sentenceFor(first, sentences) }
  }
  const find = person ? findPersons : findParties
  // "Who is responsible for shipping costs?" over a contract with defined parties: one of them (by name or role),
  // not a capitalised phrase near the question's words ("Responsible Person", "Wholesale Price Index").
  const isParty = (name: string) =>
    roles.some((role) => sameParty(role.name, name) || sameParty(role.role, name.replace(/^the\s+/i, "")))
  const answersAs = (name: string) => person || distinct.length < 2 || isParty(name)
  // A party may be named by its role alone ("Consultant shall be responsible for all taxes"): named with it.
  const byRole = person || distinct.length < 2 ? [] : distinct.filter((party) => party.role.trim().length > 0)
  let best: { readonly found: Found; readonly value: number } | undefined
  for (const sentence of sentences.slice(0, 6)) {
    // A signature block splits "Name: Dr. Priya Raman." from "Title: Chief Executive Officer.": look one back.
    const previous = sentences.find((s) => s.entry === sentence.entry && s.position === sentence.position - 1)
    const lead = person && previous !== undefined ? `${previous.text} ` : ""
    const text = `${lead}${sentence.text}`
    const mentions = roleMentions(text, byRole)
    const spans = [...find(text), ...mentions.keys()].filter(
      (span) => !query.text.includes(span.text) && !excluded(span.text) && answersAs(span.text)
    )
    // The party that does what is asked is its clause's subject: "Company shall reimburse Consultant …".
    const subjects = spans.filter((span) => actsAfter.test(text.slice(span.end, span.end + 60)))
    const near = nearestSpan(text, subjects.length > 0 ? subjects : spans, query, index.idf)
    if (near === undefined) continue
    const value = sentence.score * (0.7 + 0.3 * near.closeness)
    if (best === undefined || value > best.value) {
      const short = mentions.get(near.span) ?? near.span.text
      best = { found: { short, sentence, at: Math.max(0, near.span.start - lead.length) }, value }
    }
  }
  if (best !== undefined) return best.found
  return named === undefined ? undefined : { short: named.name, sentence: sentenceFor(named, sentences) }
}
