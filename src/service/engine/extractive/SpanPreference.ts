import { datesAgreement, definedBySpan } from "./Definitions.js"
import { moneyPreference } from "./MoneyPreference.js"
import type { Query } from "./Query.js"
import type { Span } from "./Span.js"
import { renewalNear } from "./TermClause.js"
import { processTerm, stem, terms } from "./Terms.js"

const comparison =
  /(?:compared\s+(?:with|to)|versus|vs\.?|up\s+from|down\s+from|from|previous\s+\w+\s+of|prior\s+\w+\s+of)\s*$/i
const asksPrior = /\b(?:previous|prior|last\s+year|year\s+earlier|a\s+year\s+ago|compared|before)\b/i
/** Wording after a period that makes it one of notice: "sixty (60) days' written notice", "… days prior to the end". */
const noticeAfter =
  /^[’']?s?\s*(?:\)\s*)?(?:prior\s+|advance\s+)?(?:written\s+)?(?:notice|notif\w*)\b|^[^.;]{0,40}?\b(?:prior\s+to|before|in\s+advance\b|preceding)/i
/** Wording before it: "notice of at least …", "a notice period of …". */
const noticeBefore =
  /\b(?:notice|notif\w*)\s+(?:period\s+)?(?:of\s+)?(?:at\s+least\s+|not\s+less\s+than\s+|no\s+less\s+than\s+)?$/i

/** Whether the period `span` of `text` is a period of notice, by the words around it. */
export const isNoticePeriod = (text: string, span: Pick<Span, "start" | "end">): boolean =>
  noticeBefore.test(text.slice(Math.max(0, span.start - 60), span.start)) ||
  noticeAfter.test(text.slice(span.end, span.end + 60))
const noticeQuestion = /\b(?:notice|advance|notify)\b/i
/**
 * "fails to pay rent within ten (10) days after written notice", "does not cure the breach within thirty (30) days":
 * the time a party has to put a default right, not notice of termination.
 */
export const cureBefore =
  /\b(?:cure[sd]?|remed(?:y|ied|ies)|rectif(?:y|ies|ied)|fails?\s+to|failure\s+to|does\s+not|do\s+not)\b[^.;]{0,100}\bwithin\s*$/i

/** Every date in the sentence belongs to a word the question did not use ("ends on …" for a start date). */
const otherAnchorFit = 0.6
/** A notice question over a sentence with no period shaped as notice. */
const notNoticeFit = 0.85
/** A span that the text itself names with the question's term (`1 May 2020 (the "Effective Date")`). */
const definedFit = 1.4

/**
 * Words a date in a clause belongs to: in "begins on 15 January 2024 and runs … until 14 January 2029" the first
 * date is the start and the second the end, whatever the question's words are nearest to.
 */
const dateAnchors = new Set(
  terms(
    "effective dated commence commencement begin begins start starts end ends ending expire expires expiration " +
      "expiry until terminate termination conclude concludes due payable signed executed record closing through before"
  )
)

/** The date anchor nearest a span (within 40 characters; words after it count as a little further). */
const attachedAnchor = (text: string, span: Span): string | undefined => {
  let best: { readonly term: string; readonly distance: number } | undefined
  for (const match of text.matchAll(/[\p{L}]+/gu)) {
    const term = processTerm(match[0])
    if (term === null || !dateAnchors.has(term)) continue
    const end = match.index + match[0].length
    const distance = end <= span.start ? span.start - end : match.index >= span.end ? (match.index - span.end) * 1.5 : 0
    if (distance <= 40 && (best === undefined || distance < best.distance)) best = { term, distance }
  }
  return best?.term
}

/**
 * "When was the JV company formed?": an event other than the agreement's making, so not the date the agreement gives
 * itself ("is made and entered into as of the fourteenth day of March, …"), however well its title ranks.
 */
const eventAsked = /\b(?:formed|formation|incorporat\w*|founded|organi[sz]ed|established|registered|filed|filing)\b/i
const agreementAsked = /\b(?:agreement|contract|signed|executed|entered|dated)\b/i
/** A date question about an event other than the agreement's making. */
export const asksOtherEvent = (query: Query): boolean =>
  query.kind === "date" && eventAsked.test(query.text) && !agreementAsked.test(query.text)
const ownDateBefore =
  /\b(?:made|entered\s+into|dated|executed)\s+(?:and\s+(?:entered\s+into|made)\s+)?(?:effective\s+)?(?:as\s+of\s+|on\s+|this\s+)?(?:the\s+)?$/i

/** A question about the renewal: the period it wants is the one `renewalNear` puts in the renewal. */
const renewalAsked = /\b(?:renew\w*|extend\w*|extension)\b/i
/** Acts that need notice: a notice period belongs to the one its clause names. */
const actions = new Set(terms("terminate renew exercise adjust increase change assign extend sublet audit"))
const renew = stem("renew")
const terminate = stem("terminate")
/** A notice for another act than the one asked about counts this much. */
const otherActionPenalty = 0.5

/** Insurance: its policies' "notice of cancellation or termination of coverage" is no party's notice. */
const insurance = /\b(?:insur\w*|coverage|underwriter\w*)\b/i

/** A notice for another act ("option to renew … by notice given 180 days before") when the question names one. */
const otherActionFit = (text: string, query: Query) => {
  const asked = [...actions].filter((act) => query.groups.some((group) => group.has(act)))
  if (asked.length === 0) return 1
  if (insurance.test(text) && !insurance.test(query.text)) return otherActionPenalty
  // Notice that prevents renewal is mostly worded as notice to terminate at the end of the term.
  if (asked.includes(renew)) asked.push(terminate)
  const present = new Set(terms(text))
  const named = [...actions].filter((act) => present.has(act))
  return named.length > 0 && !named.some((act) => asked.includes(act)) ? otherActionPenalty : 1
}

/** A question about when payment falls due: "What are the payment terms?", "When must invoices be paid?". */
const paymentAsked = /\b(?:pay(?:s|ing|ment|ments|able)?|paid|invoic\w*|due)\b/i
/** A period to pay in: "shall pay each invoice within forty-five (45) days after receipt", "net 30", "30 days of invoice". */
const paymentBefore = /\b(?:pa(?:y|id)\w*|remit\w*|settle\w*|due|payable)\b[^.;]{0,100}\bwithin\s*$|\bnet\s*$/i
const paymentAfter =
  /^[’']?\s*(?:\)\s*)?(?:after|of|from|following)\s+(?:the\s+)?(?:date\s+of\s+)?(?:\w+\s+){0,2}(?:receipt|invoice|invoicing|billing|statement)/i
/** A period a late payment runs past: "remains unpaid thirty (30) days after its due date", "more than 30 days overdue". */
const lateBefore = /\b(?:unpaid|overdue|late|past\s+due|delinquent|outstanding)\b[^.;]{0,60}$/i
const lateAfter =
  /^[’']?\s*(?:\)\s*)?(?:overdue|late|past\s+due|after\s+(?:its|the|their|such)\s+(?:\w+\s+)?due\s+date)\b/i
/** A period looked back on: "during the last two (2) years of her employment", "in the two years before termination". */
const lookbackBefore = /\b(?:during|within|in|over)\s+the\s+(?:last|past|preceding|previous|prior)\s*$/i
const lookbackAfter =
  /^[’']?\s*(?:\)\s*)?(?:before|preceding|prior\s+to)\s+(?:the\s+|such\s+|its\s+)?(?:termination|date|end)\b/i
/** A question for the place disputes go to, and a sentence that names one. */
const forumAsked = /\b(?:where|venue|forum|seat|courts?|arbitrat\w*|heard|sue|litigat\w*)\b/i
const forumText = /\b(?:courts?|arbitrat\w*|tribunal|venue|jurisdiction|forum|seat)\b/i
/** A choice of law asked where disputes are heard counts this much. */
const notForumFit = 0.5
/**
 * How long a restriction or a duty of secrecy runs: the period it lasts for ("for a period of twelve (12) months after
 * termination"), not a deadline beside it ("waives the non-competition covenant … within ten (10) days").
 */
const restrictionAsked =
  /\b(?:non-?compet\w*|compet\w*|non-?solicit\w*|solicit\w*|confidential\w*|exclusiv\w*|restrict\w*|lock-?up)\b/i
const deadlineBefore = /\bwithin\s*$/i
/** A proviso opened before a span: what follows "; provided that" qualifies the clause's own period. */
const provisoBefore = /[;,]\s*provided,?\s+(?:however,?\s+)?that\b/i
/** A sentence that states only deadlines, asked how long a restriction runs, counts this much. */
const deadlineFit = 0.6
/** A sentence with no period to pay in, asked for one, counts this much (a cap "in the twelve (12) months", a delay). */
const notPaymentFit = 0.6

/** The spans of the wanted shape (the others fall away when any is present) and how well the sentence fits. */
interface Preferred {
  readonly spans: ReadonlyArray<Span>
  readonly fit: number
}

/**
 * Shapes a question implies. A span the text names with the question's term wins outright. A notice question wants
 * the period that is notice ("thirty (30) days' notice", "notice … at least 180 days before"), not the term next
 * to it. A date belongs to its nearest anchor word ("ends on", "commencing"). Figures introduced by "compared
 * with", "up from" or "previous … of" are the comparison, unless the question asks about the earlier period.
 */
export const preferred = (text: string, spans: ReadonlyArray<Span>, query: Query): Preferred => {
  const defined = spans.filter((span) => definedBySpan(text, span, query) || datesAgreement(text, span, query))
  if (defined.length > 0) return { spans: defined, fit: definedFit }
  const money = moneyPreference(text, spans, query)
  let kept = money.spans
  let fit = money.fit
  if (!asksPrior.test(query.text)) {
    const current = kept.filter((span) => !comparison.test(text.slice(Math.max(0, span.start - 30), span.start)))
    if (current.length > 0) kept = current
  }
  if (asksOtherEvent(query)) {
    kept = kept.filter((span) => !ownDateBefore.test(text.slice(Math.max(0, span.start - 50), span.start)))
  }
  if (query.kind === "date" && kept.length > 0) {
    const attached = kept.map((span) => attachedAnchor(text, span))
    const isAsked = (term: string | undefined) => term !== undefined && query.groups.some((group) => group.has(term))
    const matched = kept.filter((_, i) => isAsked(attached[i]))
    const unknown = kept.filter((_, i) => attached[i] === undefined)
    if (matched.length > 0) kept = matched
    else if (unknown.length > 0) kept = unknown
    else fit = otherAnchorFit
  }
  // "What are the payment terms?", "When are invoices due?": a period to pay in, not one a late payment runs past.
  if ((query.kind === "duration" || query.kind === "date") && paymentAsked.test(query.text) && kept.length > 0) {
    const paying = kept.filter(
      (span) =>
        paymentBefore.test(text.slice(Math.max(0, span.start - 140), span.start)) ||
        paymentAfter.test(text.slice(span.end, span.end + 60))
    )
    const late = (span: Span) =>
      lateBefore.test(text.slice(Math.max(0, span.start - 60), span.start)) ||
      lateAfter.test(text.slice(span.end, span.end + 40))
    if (paying.length > 0) kept = paying
    else {
      kept = kept.filter((span) => !late(span))
      if (query.kind === "duration" || !kept.some((span) => /\d{4}/.test(span.text))) fit *= notPaymentFit
    }
  }
  // "Where are disputes heard?", "Where is arbitration held?": the courts or the seat, not the law chosen.
  if (query.kind === "law" && forumAsked.test(query.text) && !forumText.test(text)) fit *= notForumFit
  const isNotice = (span: Span) => isNoticePeriod(text, span)
  if (noticeQuestion.test(query.text)) {
    const notice = kept.filter(isNotice)
    if (notice.length > 0) kept = notice
    else {
      fit = notNoticeFit
      // Asked for notice, a period to cure is still the nearest thing the text states: it says which it is.
      const isCure = (span: Span) => cureBefore.test(text.slice(Math.max(0, span.start - 120), span.start))
      kept = kept.map((span) => (isCure(span) ? { ...span, text: `${span.text} (cure period)` } : span))
    }
    fit *= otherActionFit(text, query)
  } else if (query.kind === "duration") {
    // "… any Company office at which she worked during the last two (2) years of her employment": a time looked
    // back on, not the period the clause runs for.
    const ahead = kept.filter(
      (span) =>
        !lookbackBefore.test(text.slice(Math.max(0, span.start - 40), span.start)) &&
        !lookbackAfter.test(text.slice(span.end, span.end + 40))
    )
    if (ahead.length > 0) kept = ahead
    // "… for a period of ninety (90) days after Acceptance; provided that … the Warranty Period shall not end earlier
    // than sixty (60) days after …": the period the clause states, not the floor or exception its proviso adds.
    const stated = kept.filter((span) => !provisoBefore.test(text.slice(0, span.start)))
    if (stated.length > 0) kept = stated
    if (restrictionAsked.test(query.text) && kept.length > 0) {
      const lasting = kept.filter((span) => !deadlineBefore.test(text.slice(Math.max(0, span.start - 12), span.start)))
      if (lasting.length > 0) kept = lasting
      else fit *= deadlineFit
    }
    // "What is the renewal term?" over "renews for one (1) year unless … thirty (30) days' notice": not the notice.
    const other = kept.filter((span) => !isNotice(span))
    if (other.length > 0) kept = other
    // "… an initial term of five (5) years and will be extended for periods of two (2) years": the renewal's.
    // A period with no words of renewal before it is another period ("shall continue for a period of five (5)
    // years" beside "This Agreement shall not renew automatically"): no renewal term is stated there.
    if (renewalAsked.test(query.text)) {
      kept = kept.filter((span) => renewalNear.test(text.slice(Math.max(0, span.start - 60), span.start)))
    }
  }
  return { spans: kept, fit }
}
