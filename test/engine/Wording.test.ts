import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { collectChunks } from "../../src/service/engine/AnswerEngine.js"
import { makeExtractiveEngine } from "../../src/service/engine/ExtractiveEngine.js"
import { answerOf, documentOf, idOf, shortOf } from "./documentOf.js"

const contract = (body: string) =>
  documentOf(idOf(body), "distribution.txt", [
    `EXCLUSIVE DISTRIBUTION AGREEMENT\n\nThis Exclusive Distribution Agreement is entered into as of March 1, 2024 (the "Effective Date") by and between Acme Widgets, Inc., a Delaware corporation ("Supplier"), and Borealis Foods LLC, an Oregon limited liability company ("Distributor"). Supplier and each Affiliate of the Company (an "Affiliate") may ship Products.\n\n${body}\n\nIN WITNESS WHEREOF the parties have signed this Agreement.\n\nACME WIDGETS, INC.\nBy: Dana Whitfield\nTitle: Chief Executive Officer\n\nBOREALIS FOODS LLC\nBy: Marcus Bell\nTitle: Managing Member`
  ])

const clauses = [
  "2. APPOINTMENT. Supplier appoints Distributor as its exclusive distributor of the Products in the Territory, and Supplier shall not sell the Products to any other distributor in the Territory.",
  "3. TERM. This Agreement shall continue for three (3) years from the Effective Date and shall expire on February 28, 2027.",
  "4. AUDIT. Supplier may audit Distributor's books and records once per calendar year on thirty (30) days' notice.",
  "5. LAW. This Agreement is governed by the laws of the State of Oregon."
].join("\n\n")

/** The same question as people put it: plainly, tersely, and with an answer-format instruction. */
const sameQuestions: ReadonlyArray<ReadonlyArray<string>> = [
  [
    "Does the agreement grant exclusive rights?",
    "Is the arrangement exclusive? Answer yes or no.",
    "Exclusivity?",
    "Is there an exclusivity clause?"
  ],
  [
    "Does a party have the right to audit the other's books?",
    "Audit rights?",
    "Can a party inspect the other party's records? Answer yes or no."
  ],
  [
    "When does this agreement become effective?",
    "Effective date?",
    'What is the effective date? Answer as YYYY-MM-DD, or "not stated".'
  ],
  [
    "Which law governs this agreement?",
    "Governing law?",
    "Under which state's laws is it interpreted? Give only the name."
  ]
]

