import type { EngineDocument } from "../AnswerEngine.js"
import { notAnAgreement } from "./AgreementGate.js"
import type { AnswerKind } from "./AnswerKind.js"
import { askedPartyFirst, clauseAnswer } from "./ClauseAnswer.js"
import { clauseTypeOf } from "./ClauseTypes.js"
import { evergreenPeriod } from "./Concepts.js"
import { continuationOf } from "./Continuation.js"
import { findDates } from "./DateSpans.js"
import { definedDateAsked, definitionAsked, firstDefinedDate } from "./DefinedValue.js"
import { defines } from "./Definitions.js"
import { answerDocumentDate, documentDateQuestion } from "./DocumentDate.js"
import { agreementDateQuestion, definedEffectiveDate, effectiveQuestion } from "./EffectiveDate.js"
import { endQuestion, expiryAnswer, priorEndQuestion } from "./ExpiryAnswer.js"
import type { Found, KindAnswerer, Outcome, SentenceAnswerer } from "./Found.js"
import { answerGoverningLaw } from "./GoverningLaw.js"
import { liabilityCapAnswer, liabilityCapQuestion } from "./LiabilityCapAnswer.js"
import { answerParty } from "./PartyAnswer.js"
import type { PassageIndex } from "./PassageIndex.js"
import { subjectPeriod } from "./PeriodSubject.js"
import { asksBreachRemedy, ownStems, type Query } from "./Query.js"
import { type RankedSentence, toRanked } from "./Ranking.js"
import { givesNotice, renewalNotice, renewalNoticeQuestion } from "./RenewalNotice.js"
import { royaltyFor, royaltyQuestion, royaltyRate } from "./RoyaltyRate.js"
import { answerSigning, signingQuestion } from "./Signatures.js"
import { spanAnswer, spanCoverageFloor } from "./SpanAnswer.js"
import { statesTheTerm, termLengthAnswer, termLengthQuestion } from "./TermLength.js"
import { answerTitle, titleQuestion } from "./TitleAnswer.js"
import { yesNoAnswer } from "./YesNoAnswer.js"

/** Free text needs at least this share, else nothing relevant was found. */
const textCoverage = 0.3
/** How many of the best sentences a free-text question looks at. */
const window = 5
/** A start date found with less support than this gives way to the document's own date (contracts start when made). */
const startDateSupport = 0.6

const partiesNoun = /\b(?:part(?:y|ies)|compan(?:y|ies)|entit(?:y|ies)|organi[sz]ations?)\b/i
/** "Who signed for the company?", "… on behalf of the company?": the person signing for it. */
const signedFor = /^\s*who\b[^?]*\b(?:for|on\s+behalf\s+of)\s+(?:the\s+)?\w+/i

const startQuestion = /\b(?:effective|commence\w*|start|begin\w*|takes?\s+effect)\b/i

/** A sentence that defines one of the question's words (`(the "Purpose")`, `"Purpose" means`) answers "what is…". */
const definitionBoost = 1.3

const whatIs =
  /^\s*what\s+(?:is|are|was|were)\s+(?:the\s+|a\s+|an\s+)?\w+(?:\s+of\b|\s*\?)|\b(?:mean|means|meaning|definition|defined)\b/i

const textAnswer = (index: PassageIndex, query: Query, sentences: ReadonlyArray<RankedSentence>): Found | undefined => {
  const top = sentences.slice(0, window)
  const boost = whatIs.test(query.text)
  const value = (s: RankedSentence) => s.score * (boost && defines(s.text, query) ? definitionBoost : 1)
  const best = [...top].sort((a, b) => value(b) - value(a))[0]
  if (best === undefined || Math.max(...top.map((s) => s.coverage)) < textCoverage) return undefined
  // A heading that ends its passage ("5.2 Pemberton Marketing Commitments.") is read with the clause opening the next.
  return { short: undefined, sentence: best, continuation: continuationOf(best, sentences, index) }
}

/** A clause answer's quotes without its "Yes.": the question asked what the clause says, not whether there is one. */
const quotesOnly = (found: Found): Found => ({
  ...found,
  short: undefined,
  more: found.more?.map((other) => ({ ...other, short: undefined }))
})

/**
 * "What happens if a party is acquired?", "What does it say about assignment?": a question for text that names a
 * kind of clause is answered with the document's clauses of that kind (see `ClauseAnswer`), without a yes or no.
 */
