import type { EngineDocument } from "../AnswerEngine.js"
import { headedClauses } from "./ClauseHeadings.js"
import type { ClauseName } from "./ClauseNames.js"
import { type Retrieved, retrieveClauses } from "./ClauseRetrieval.js"
import { type ClauseType, clauseAt, hasClause, mayHaveClause, rulesOut } from "./ClauseTypes.js"
import { antecedentOf, clauseWithConsequence, continuationOf, headingOnly } from "./Continuation.js"
import type { DocumentSentence } from "./DocumentSentences.js"
import type { Found } from "./Found.js"
import { askedAsActor, askedParty, bindsParty, type RoleEntry, rolesOf } from "./PartyRoles.js"
import type { PassageIndex } from "./PassageIndex.js"
import { type RankedSentence, toRanked } from "./Ranking.js"
import { listItem, splitSentences } from "./Sentences.js"

/** The query's ranking of a document sentence, if it ranked it. */
const rankingOf = (sentence: DocumentSentence, ranked: ReadonlyArray<RankedSentence>) =>
  ranked.find((other) => other.entry === sentence.entry && other.start === sentence.start)

/** A document sentence as the answer's quote: the ranked sentence when the query ranked it, else its own place. */
export const asRanked = (sentence: DocumentSentence, ranked: ReadonlyArray<RankedSentence> = []): RankedSentence =>
  rankingOf(sentence, ranked) ?? toRanked(sentence, 0, 0)

/** Reads one kind of clause in a document. */
type ClauseReader = (
  index: PassageIndex,
  document: EngineDocument,
  type: ClauseType,
  ranked: ReadonlyArray<RankedSentence>
) => Found | undefined

/** At most this many clauses are quoted for one answer, so that it stays short enough to read in a report cell. */
export const quotes = 3

/** Short sentences are mostly headings: they name a clause without stating it. */
const headingFirst = (sentence: DocumentSentence) => (sentence.text.length < 60 ? 1 : 0)

const rankOf = (sentence: DocumentSentence, ranked: ReadonlyArray<RankedSentence>) =>
  rankingOf(sentence, ranked)?.score ?? -1

/** At most `quotes` of the candidates, best first, none next to one already taken (the same clause run on). */
const apart = <A>(candidates: ReadonlyArray<A>, sentenceOf: (candidate: A) => DocumentSentence): Array<A> => {
  const shown: Array<A> = []
  for (const candidate of candidates) {
    if (shown.length >= quotes) break
    const order = sentenceOf(candidate).order
    if (shown.every((seen) => Math.abs(order - sentenceOf(seen).order) > 1)) shown.push(candidate)
  }
  return shown
}

const same = (a: DocumentSentence, b: DocumentSentence) => a.entry === b.entry && a.position === b.position

/** How many sentences after a heading, in its passage, a clause counts as filed under it. */
const filedWithin = 3

/** A heading that closes its passage ("ARTICLE 4 - CATEGORY EXCLUSIVITY" alone) files the next passage's first clauses. */
const closesPassage = (h: DocumentSentence) => splitSentences(h.entry.passage.text).length === h.position + 1

const under = (h: DocumentSentence, s: DocumentSentence): boolean =>
  (h.entry === s.entry && h.position < s.position && s.position - h.position <= filedWithin) ||
  (s.entry.passage.index === h.entry.passage.index + 1 && s.position < filedWithin && closesPassage(h))

/**
 * Whether a document has a kind of clause, read from all of its sentences: "Yes." with the clause (one filed under a
 * heading of its kind first, then the one the question ranks highest, else the first) and further places that state
 * it, at most `quotes` in all; "No." with a sentence that excludes it ("no third-party beneficiaries"); else the
 * clause under a heading that names the kind, or a hedged answer from the kind's vocabulary (`possibleAnswer`); else
 * nothing (no clause found).
 */
/** How many items back a list's lead-in is looked for. */
const itemsBack = 8

/**
 * A list item with the lead-in it completes ("Consultant shall not, directly or indirectly: … (a) solicit any
 * customer of the Company"), so that an item is read as the clause it states; else the sentence alone.
 */
const withLeadIn = (sentence: DocumentSentence): string => {
  if (!listItem.test(sentence.text) || sentence.position === 0) return sentence.text
  const before = splitSentences(sentence.entry.passage.text).slice(0, sentence.position)
  for (let i = before.length - 1; i >= Math.max(0, before.length - itemsBack); i--) {
    const text = before[i]?.text ?? ""
    if (/:\s*$/.test(text)) return `${text} ${sentence.text}`
    if (!listItem.test(text)) break
  }
  return sentence.text
}

