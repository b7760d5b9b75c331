import { describe } from "@effect/vitest"
import { itGivesShortAnswers, type ShortAnswerCase, textDocument } from "./documentOf.js"

/**
 * A SaaS subscription agreement: a price increase given notice "for any Renewal Term" before the renewal clause, late
 * payment beside the payment term, a liability cap that speaks of "payment obligations", and termination for
 * convenience granted to one party and denied to the other.
 */
const subscription = textDocument(
  [
    "SOFTWARE SUBSCRIPTION AGREEMENT",
    'This Software Subscription Agreement is made on June 3, 2021 between Northwind Cloud Systems, Inc. ("Provider") and Halvorsen Logistics LLC ("Customer").',
    "3.2 Invoicing and Payment. Provider will invoice the Fees annually in advance on the Effective Date and on each anniversary thereof. Customer shall pay each undisputed invoice within forty-five (45) days after the date of receipt of the invoice.",
    "3.3 Late Payment. If any undisputed amount is more than thirty (30) days overdue, Provider may, upon ten (10) days' prior written notice, suspend Customer's access to the Services until such amounts are paid in full.",
    "3.4 Price Increases. Provider may increase the Fees for any Renewal Term by giving Customer written notice at least ninety (90) days before the end of the then-current term.",
    '4.1 Initial Term. The initial term of Customer\'s subscription shall commence on the Effective Date and continue for a period of thirty-six (36) months (the "Initial Subscription Term").',
    '4.2 Renewal. Upon expiry of the Initial Subscription Term, the subscription shall automatically renew for successive periods of twelve (12) months each (each a "Renewal Term") unless either Party notifies the other in writing of its intention not to renew at least sixty (60) days prior to the expiry of the then-current term.',
    "4.3 Duration of Agreement. This Agreement shall remain in force for the Subscription Term and thereafter until all Order Forms have expired or been terminated.",
    "4.4 Termination for Convenience. Customer may terminate this Agreement for any reason or no reason upon one hundred twenty (120) days' prior written notice to Provider. Provider shall have no right to terminate this Agreement for convenience.",
    "6.2 EXCEPT FOR CUSTOMER'S PAYMENT OBLIGATIONS, EACH PARTY'S AGGREGATE LIABILITY SHALL NOT EXCEED THE FEES PAID IN THE TWELVE (12) MONTHS PRECEDING THE CLAIM."
  ].join("\n\n")
)

/** A non-solicitation that looks back on the years before it runs, and confidentiality asked for by its term. */
const restrictive = textDocument(
  'EMPLOYMENT AGREEMENT\n\nThis Agreement is made between Northwind Robotics Corporation ("Company") and Priya Venkataraman ("Executive").\n\n8.2 Non-Solicitation. The Executive shall not solicit any customer with whom she dealt during the last two (2) years of her employment, for twelve (12) months after the termination of her employment.\n\n9. Confidentiality. The Executive shall keep the Confidential Information secret during her employment and for three (3) years thereafter.'
)

const cases: ReadonlyArray<ShortAnswerCase> = [
  { name: "a bare 'Term?' asks for the term", query: "Term?", document: subscription, short: "36 months" },
  {
    name: "'Term of confidentiality?' asks for a period, not whether there is a clause",
    query: "Term of confidentiality?",
    document: restrictive,
    short: "3 years"
  },
  {
    name: "the period a restriction runs for, not the years it looks back on",
    query: "How long is the non-solicitation period?",
    document: restrictive,
    short: "12 months"
  },
  {
    name: "the notice that stops renewal, not a price increase's notice 'for any Renewal Term'",
    query: "What is the non-renewal notice period?",
    document: subscription,
    short: "60 days"
  },
  {
    name: "the payment terms are the period to pay an invoice in, not the cap's twelve months",
    query: "What are the payment terms?",
    document: subscription,
    short: "45 days"
  },
  {
    name: "when payment is due, not the days a late payment runs past",
    query: "When is payment due?",
    document: subscription,
    short: "45 days"
  },
  {
    name: "the initial term 'of Customer's subscription' is the term clause",
    query: "What is the term of the agreement?",
    document: subscription,
    short: "36 months"
  },
  {
    name: "a right denied to the party asked about is a no, though the other party has it",
    query: "Can the provider terminate for convenience?",
    document: subscription,
    short: "No."
  },
  {
    name: "the party that has it, yes",
    query: "Can the customer terminate for convenience?",
    document: subscription,
    short: "Yes."
  }
]

describe("a new user's questions over a subscription agreement, and periods asked tersely", () => {
  itGivesShortAnswers(cases)
})