const clauseText: KindAnswerer = (index, document, query, sentences) => {
  const type = clauseTypeOf(query.text)
  if (type === undefined) return undefined
  const found = clauseAnswer(index, document, type, sentences)
  // Nothing of the kind at all, not even in other words: a sentence that only ranks near the question's words
  // ("comply with all policies" for "What insurance is required?") is no answer.
  if (found === undefined) return { found: undefined }
  // What follows a breach of it is ranked for: the remedy, not the clause breached.
  if (asksBreachRemedy(query.text)) return undefined
  return found.short === "Yes." ? { found: quotesOnly(askedPartyFirst(index, document, query.text, found)) } : undefined
}

/**
 * "Who owns the intellectual property developed?", "When can either party terminate for convenience?": a who or
 * when question that names a kind of clause asks what that clause says, not for any party or date of the contract
 * (a signatory, the expiry date). The clause is quoted, or the sentence that denies it; with neither (a hedge is
 * too weak to stand for a name or date), no name or date is given. A licence grant is named by any question that
 * says "licensee": "Who is the licensee?" asks for a party.
 */
const clauseAsked: KindAnswerer = (index, document, query, sentences) => {
  if (query.kind !== "party" && query.kind !== "date") return undefined
  const type = clauseTypeOf(query.text)
  if (type === undefined || type.name === "licence grant") return undefined
  const found = clauseAnswer(index, document, type, sentences)
  return { found: found?.short === "Yes." ? quotesOnly(found) : found?.short === "No." ? found : undefined }
}

/**
 * A period a duration question asks for by what it is: the notice that stops renewal, the agreement's own term, or
 * the period of the thing it names (`PeriodSubject`). The first two are read from their clauses; where there is
 * none, the period ranking finds is given only when it is one of the kind asked. Undefined for other questions.
 */
const periodAsked: KindAnswerer = (index, document, query, sentences) => {
  if (query.kind !== "duration") return undefined
  const nearestThat = (fits: (found: Found) => boolean) => {
    const nearest = spanAnswer(index, query.kind, query, sentences)?.found
    return nearest !== undefined && fits(nearest) ? nearest : undefined
  }
  if (renewalNoticeQuestion(query.text)) return { found: renewalNotice(index, document) ?? nearestThat(givesNotice) }
  if (termLengthQuestion(query.text)) return { found: termLengthAnswer(index, document) ?? nearestThat(statesTheTerm) }
  if (renewalTermQuestion.test(query.text)) {
    const evergreen = evergreenRenewal(index, document)
    if (evergreen !== undefined) return { found: evergreen }
  }
  return subjectPeriod(index, document, query)
}

/** "What is the renewal term?", "How long is each renewal period?" (not the notice that stops renewal). */
const renewalTermQuestion = /\brenew\w*\b/i

/** An evergreen continuation's period ("on a month-to-month basis": 1 month), with its clause. */
const evergreenRenewal = (index: PassageIndex, document: EngineDocument): Found | undefined => {
  const [clause] = index.scan(document.id, (text) => evergreenPeriod(text) !== undefined)
  const period = clause === undefined ? undefined : evergreenPeriod(clause.text)
  return clause === undefined || period === undefined ? undefined : { short: period, sentence: toRanked(clause) }
}

/**
 * An answer that names a calendar date, one with a year (or says there is none): not a period standing in for one,
 * nor a day that recurs ("the first day of each calendar month", when rent is due).
 */
const calendar = (found: Found | undefined): Found | undefined =>
  found?.short !== undefined &&
  (findDates(found.short).some((date) => /\d{4}/.test(date.text)) || /^No\b/.test(found.short))
    ? found
    : undefined

/**
 * A date: the span answer; for a start date with weak support, the document's own date; for an end date that the
 * contract gives as a length of term, the start date plus that length.
 */
const dateAnswer = (
  index: PassageIndex,
  query: Query,
  sentences: ReadonlyArray<RankedSentence>,
  document: EngineDocument | undefined = sentences[0]?.entry.document
): Found | undefined => {
  // A date the question names as the document defines it ("What is the Commencement Date?").
  const named =
    document === undefined || effectiveQuestion.test(query.text)
      ? undefined
      : definedDateAsked(index, document, query.text)
  if (named !== undefined) return named
  const found = spanAnswer(index, "date", query, sentences)
  // The effective date, by the document's own definition first: the same answer whatever the wording. Asked when
  // it starts ("When does the lease commence?"), a defined Commencement Date first.
  const starting = startQuestion.test(query.text) && !endQuestion.test(query.text)
  if (document !== undefined && starting && !effectiveQuestion.test(query.text)) {
    const begins = firstDefinedDate(index, document, ["Commencement Date", "Start Date"])
    if (begins !== undefined) return begins
  }
  if (document !== undefined && starting) {
    const defined = definedEffectiveDate(index, document)
    if (defined !== undefined) return defined
  }
  // A date in a sentence that holds none of the question's words ("rent is due on the first day of each month").
  const weak = found === undefined || found.value < startDateSupport || found.found.sentence.coverage === 0
  if (document !== undefined && startQuestion.test(query.text) && weak) {
    return answerDocumentDate(index, document) ?? calendar(found?.found)
  }
  if (endQuestion.test(query.text) && document !== undefined) {
    return expiryAnswer(index, document, found, sentences, dateAnswer, priorEndQuestion.test(query.text))
  }
  return found?.found
}