export const clauseAnswer: ClauseReader = (index, document, type, ranked) => {
  // The scan's test is also each sentence's: a list item is kept to be read with its lead-in.
  const evidence = index
    .scan(document.id, (text) => mayHaveClause(type, text) || listItem.test(text))
    .filter((s) => hasClause(type, s.text) || hasClause(type, withLeadIn(s)))
  // A heading that names the kind with the clause it opens ("8.1 Non-Competition." over "During her employment …
  // shall not …"), then a clause filed under such a heading, then a clause before a bare heading; then the one the
  // question ranks highest, then the first.
  const headings = evidence.length > 1 ? headedClauses(index, document, type.name, true) : []
  const opens = (h: DocumentSentence) => (continuationOf(asRanked(h, ranked), ranked, index)?.length ?? 0) >= 40
  const filed = (s: DocumentSentence) =>
    headings.some((h) => same(h, s)) && opens(s) ? 0 : headings.some((h) => under(h, s)) ? 1 : 2
  const bare = (s: DocumentSentence) => (headingFirst(s) === 1 && filed(s) !== 0 ? 1 : 0)
  const [best, ...others] = apart(
    [...evidence].sort(
      (a, b) => filed(a) - filed(b) || bare(a) - bare(b) || rankOf(b, ranked) - rankOf(a, ranked) || a.order - b.order
    ),
    (s) => s
  )
  if (best !== undefined) {
    const sentence = asRanked(best, ranked)
    const continuation = clauseWithConsequence(sentence, ranked, index)
    // Further clauses of the kind, elsewhere in the document, are quoted too (at most `quotes` in all): a reviewer
    // wants to see each place the document says it, not only the first.
    const more = others.map((other) => {
      const quoted = asRanked(other, ranked)
      const at = clauseAt(type, other.text)
      return { short: "Yes.", sentence: quoted, continuation: continuationOf(quoted, ranked, index), at }
    })
    // "The Parties agree that such credits are a reasonable estimate …": quoted after the sentence it refers to.
    const antecedent = antecedentOf(sentence, index)
    const at = clauseAt(type, best.text)
    const found =
      antecedent === undefined
        ? { short: "Yes.", sentence, continuation, more, at }
        : {
            short: "Yes.",
            sentence: antecedent,
            continuation: continuation === undefined ? sentence.text : `${sentence.text} ${continuation}`,
            more,
            at: at === undefined ? undefined : antecedent.text.length + 1 + at
          }
    return withRetrieved(found, index, document, type.name, ranked, (text) => rulesOut(type, text))
  }
  const negated = type.negated
  const denials = negated === undefined ? [] : index.scan(document.id, (text) => negated.test(text))
  // "12. DISCLAIMER OF WARRANTY, LIMITATION OF LIABILITY." names the clause; the sentence under it states it.
  const denied = denials.find((sentence) => !headingOnly(sentence.text)) ?? denials[0]
  if (denied !== undefined) return { short: "No.", sentence: asRanked(denied, ranked) }
  return (
    underHeading(index, document, type, ranked) ??
    possibleAnswer(index, document, type.name, ranked, (text) => rulesOut(type, text))
  )
}

/** The short answer when only the kind's vocabulary finds the clause: a reader should check the quote. */
export const possibly = "Possibly: no clause in the usual wording, but this may be one."

/** A further quote found in other words, with the clause under it when it is a heading ("2.3 Matching Right."). */
const quotedWithClause = (found: Retrieved, ranked: ReadonlyArray<RankedSentence>, index: PassageIndex): Found => {
  const sentence = asRanked(found.sentence, ranked)
  return { short: undefined, sentence, continuation: continuationOf(sentence, ranked, index), at: found.at }
}

/**
 * None of the kind's usual wordings and no heading: the sentences that state it in other words (`ClauseRetrieval`),
 * quoted under a hedged answer, at most `quotes`.
 */
export const possibleAnswer = (
  index: PassageIndex,
  document: EngineDocument,
  name: ClauseName,
  ranked: ReadonlyArray<RankedSentence>,
  rulesOut: (text: string) => boolean
): Found | undefined => {
  const [best, ...others] = apart(
    retrieveClauses(index, document, name).filter((found) => !rulesOut(found.sentence.text)),
    (found: Retrieved) => found.sentence
  )
  if (best === undefined) return undefined
  const sentence = asRanked(best.sentence, ranked)
  const more = others.map((other) => quotedWithClause(other, ranked, index))
  return { short: possibly, sentence, continuation: continuationOf(sentence, ranked, index), more, at: best.at }
}

