import { describe } from "@effect/vitest"
import { itGivesShortAnswers, textDocument } from "./documentOf.js"

/** Sentences that deny what a question asks, in other words than "not". */
const distribution = textDocument(
  [
    "DISTRIBUTION AGREEMENT",
    'This Agreement is made between Alpha Inc. ("Supplier") and Beta LLC ("Distributor").',
    '1. "Territory" means the United States of America, excluding Alaska and Hawaii, together with Puerto Rico.',
    "13.3 Nothing in this Agreement shall be deemed to create a partnership, joint venture or agency between the Parties."
  ].join("\n\n")
)

describe("denials in other words than 'not'", () => {
  itGivesShortAnswers([
    {
      name: "'excluding Alaska and Hawaii' answers whether Hawaii is included with a no",
      query: "Does the territory include Hawaii?",
      document: distribution,
      short: "No."
    },
    {
      name: "what the same sentence includes is a yes",
      query: "Does the territory include Puerto Rico?",
      document: distribution,
      short: "Yes."
    },
    {
      name: "asked whether it is excluded, the exclusion is the yes",
      query: "Is Hawaii excluded from the territory?",
      document: distribution,
      short: "Yes."
    },
    {
      name: "'Nothing … shall be deemed to create a partnership, joint venture or agency' denies each of them",
      query: "Is this a joint venture?",
      document: distribution,
      short: "No."
    }
  ])
})

/** Kinds of clause a contract denies in so many words. */
const carriage = textDocument(
  [
    "MOTOR CARRIER AND JOINT VENTURE SERVICES AGREEMENT",
    'This Agreement is made between Gamma Foods Inc. ("Shipper") and Delta Freight LLC ("Carrier").',
    "2.1 Shipper does not grant Carrier any exclusive right to transport Shipper's freight on any Lane, and Carrier may transport freight for other shippers.",
    "3.1 The initial term is three (3) years. Nothing in this Article 3 shall be construed to obligate either Party to renew this Agreement, and in no event shall this Agreement renew automatically.",
    "4.1 No Member may withdraw or resign from the Venture or terminate this Agreement for convenience prior to dissolution.",
    "5.1 All Developed Materials shall be owned by Shipper. No Developed Materials shall be jointly owned.",
    "6.1 Nothing in this Agreement creates a partnership or agency relationship between the Parties."
  ].join("\n\n")
)

describe("a kind of clause the contract denies", () => {
  itGivesShortAnswers([
    { name: "'does not grant … any exclusive right'", query: "Exclusivity?", document: carriage, short: "No." },
    {
      name: "'in no event shall this Agreement renew automatically'",
      query: "Does the agreement renew automatically?",
      document: carriage,
      short: "No."
    },
    {
      name: "'No Member may … terminate this Agreement for convenience'",
      query: "Can a party terminate for convenience?",
      document: carriage,
      short: "No."
    },
    {
      name: "'No Developed Materials shall be jointly owned'",
      query: "Joint IP ownership?",
      document: carriage,
      short: "No."
    },
    {
      name: "'Nothing in this Agreement creates a partnership' (present tense)",
      query: "Is the relationship a partnership?",
      document: carriage,
      short: "No."
    }
  ])
})

/** A maintenance agreement whose provider keeps its service materials: no IP passes to the customer. */
const retained = textDocument(
  [
    "EQUIPMENT MAINTENANCE AGREEMENT",
    'This Agreement is made between Brightline Industrial Services, Inc. ("BIS") and Halden Packaging Corp. ("Customer").',
    '8.1 Service Materials. All diagnostic software, service manuals, service keys and tools used by BIS (the "Service Materials") are and remain the exclusive property of BIS or its licensors, including any improvements made by BIS in the course of the Services. Nothing in this Agreement conveys to Customer any title to the Service Materials.'
  ].join("\n\n")
)

/** Terms given to others that need not be offered: no most-favoured-nation clause, and a lapsed offer is none. */
const otherTerms = textDocument(
  [
    "AREA DEVELOPMENT AGREEMENT",
    'This Agreement is made between Sunfield Grill Corp. ("Franchisor") and Castle Foods LLC ("Developer").',
    "2.4 Other Developers. Developer acknowledges that Franchisor has entered into, and may in the future enter into, development agreements with other developers on terms that differ materially from those contained herein, and that Franchisor shall have no obligation to offer any such terms to Developer.",
    "6.3 Lapse. If Developer does not timely exercise its right under Section 6.2, Franchisor may grant the development rights described in the Offer Notice to the proposing party on terms not materially more favorable to such party than those set forth in the Offer Notice."
  ].join("\n\n")
)

describe("other parties' terms that need not be offered", () => {
  itGivesShortAnswers([
    {
      name: "'no obligation to offer any such terms' denies an MFN",
      query: "Most favored nation?",
      document: otherTerms,
      short: "No."
    }
  ])
})

describe("ownership kept, in so many words", () => {
  itGivesShortAnswers([
    {
      name: "'Nothing in this Agreement conveys to Customer any title' denies an IP assignment",
      query: "Does one party assign intellectual property to the other?",
      document: retained,
      short: "No."
    }
  ])
})

/** An outsourcing agreement that is no requirements contract and whose service credits are no exclusive remedy. */
const outsourcing = textDocument(
  [
    "MASTER SERVICES AGREEMENT",
    'This Agreement is made between Halvorsen Bancorp, Inc. ("Customer") and Trident Systems LLC ("Supplier").',
    "2.2 Non-Exclusivity. This Agreement is not a requirements contract. Nothing in this Agreement shall be construed as obligating Customer to obtain any services exclusively from Supplier.",
    "2.3 New Services. Customer shall first notify Supplier in writing and, for thirty (30) days, negotiate in good faith exclusively with Supplier regarding the New Services.",
    "7.3 Service Credits shall not be Customer's exclusive remedy, but any Service Credits paid shall be offset against any damages Customer recovers."
  ].join("\n\n")
)