describe("answers that do not depend on the wording", () => {
  it.effect("every wording of a question finds the same clause", () =>
    Effect.gen(function* () {
      const document = contract(clauses)
      for (const wordings of sameQuestions) {
        const quotes = new Set<string>()
        for (const question of wordings) {
          const answer = yield* answerOf(question, document)
          assert.notMatch(answer, /^(?:No clause found|Not found)/, question)
          quotes.add(answer.split("\n\n").slice(1).join("\n\n"))
        }
        assert.strictEqual(quotes.size, 1, `${wordings.join(" / ")}: ${[...quotes].join(" | ")}`)
      }
    })
  )

  it.effect("the effective date is neither the end date nor the term's length", () =>
    Effect.gen(function* () {
      const document = contract(clauses)
      for (const question of sameQuestions[2] ?? []) {
        const short = yield* shortOf(question, document)
        assert.match(short, /^(?:March 1, 2024|2024-03-01)$/, question)
      }
      assert.include(yield* shortOf("When does the agreement expire?", document), "February 28, 2027")
    })
  )

  it.effect("parties are the contracting companies: not the people signing, not defined terms", () =>
    Effect.gen(function* () {
      const document = contract(
        `${clauses}\n\n8. CONFIDENTIALITY. Each Party (the "Recipient") shall keep the other party's information confidential.`
      )
      for (const question of [
        "Who are the parties to this agreement?",
        "Parties?",
        "Which parties signed this contract? List their names separated by semicolons."
      ]) {
        const short = yield* shortOf(question, document)
        assert.include(short, "Acme Widgets, Inc.", question)
        assert.include(short, "Borealis Foods LLC", question)
        for (const notParty of ["Dana Whitfield", "Marcus Bell", "Affiliate", "Each Party", "Recipient"])
          assert.notInclude(short, notParty, question)
      }
    })
  )

  it.effect("defined terms for the deal's subject matter are not parties; a party's role may start with one", () =>
    Effect.gen(function* () {
      const lease = documentOf(idOf("defined-lease"), "lease.txt", [
        'COMMERCIAL LEASE\n\nThis Lease is made as of April 1, 2024 between Harbor Properties LLC ("Landlord") and Quill Books, Inc. ("Tenant"). Landlord leases to Tenant the store at 118 Water Street, Portland, Maine 04101 (the "Premises"), and Tenant shall buy its shelving from Landlord (the "Equipment").'
      ])
      const parties = yield* shortOf("Who are the parties?", lease)
      assert.include(parties, "Harbor Properties LLC")
      assert.include(parties, "Quill Books, Inc.")
      for (const notParty of ["04101", "Premises", "Equipment", "shelving"]) assert.notInclude(parties, notParty)
      const subscription = documentOf(idOf("defined-saas"), "saas.txt", [
        'SUBSCRIPTION AGREEMENT\n\nThis Subscription Agreement is entered into as of July 1, 2024 between Cobalt Cloud, Inc. ("Service Provider") and Fenwick Marsh LLP ("Customer"). Service Provider hosts its ledger software (the "Service") and keeps the records Customer uploads (the "Customer Data").'
      ])
      const both = yield* shortOf("Who are the parties to this agreement?", subscription)
      assert.include(both, "Cobalt Cloud, Inc. (Service Provider)")
      assert.include(both, "Fenwick Marsh LLP (Customer)")
      for (const notParty of ["Customer Data", "(Service)", "records"]) assert.notInclude(both, notParty)
    })
  )

  it.effect("a summary quotes the document, never 'not found', and the risks are risk clauses", () =>
    Effect.gen(function* () {
      const document = contract(
        `${clauses}\n\n6. LIABILITY. In no event shall either party's aggregate liability exceed the fees paid in the twelve (12) months before the claim.\n\n7. TERMINATION. Either party may terminate this Agreement immediately by written notice if the other party materially breaches it.`
      )
      for (const question of [
        "Summarize this document in two sentences.",
        "What is this agreement about?",
        "Give me an overview"
      ]) {
        const answer = yield* answerOf(question, document)
        assert.notMatch(answer, /not found/i, question)
        assert.match(answer, /^"[^"]/, question)
      }
      assert.strictEqual(
        (yield* answerOf("Summarize this document in two sentences.", document)).split("\n\n").length,
        2
      )
      const risks = yield* answerOf("What are its main risks?", document)
      assert.match(risks, /^Liability: "In no event/)
      assert.include(risks, 'Termination: "Either party may terminate')
    })
  )

  it.effect("a summary over several documents summarises each under its name", () =>
    Effect.gen(function* () {
      const lease = documentOf(idOf("lease"), "lease.txt", [
        'COMMERCIAL LEASE\n\nThis Lease is made between Harbor Properties LLC ("Landlord") and Quill Books, Inc. ("Tenant") for the premises at 118 Water Street. Tenant shall pay monthly rent of $4,000 on the first day of each month. Tenant shall keep the premises in good repair and return them in the same condition at the end of the term.'
      ])
      const chunks = yield* collectChunks(makeExtractiveEngine(), {
        kind: "chat",
        query: "Summarize these documents.",
        documents: [contract(clauses), lease],
        history: []
      })
      const answer = chunks.join("")
      assert.match(answer, /^distribution\.txt:\n\n"/)
      assert.include(answer, '\n\nlease.txt:\n\n"')
    })
  )
})