/**
 * A yes with fewer than `quotes` quotes: the sentences that state the kind in other words fill the rest (under a
 * heading of the kind first), since a contract often states a clause in more places than its usual wording finds.
 */
export const withRetrieved = (
  found: Found,
  index: PassageIndex,
  document: EngineDocument,
  name: ClauseName,
  ranked: ReadonlyArray<RankedSentence>,
  rulesOut: (text: string) => boolean
): Found => {
  const shown = [found, ...(found.more ?? [])]
  if (shown.length >= quotes) return found
  const extra: Array<Found> = []
  const near = (sentence: DocumentSentence) =>
    [...shown, ...extra].some(
      (seen) => seen.sentence.entry === sentence.entry && Math.abs(seen.sentence.position - sentence.position) <= 1
    )
  for (const other of retrieveClauses(index, document, name)) {
    if (shown.length + extra.length >= quotes) break
    const text = other.sentence.text
    if (rulesOut(text) || shown.some((seen) => seen.sentence.text.includes(text) || text.includes(seen.sentence.text)))
      continue
    if (near(other.sentence)) continue
    extra.push(quotedWithClause(other, ranked, index))
  }
  return extra.length === 0 ? found : { ...found, more: [...(found.more ?? []), ...extra] }
}

/**
 * A section heading that names the kind ("6. Insurance.", "Limitation of Liability"): the clause under the first
 * one that states something and is not `refused` (it says the opposite). The heading is quoted with its rank in
 * `quoteRanks` (none: rank 0), its clause read from `ranked` and the passages.
 */
export const headedClause = (
  headings: ReadonlyArray<DocumentSentence>,
  ranked: ReadonlyArray<RankedSentence>,
  index: PassageIndex,
  refused: (body: string) => boolean,
  quoteRanks: ReadonlyArray<RankedSentence> = ranked
): Found | undefined => {
  for (const heading of headings) {
    const sentence = asRanked(heading, quoteRanks)
    const body = continuationOf(sentence, ranked, index)
    if (body === undefined || body.length < 40 || refused(body)) continue
    return { short: "Yes.", sentence, continuation: body }
  }
  return undefined
}

/**
 * No usual wording of the clause, but a section heading that names its kind ("6. Insurance."): the clause under
 * it, unless it says the opposite or what the kind's evidence rules out.
 */
const underHeading: ClauseReader = (index, document, type, ranked) => {
  const refused = (body: string) => (type.negated?.test(body) ?? false) || (type.unless?.test(body) ?? false)
  const found = headedClause(headedClauses(index, document, type.name), ranked, index, refused)
  return found === undefined
    ? undefined
    : withRetrieved(found, index, document, type.name, ranked, (text) => rulesOut(type, text))
}

/**
 * "What insurance must Meridian maintain?": of the clauses found, the asked party's own ("Meridian shall maintain …")
 * is quoted first, before the other party's ("Sponsor shall maintain …").
 */
export const askedPartyFirst = (
  index: PassageIndex,
  document: EngineDocument,
  question: string,
  found: Found
): Found => {
  const parties = rolesOf(index, document)
  const party = askedParty(question, parties)
  return party === undefined ? found : partyClauseFirst(question, party, parties, found)
}

/**
 * Of the clauses found, the one that binds `party` first, when the question asks about it as the one that acts
 * ("must Meridian", "Meridian has to"), not as a word of the thing asked ("What happens to client data?").
 */
export const partyClauseFirst = (
  question: string,
  party: RoleEntry,
  parties: ReadonlyArray<RoleEntry>,
  found: Found
): Found => {
  const binds = (text: string) => bindsParty(text, party, parties)
  if (!askedAsActor(question, party) || binds(found.sentence.text)) return found
  const quotes = [found, ...(found.more ?? [])]
  // Only clauses of the kind (a "Yes."), not the sentences quoted beside them in other words.
  const own = quotes.find(
    (quote) => quote.short === "Yes." && binds(`${quote.sentence.text} ${quote.continuation ?? ""}`)
  )
  if (own === undefined) return found
  const rest = quotes.filter((quote) => quote !== own).map(({ more: _, ...quote }) => quote)
  return { ...own, short: found.short, more: rest }
}
