import { assert, describe, it } from "@effect/vitest"
import { splitPassages } from "../../src/service/engine/extractive/Passages.js"
import { splitSentences } from "../../src/service/engine/extractive/Sentences.js"
import { makeLongDocument } from "../support/makeLongDocument.js"

const clause = (n: number) =>
  `${n}.1 The Supplier shall deliver the Products described in Schedule ${n} to the Buyer's facility. ` +
  `Delivery is complete when the Buyer signs the delivery note, and risk passes on delivery. ` +
  `The Buyer may reject non-conforming Products by written notice within ten (10) business days.`

describe("splitSentences", () => {
  it("does not break after abbreviations, enumerators or initials", () => {
    const text =
      "Acme Corp. and Beta Inc. signed on Jan. 5, 2024. See Section 4.2 of the U.S. Code. Mr. John J. Smith agrees. 12. GOVERNING LAW\nThis is governed by New York law. No. 5 applies. " +
      'Kinetix Inc. (formerly Kinetix Labs Inc.) ("Licensor") and Asia Care PTE. LTD. sign it. It ends (as agreed.) Here.'
    assert.deepStrictEqual(
      splitSentences(text).map((s) => s.text),
      [
        "Acme Corp. and Beta Inc. signed on Jan. 5, 2024.",
        "See Section 4.2 of the U.S. Code.",
        "Mr. John J. Smith agrees.",
        "12. GOVERNING LAW",
        "This is governed by New York law.",
        "No. 5 applies.",
        'Kinetix Inc. (formerly Kinetix Labs Inc.) ("Licensor") and Asia Care PTE. LTD. sign it.',
        "It ends (as agreed.)",
        "Here."
      ]
    )
  })

  it("reports where each sentence is", () => {
    const text = "First one.  Second one."
    for (const sentence of splitSentences(text)) {
      assert.strictEqual(text.slice(sentence.start, sentence.end), sentence.text)
    }
  })
})

