import { describe } from "@effect/vitest"
import { itGivesShortAnswers, type ShortAnswerCase, textDocument } from "./documentOf.js"

/** Queries as analysts write them in a pipeline: a question, then how to answer it. */
const parties =
  "Who are the parties to this agreement? Give each party's full legal name and its role (for example supplier or customer)."
const effectiveDate = 'What is the effective date of this agreement? Answer as YYYY-MM-DD, or "not stated".'
const governingLaw = "Which jurisdiction's law governs this agreement?"
const terminationNotice = 'What notice period is required to terminate this agreement? Answer in days, or "not stated".'
const contractValue = "What is the total contract value or the fees payable, with currency and payment terms?"

const lease = textDocument(
  `COMMERCIAL LEASE\n\nThis Lease is made on February 12, 2024 between Harborview Properties LLC, a Maine limited liability company ("Landlord"), and Quillfeather Books, Inc., a Maine corporation ("Tenant").\n\n3. RENT\n\nTenant shall pay base rent of $4,800 per month on the first day of each calendar month.\n\n5. IMPROVEMENTS\n\nLandlord shall provide a tenant improvement allowance of $36,000, payable against paid invoices.\n\n8. TERMINATION\n\nEither party may terminate this Lease on two (2) weeks' written notice.\n\n9. GOVERNING LAW\n\nThis Lease is governed by the laws of the State of Maine, and the courts of Cumberland County, Maine have exclusive jurisdiction.`
)

/** A services agreement that defines no roles. */
const services = textDocument(
  "SERVICES AGREEMENT\n\nThis Agreement is made between Acme Widgets, Inc., a Delaware corporation, and Beta Stores LLC, a Texas limited liability company."
)
const offer = textDocument(
  'On behalf of Brightline Robotics, Inc. (the "Company"), I am pleased to offer you the position of engineer.\n\nSincerely,\nAlan Brooks, Director of Engineering, Brightline Robotics, Inc.\n\nAccepted and agreed: Maria Delgado'
)
const shortRelease = textDocument(
  "Larkspur Reports Results\n\nNet sales were $48.6 million. Investor contact: Laura Kim, Director of Investor Relations."
)
const msa = textDocument(
  "MASTER SERVICES AGREEMENT\n\n4. FEES\n\nClient shall pay Provider a monthly platform retainer of $42,500, plus time-and-materials fees. Invoices are payable within forty-five (45) days.\n\n9. LIABILITY\n\nEach party's total liability shall not exceed the total fees paid or payable in the twelve (12) months before the claim, and in no event shall exceed $1,250,000."
)
/** Not an agreement at all: its date and its periods answer nothing about one. */
const quarterlyRelease = textDocument(
  "Larkspur Reports Third Quarter Results\n\nBoulder, Colorado — October 24, 2024 — Net sales were $48.6 million. Capital expenditures for the first nine months were $11.8 million."
)

/** Each question over a document, and the short answer (the answer's first paragraph) it must get. */
const answers: ReadonlyArray<ShortAnswerCase> = [
  {
    name: "parties: every party, with the role the document gives it",
    query: parties,
    document: lease,
    short: "Harborview Properties LLC (Landlord) and Quillfeather Books, Inc. (Tenant)"
  },
  {
    name: 'parties without defined roles: both sides of "between A and B"',
    query: parties,
    document: services,
    short: "Acme Widgets, Inc. and Beta Stores LLC"
  },
  {
    name: "parties of an offer letter: the company by its role, and the person who accepts it",
    query: parties,
    document: offer,
    short: "Brightline Robotics, Inc. (Company) and Maria Delgado"
  },
  {
    name: "parties of a press release: none, as any name would be a guess",
    query: parties,
    document: shortRelease,
    short: "Not found in the document."
  },
  {
    name: "governing law: the state whose laws govern, not the county of the courts",
    query: governingLaw,
    document: lease,
    short: "Maine"
  },
  {
    name: "courts: the county of the courts",
    query: "Which courts have jurisdiction?",
    document: lease,
    short: "Cumberland County, Maine"
  },
  {
    name: "contract value: the rent, not the allowance",
    query: contractValue,
    document: lease,
    short: "$4,800 per month"
  },
  {
    name: "contract value: the retainer, not the liability cap or the payment period",
    query: contractValue,
    document: msa,
    short: "$42,500"
  },
  {
    name: "effective date in the format asked for",
    query: effectiveDate,
    document: lease,
    short: "2024-02-12"
  },
  {
    name: "termination notice in the unit asked for",
    query: terminationNotice,
    document: lease,
    short: "14 days"
  },
  {
    name: "a period to cure a default, asked for notice to terminate, is said to be one",
    query: terminationNotice,
    document: textDocument(
      "LEASE\n\n8.1 Tenant is in default if it fails to pay rent within ten (10) days after written notice that it is overdue.\n\n8.2 On a default, Landlord may terminate this Lease by written notice."
    ),
    short: "10 days (cure period)"
  },
  {
    name: "notice to terminate that takes effect after a period is no cure period",
    query: terminationNotice,
    document: textDocument(
      "SERVICES AGREEMENT\n\n9.1 Either party may terminate this Agreement effective sixty (60) days after written notice to the other party."
    ),
    short: "60 days"
  },
  {
    name: "an end date worked out from the term, as YYYY-MM-DD with its note",
    query: "When does the agreement expire? Answer as YYYY-MM-DD.",
    document: textDocument(
      'SERVICES AGREEMENT\n\nThis Services Agreement is made as of January 15, 2020 (the "Effective Date") between Acme Widgets, Inc. and Beta Stores LLC.\n\n7. Term. The term of this Agreement shall be five (5) years from the Effective Date.'
    ),
    short: "2025-01-15 (5 years from 2020-01-15)"
  },
  {
    name: "effective date of a press release: the query's words for nothing stated",
    query: effectiveDate,
    document: quarterlyRelease,
    short: "Not stated."
  },
  {
    name: "termination notice of a press release: the query's words for nothing stated",
    query: terminationNotice,
    document: quarterlyRelease,
    short: "Not stated."
  },
  {
    name: "governing law of a press release: not found",
    query: governingLaw,
    document: quarterlyRelease,
    short: "Not found in the document."
  }
]

describe("analyst queries with answer-format instructions", () => {
  itGivesShortAnswers(answers)
})