/** The answer in one set of ranked sentences (one document, or all of them for a single-document cell). */
export const answerIn: SentenceAnswerer = (index, query, sentences, document = sentences[0]?.entry.document) => {
  if (document !== undefined && notAnAgreement(index, query, document)) return undefined
  if (document !== undefined && titleQuestion.test(query.text)) {
    const title = answerTitle(index, document)
    if (title !== undefined) return title
  }
  // "Who signed it?" asks for the signatories; "Which parties signed it?" for the parties, not the people signing.
  const signatories = signingQuestion.test(query.text) && (!partiesNoun.test(query.text) || signedFor.test(query.text))
  if (document !== undefined && query.kind === "party" && signatories) {
    const signed = answerSigning(index, query, document)
    if (signed !== undefined) return signed
  }
  // "the effective date of this agreement" asks when it takes effect, answered from the clause that says so.
  const ownDate =
    (documentDateQuestion.test(query.text) || agreementDateQuestion.test(query.text)) &&
    !startQuestion.test(query.text) &&
    !endQuestion.test(query.text)
  if (document !== undefined && query.kind === "date" && ownDate) {
    // The document's own date is a date, never a period standing in for one ("30 days").
    return (
      answerDocumentDate(index, document, signingQuestion.test(query.text)) ??
      definedEffectiveDate(index, document) ??
      calendar(dateAnswer(index, query, sentences, document))
    )
  }
  const clause = document === undefined ? undefined : clauseAsked(index, document, query, sentences)
  if (clause !== undefined) return clause.found
  if (document !== undefined && query.kind === "law") {
    const law = answerGoverningLaw(index, document, query.text)
    if (law !== undefined) return law
  }
  // "What royalty is payable?": the share of sales the contract charges, not a minimum royalty in money.
  if (document !== undefined && query.kind !== "yesno" && royaltyQuestion(query.text)) {
    const rate = royaltyRate(index, document, royaltyFor(ownStems(query)))
    if (rate !== undefined) return rate
  }
  const period = document === undefined ? undefined : periodAsked(index, document, query, sentences)
  if (period !== undefined) return period.found
  if (document !== undefined && query.kind === "money" && liabilityCapQuestion(query.text)) {
    return liabilityCapAnswer(index, document, query, sentences)
  }
  switch (query.kind) {
    case "yesno":
      return document === undefined ? undefined : yesNoAnswer(index, document, query, sentences)
    case "text": {
      const clause = document === undefined ? undefined : clauseText(index, document, query, sentences)
      if (clause !== undefined) return clause.found
      const definition = document === undefined ? undefined : definitionAsked(index, document, query.text)
      return definition ?? textAnswer(index, query, sentences)
    }
    case "party":
      return answerParty(index, query, sentences, document)
    case "date":
      return dateAnswer(index, query, sentences, document)
    default:
      return spanAnswer(index, query.kind, query, sentences)?.found
  }
}

/**
 * Nothing matched: yes/no questions say so plainly; other kinds fall back to the closest relevant sentence, else
 * say it is not found in the document, or in the documents when `documents` are several.
 */
export const nothingFound = (query: Query, sentences: ReadonlyArray<RankedSentence>, documents = 1): Outcome => {
  if (query.kind === "yesno") return { _tag: "Nothing", message: "No clause found." }
  const best = sentences[0]
  if (query.kind !== "text" && best !== undefined && best.coverage >= spanCoverageFloor) {
    return {
      _tag: "Answers",
      lead: `No ${nouns[query.kind]} is stated; the closest passage:`,
      found: [{ short: undefined, sentence: best, continuation: continuationOf(best, sentences) }]
    }
  }
  return { _tag: "Nothing", message: `Not found in the ${documents > 1 ? "documents" : "document"}.` }
}

const nouns: Record<AnswerKind, string> = {
  date: "specific date",
  money: "amount",
  duration: "period",
  party: "name",
  law: "governing law or place",
  number: "figure",
  yesno: "clause",
  text: "answer"
}
