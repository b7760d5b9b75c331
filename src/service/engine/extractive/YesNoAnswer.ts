import type { EngineDocument } from "../AnswerEngine.js"
import {
  asRanked,
  clauseAnswer,
  headedClause,
  partyClauseFirst,
  possibleAnswer,
  quotes,
  withRetrieved
} from "./ClauseAnswer.js"
import { headedClauses } from "./ClauseHeadings.js"
import { type ClauseType, clauseAt, clauseTypeOf, hasClause } from "./ClauseTypes.js"
import { type Concept, conceptOf } from "./Concepts.js"
import { continuationOf } from "./Continuation.js"
import type { DocumentSentence } from "./DocumentSentences.js"
import type { DocumentAnswerer, Found } from "./Found.js"
import { negates } from "./Negation.js"
import { withoutFilingLegends } from "./PageFurniture.js"
import { actsIn, askedParty, namesParty, rolesOf } from "./PartyRoles.js"
import type { PassageIndex } from "./PassageIndex.js"
import { asksPermission, asPermission, sublicenceGranted } from "./PermissionAnswer.js"
import { ownStems } from "./Query.js"
import { coverageIn, type RankedSentence, sentenceBefore, toRanked } from "./Ranking.js"

/** A yes/no question is answered when one of the top sentences holds this share of its distinctive terms. */
const yesCoverage = 0.6
/** How many of the best sentences a yes/no question looks at. */
const window = 5
/** A known clause type may rank a little lower (a heading, a neighbouring clause above it): looked for this deep. */
const conceptWindow = 8

/** A sentence that grants a right to do what a question asks permission for (`asksPermission`). */
const grants =
  /\b(?:may|can|is\s+entitled\s+to|shall\s+be\s+entitled\s+to|(?:has|have|shall\s+have)\s+the\s+right\s+to|is\s+permitted\s+to)\b/i

/** The clause before its conditions and exceptions ("renews … unless either party does not wish to renew"). */
const statement = (text: string) => text.split(/\b(?:unless|except|provided\s+that)\b/i)[0] ?? text

/**
 * A known clause type: the best-ranked sentence that settles it. Evidence says yes (with the renewal term or the cap
 * when stated); a negated statement or a contrary clause (an option to renew) says no.
 */
const strongAnswer = (concept: Concept, window: ReadonlyArray<RankedSentence>, all: ReadonlyArray<RankedSentence>) => {
  for (const sentence of window) {
    const text = sentence.text
    const denied = concept.negated?.exec(statement(text)) ?? concept.contrary?.exec(text)
    if (denied != null) return { short: "No.", sentence, at: denied.index }
    const evidence = concept.evidence.exec(withoutFilingLegends(text))
    if (evidence !== null) {
      const detail = concept.detail?.(text, evidence.index)
      const short = detail === undefined ? "Yes." : `Yes — ${detail}`
      return { short, sentence, at: evidence.index, continuation: continuationOf(sentence, all) }
    }
  }
  return undefined
}

/** Weaker evidence (an exclusion of damages for a cap, a mere mention of confidentiality) says yes in part. */
const weakAnswer = (concept: Concept, window: ReadonlyArray<RankedSentence>, all: ReadonlyArray<RankedSentence>) => {
  const weak = concept.weakEvidence
  if (weak === undefined) return undefined
  for (const sentence of window) {
    const evidence = weak.exec(withoutFilingLegends(sentence.text))
    if (evidence === null) continue
    const short = concept.weakDetail === undefined ? "Yes." : `Yes — ${concept.weakDetail(sentence.text)}`
    return { short, sentence, at: evidence.index, continuation: continuationOf(sentence, all) }
  }
  return undefined
}

/**
 * A known concept: settled by the best-ranked sentences; when none of them settles it, by the first sentence of the
 * whole document that states it (so a terse or unusual wording that ranks the clause low still finds it); then by
 * weaker evidence near the top, then anywhere; then by a section heading that names it; else a hedged answer from
 * its vocabulary (`possibleAnswer`). A yes also quotes the other places the document says it, at most `quotes` in all.
 */
const conceptAnswer = (
  document: EngineDocument,
  concept: Concept,
  sentences: ReadonlyArray<RankedSentence>,
  everything: () => ReadonlyArray<DocumentSentence>,
  weakEverywhere: () => ReadonlyArray<DocumentSentence>,
  headed: () => ReadonlyArray<DocumentSentence>,
  index: PassageIndex
): Found | undefined => {
  const window = sentences.slice(0, conceptWindow)
  const anywhere = everything().find((sentence) => !concept.contrary?.test(sentence.text))
  const rulesOut = (text: string) =>
    (concept.contrary?.test(text) ?? false) || (concept.negated?.test(statement(text)) ?? false)
  const found =
    strongAnswer(concept, window, sentences) ??
    (anywhere === undefined ? undefined : strongAnswer(concept, [asRanked(anywhere)], sentences)) ??
    weakAnswer(concept, window, sentences) ??
    weakAnswer(
      concept,
      weakEverywhere().map((s) => asRanked(s)),
      sentences
    ) ??
    headedClause(headed(), sentences, index, rulesOut, [])
  if (found === undefined) return possibleAnswer(index, document, concept.name, sentences, rulesOut)
  if (!found.short?.startsWith("Yes")) return found
  // The other places the document says it (a cap and an exclusion of damages), at most `quotes` in all.
  const main = found.sentence
  const others = [...everything(), ...weakEverywhere()]
    .filter((s) => s.text !== main.text && !main.text.includes(s.text) && !concept.contrary?.test(s.text))
    .filter((s) => !(concept.negated?.test(statement(s.text)) ?? false))
    .sort((a, b) => a.order - b.order)
    .filter((s, i, all) => all.findIndex((other) => other.text === s.text) === i)
    .slice(0, quotes - 1)
  const at = (text: string) => (concept.evidence.exec(text) ?? concept.weakEvidence?.exec(text))?.index
  const more = others.map((s) => ({ short: undefined, sentence: asRanked(s), at: at(s.text) }))
  return withRetrieved({ ...found, more }, index, document, concept.name, sentences, rulesOut)
}