describe("exclusivity denied, and a remedy that is not exclusive", () => {
  itGivesShortAnswers([
    {
      name: "'Nothing … obligating Customer to obtain any services exclusively'",
      query: "Exclusivity?",
      document: outsourcing,
      short: "No."
    },
    {
      name: "'shall not be Customer's exclusive remedy' is no exclusivity clause, and a no",
      query: "Are service credits the exclusive remedy?",
      document: outsourcing,
      short: "No."
    }
  ])
})

/** A services agreement that denies, in "Nothing … shall be construed to grant" drafting, what a reader asks about. */
const construedNot = textDocument(
  [
    "MASTER DEVELOPMENT SERVICES AGREEMENT",
    'This Agreement is made between Corvane Retail, Inc. ("Client") and Brightwater Apps LLC ("Developer").',
    "2.6 Non-Exclusivity. Nothing in this Agreement shall be construed to grant Developer any exclusive right to provide software development services to Client or its Affiliates.",
    "3.7 No Revenue Participation. Developer shall have no right to any royalty, commission, share of revenue or profits, or other participation in any amounts generated by Client from the Applications.",
    "6.3 No Joint Ownership. The Parties do not intend that any intellectual property will be jointly owned under this Agreement.",
    "6.5 Licences End. The licences granted in this Article 6 terminate with this Agreement, and nothing in this Agreement shall be construed to grant any perpetual or irrevocable license.",
    "6.6 Source Code. Client acknowledges that Developer shall not be required to deposit the source code of its tools with any escrow agent.",
    "7.1 Volumes. Client makes no commitment to purchase any minimum amount of services under this Agreement."
  ].join("\n\n")
)

describe("clauses denied by 'nothing … shall be construed to grant', 'shall have no right to', 'makes no commitment'", () => {
  itGivesShortAnswers([
    {
      name: "no exclusive right granted",
      query: "Is there an exclusivity clause?",
      document: construedNot,
      short: "No."
    },
    { name: "no right to any share of revenue", query: "Revenue sharing?", document: construedNot, short: "No." },
    {
      name: "'do not intend that any intellectual property will be jointly owned'",
      query: "Is there joint IP ownership?",
      document: construedNot,
      short: "No."
    },
    {
      name: "no perpetual or irrevocable licence granted",
      query: "Is any license perpetual or irrevocable?",
      document: construedNot,
      short: "No."
    },
    { name: "no source code deposited in escrow", query: "Source code escrow?", document: construedNot, short: "No." },
    {
      name: "'nothing in this Agreement creates any joint ownership interest'",
      query: "Is there joint ownership of IP?",
      document: textDocument(
        "PATENT CROSS-LICENSE AGREEMENT\n\n6.4 Patents. Each Party retains sole ownership of its patents, and nothing in this Agreement creates any joint ownership interest in any patent or invention."
      ),
      short: "No."
    },
    {
      name: "no commitment to a minimum",
      query: "Is there a minimum commitment?",
      document: construedNot,
      short: "No."
    }
  ])
})

/** An escrow whose beneficiary is a party named "Beneficiary", and whose third-party clause has an exception. */
const escrow = textDocument(
  [
    "THREE-PARTY SOURCE CODE ESCROW AGREEMENT",
    'This Agreement is entered into by and among Halvorsen Ledger Systems, Inc. ("Depositor"), Pinecrest Mutual Insurance Company ("Beneficiary") and Cordell Trust & Escrow Services, LLC ("Escrow Agent").',
    "8.2 Termination by Beneficiary. Beneficiary may terminate this Agreement at any time, for any reason or no reason, upon thirty (30) days' prior written notice to Escrow Agent and Depositor.",
    "11.5 Third Parties. This Agreement is for the sole benefit of the Parties and their permitted successors and assigns, and nothing herein shall confer any right, benefit or remedy upon any other person; except that the Affiliates of Beneficiary are intended third-party beneficiaries of Sections 6.3 and 6.4 and may enforce those Sections directly."
  ].join("\n\n")
)

describe("a denial with an exception, and a party named Beneficiary", () => {
  itGivesShortAnswers([
    {
      name: "'nothing herein shall confer … except that … are intended third-party beneficiaries' is a yes",
      query: "Are there any third-party beneficiaries?",
      document: escrow,
      short: "Yes."
    },
    {
      name: "the party named Beneficiary is not asked about by 'third-party beneficiaries', nor is its termination",
      query: "Can the Beneficiary terminate early? Answer yes or no.",
      document: escrow,
      short: "Yes."
    }
  ])
})

/** Termination as a contract translated from German limits it: good cause only, ordinary termination excluded. */
const goodCauseOnly = textDocument(
  [
    "EXCLUSIVE DISTRIBUTION AGREEMENT",
    'This Agreement is concluded between Kessler-Brandt Medical GmbH ("the Manufacturer") and Lumica Healthcare B.V. ("the Distributor").',
    "14.2 An ordinary termination of this Agreement before the end of the Initial Term or of a prolongation period is excluded.",
    "14.3 The right of each Party to terminate this Agreement for good cause without notice remains unaffected."
  ].join("\n\n")
)

describe("termination for good cause only", () => {
  itGivesShortAnswers([
    {
      name: "'ordinary termination … is excluded' denies termination for convenience; 'for good cause without notice' is none",
      query: "Can either party terminate for convenience?",
      document: goodCauseOnly,
      short: "No."
    }
  ])
})