describe("splitPassages", () => {
  it("makes sentence-aligned passages of about 400–800 characters with their start page", () => {
    const pages = [1, 2, 3].map((page) => Array.from({ length: 5 }, (_, i) => clause(page * 10 + i)).join("\n\n"))
    const passages = splitPassages(7, pages)
    assert.isAbove(passages.length, 4)
    passages.forEach((passage, i) => {
      assert.strictEqual(passage.documentId, 7)
      assert.strictEqual(passage.index, i)
      assert.isAtMost(passage.text.length, 800)
      assert.match(passage.text, /[.)]$/)
      if (i < passages.length - 1) assert.isAtLeast(passage.text.length, 400)
    })
    assert.deepStrictEqual([...new Set(passages.map((p) => p.page))], [1, 2, 3])
    for (const passage of passages) assert.include(pages[passage.page - 1] ?? "", passage.text.slice(0, 40))
  })

  it("starts a new passage at a heading and overlaps windows closed for size", () => {
    const body = Array.from({ length: 4 }, (_, i) => clause(i + 1)).join(" ")
    const passages = splitPassages(1, [
      `1. DELIVERY\n${body}\n\n2. GOVERNING LAW\nThis Agreement is governed by the laws of the State of New York.`
    ])
    const law = passages.find((p) => p.text.includes("GOVERNING LAW"))
    assert.isDefined(law)
    assert.match(law?.text ?? "", /^2\. GOVERNING LAW\nThis Agreement is governed/)
    const [first, second] = passages
    const lastSentence = splitSentences(first?.text ?? "").pop()?.text ?? ""
    assert.isTrue(second?.text.startsWith(lastSentence))
  })

  it("undoes hard line wraps and page breaks inside a sentence, and drops running footers", () => {
    const footer = (n: number) => `Supply Agreement - Page ${n} of 3`
    const pages = [
      `1. PRICE\nThe price of the Products is EUR 3.40 per kilogram, delivered\nDAP Minneapolis, and is fixed for the\n${footer(1)}`,
      `first contract year.\n\n2. PAYMENT\nThe Buyer shall pay within sixty (60) days.\n${footer(2)}`,
      `3. NOTICES\nNotices must be in writing.\n${footer(3)}`
    ]
    const text = splitPassages(1, pages)
      .map((p) => p.text)
      .join("\n")
    assert.include(text, "delivered DAP Minneapolis, and is fixed for the first contract year.")
    assert.notInclude(text, "Page 1 of 3")
  })

  it("drops a printed page number that stands mid-page ('-4-' where only even pages are numbered)", () => {
    const text = [
      "5.2 The Manufacturer shall first offer such conditions to the Distributor for a period of thirty (30) days.",
      "-4-",
      "§ 6 Minimum Purchase Quantity",
      "6.1 The Distributor undertakes to purchase the minimum purchase amounts stated in Annex 3.",
      "Page 5 of 12",
      "6.2 Orders are placed in writing."
    ].join("\n")
    const passages = splitPassages(1, [text]).map((p) => p.text)
    assert.notInclude(passages.join("\n"), "-4-")
    assert.notInclude(passages.join("\n"), "Page 5 of 12")
  })

  it("joins a wrapped line that opens with a cross-reference ('Section 13.1 or its liability …')", () => {
    const page =
      "13.3 Exceptions. Section 13.2 shall not limit Company's obligations under\nSection 13.1 or its liability for bodily injury or death caused by its\nnegligence, none of which shall be subject to any cap.\n\nSECTION 14. GENERAL\nThis Agreement is personal to Customer."
    const sentences = splitPassages(1, [page]).flatMap((p) => splitSentences(p.text).map((s) => s.text))
    assert.include(
      sentences,
      "Section 13.2 shall not limit Company's obligations under Section 13.1 or its liability for bodily injury or death caused by its negligence, none of which shall be subject to any cap."
    )
    assert.include(sentences, "SECTION 14. GENERAL")
  })

  it("reads 'Section 2.2 The Services shall be provided …' as a clause's first line, 'Section 2.2 Term' as a heading", () => {
    const page =
      'ARTICLE II. TERM\nSection 2.1 This Agreement shall become effective on November 1, 2001\n(the "Effective Date").\nSection 2.2 The Services shall be provided for an initial period of\nthirty-six (36) months measured from the Service Commencement Date. Extension is addressed in\nArticle XIV.\n\nSection 3.1 Fees and Payment\nCustomer shall pay the Fees monthly.'
    const sentences = splitPassages(1, [page]).flatMap((p) => splitSentences(p.text).map((s) => s.text))
    assert.include(
      sentences,
      'Section 2.1 This Agreement shall become effective on November 1, 2001 (the "Effective Date").'
    )
    assert.include(
      sentences,
      "Section 2.2 The Services shall be provided for an initial period of thirty-six (36) months measured from the Service Commencement Date."
    )
    assert.include(sentences, "Extension is addressed in Article XIV.")
    assert.include(sentences, "Section 3.1 Fees and Payment")
  })

  it("joins the wrapped lines of a paragraph set in capitals, and keeps a capital heading apart", () => {
    const page = [
      "10. LIMITATION OF LIABILITY",
      "10.3 EXCEPT FOR THE PARTIES' INDEMNIFICATION OBLIGATIONS, NEITHER PARTY",
      "SHALL BE LIABLE TO THE OTHER FOR ANY CONSEQUENTIAL, SPECIAL OR PUNITIVE",
      "DAMAGES, OR LOST PROFITS, ARISING OUT OF THIS AGREEMENT. CLUB'S AGGREGATE",
      "LIABILITY UNDER THIS AGREEMENT IN ANY CONTRACT YEAR SHALL NOT EXCEED THE",
      "SPONSORSHIP FEES ACTUALLY RECEIVED BY CLUB FOR SUCH CONTRACT YEAR.",
      "",
      "REPRESENTATIONS AND WARRANTIES OF THE SPONSOR",
      "Sponsor represents that it is duly organized."
    ].join("\n")
    const sentences = splitPassages(1, [page]).flatMap((p) => splitSentences(p.text).map((s) => s.text))
    assert.include(
      sentences,
      "CLUB'S AGGREGATE LIABILITY UNDER THIS AGREEMENT IN ANY CONTRACT YEAR SHALL NOT EXCEED THE SPONSORSHIP FEES ACTUALLY RECEIVED BY CLUB FOR SUCH CONTRACT YEAR."
    )
    assert.include(sentences, "REPRESENTATIONS AND WARRANTIES OF THE SPONSOR")
    assert.include(sentences, "10. LIMITATION OF LIABILITY")
  })
  it("cuts a sentence longer than a passage at word boundaries", () => {
    const long = `${"word ".repeat(400).trim()}.`
    const passages = splitPassages(1, [long])
    assert.isAbove(passages.length, 1)
    for (const passage of passages) assert.isAtMost(passage.text.length, 800)
  })

  it("is deterministic and handles empty input", () => {
    const pages = makeLongDocument(5)
    assert.deepStrictEqual(splitPassages(3, pages), splitPassages(3, pages))
    assert.deepStrictEqual(splitPassages(1, []), [])
    assert.deepStrictEqual(splitPassages(1, ["", "   "]), [])
  })
})