/**
 * Yes/no: a known concept by its evidence (see `Concepts`), a known kind of clause by the document's sentences
 * (see `ClauseTypes`); otherwise "Yes." when one of the top sentences holds
 * most of the question's distinctive terms, "No." when every such sentence denies it ("does not renew"), else
 * nothing.
 */
/** "either party", "each Party": a clause that gives the right to both. */
const bothParties = /\b(?:either|each|any|both)\s+(?:of\s+the\s+)?part(?:y|ies)\b/i

/**
 * A kind of clause asked of one party ("Can the provider terminate for convenience?"): where the clauses found are
 * all another party's ("Customer may terminate … for any reason") and the document denies it to the party asked
 * ("Provider shall have no right to terminate this Agreement for convenience"), the answer is that denial.
 */
const forAskedParty = (
  index: PassageIndex,
  document: EngineDocument,
  clause: ClauseType,
  question: string,
  sentences: ReadonlyArray<RankedSentence>
): Found | undefined => {
  const answered = clauseAnswer(index, document, clause, sentences)
  const negated = clause.negated
  if (answered?.short !== "Yes.") return answered
  // The kind's own words name no party: "Beneficiary" in "third-party beneficiaries" where a party is so named.
  const asked = question.replace(clause.asks, " ")
  const parties = rolesOf(index, document)
  const party = askedParty(asked, parties)
  if (party === undefined) return answered
  // "Must Meridian maintain insurance?": Meridian's own clause first.
  const found = partyClauseFirst(asked, party, parties, answered)
  // A heading's clause is read with it ("2.3 Exclusive Service Provider." over "Customer shall engage BIS …").
  const quoted = [found, ...(found.more ?? [])].map((quote) => `${quote.sentence.text} ${quote.continuation ?? ""}`)
  // An exclusive appointment names its party as the one appointed ("Customer shall engage BIS as the sole provider").
  const concerns = (text: string) => (clause.name === "exclusivity" ? namesParty(text, party) : actsIn(text, party))
  if (quoted.some((text) => concerns(text) || bothParties.test(text))) return found
  // The asked party's own clause of the kind, which the quotes left out as next to another's ("Provider shall not
  // assign … without Customer's prior written consent. Customer may assign … upon written notice").
  const own = index
    .scan(document.id, (text) => hasClause(clause, text))
    .find((sentence) => hasClause(clause, sentence.text) && actsIn(sentence.text, party))
  if (own !== undefined) {
    const others = [found, ...(found.more ?? [])].map((other) => ({ ...other, short: undefined }))
    return { short: "Yes.", sentence: asRanked(own, sentences), at: clauseAt(clause, own.text), more: others }
  }
  if (negated === undefined) return found
  const denial = index
    .scan(document.id, (text) => negated.test(text))
    .find((sentence) => negated.test(sentence.text) && namesParty(sentence.text, party))
  return denial === undefined ? found : { short: "No.", sentence: toRanked(denial) }
}

export const yesNoAnswer: DocumentAnswerer = (index, document, query, sentences) => {
  const heads = ownStems(query)
  const concept = conceptOf(query.text, heads)
  if (concept !== undefined) {
    const weak = concept.weakEvidence
    return conceptAnswer(
      document,
      concept,
      sentences,
      () => index.scan(document.id, (text) => concept.evidence.test(withoutFilingLegends(text))),
      () => (weak === undefined ? [] : index.scan(document.id, (text) => weak.test(withoutFilingLegends(text)))),
      () => headedClauses(index, document, concept.name),
      index
    )
  }
  const clause = clauseTypeOf(query.text)
  if (clause !== undefined)
    return (
      sublicenceGranted(index, document, query.text) ??
      asPermission(clause.name, query.text, forAskedParty(index, document, clause, query.text, sentences))
    )
  // "Can the agreement be terminated early?" is answered by a sentence that grants the right ("may terminate"), not
  // by one that only mentions termination ("survive … notwithstanding any termination"), when both hold its words.
  const grant = asksPermission.test(query.text) ? (text: string) => (grants.test(text) ? 1 : 0) : () => 0
  const qualifying = sentences
    .slice(0, window)
    .filter((sentence) => sentence.coverage >= yesCoverage)
    .sort((a, b) => b.coverage - a.coverage || grant(b.text) - grant(a.text) || b.score - a.score)
  const [best] = qualifying
  if (best === undefined) return undefined
  // A sentence that holds the question's words only with the one before it says what that one says: after
  // "Consultant is … not an employee of Company.", "Consultant shall be responsible for all taxes …" is no yes.
  const denies = (sentence: RankedSentence) =>
    negates(sentence.text, query) ||
    (coverageIn(index, query, sentence.text) < yesCoverage && negates(sentenceBefore(sentence) ?? "", query))
  // "No licence to the source code is granted" next to "grants a licence" as good a match: the denial is an exception.
  const affirmed = qualifying.find((sentence) => sentence.coverage >= best.coverage && !denies(sentence))
  const chosen = affirmed ?? qualifying.find((sentence) => negates(sentence.text, query)) ?? best
  return {
    short: affirmed === undefined ? "No." : "Yes.",
    sentence: chosen,
    continuation: continuationOf(chosen, sentences)
  }
}
