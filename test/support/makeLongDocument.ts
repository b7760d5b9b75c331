/**
 * A deterministic ~100-page contract for the per-cell timing benchmark, generated at bench time (never checked in).
 * Boilerplate clauses vary by a seeded generator; a handful of facts sit on known pages so answers can be checked.
 */

/** Facts planted in the long document, with the page each one is on. */
export const longDocumentFacts = {
  effectiveDate: { page: 1, text: "January 6, 2025" },
  parties: { page: 1, text: "Altamira Freight Systems, Inc." },
  paymentDays: { page: 14, text: "45 days" },
  liabilityCap: { page: 55, text: "$3,500,000" },
  terminationNotice: { page: 63, text: "120 days" },
  governingLaw: { page: 87, text: "Illinois" }
} as const

/** Questions the benchmark asks of the long document, with the span each answer must contain. */
export const longDocumentQuestions: ReadonlyArray<{ readonly question: string; readonly expected: string }> = [
  { question: "What is the effective date?", expected: longDocumentFacts.effectiveDate.text },
  { question: "Who are the parties?", expected: longDocumentFacts.parties.text },
  { question: "Within how many days must invoices be paid?", expected: longDocumentFacts.paymentDays.text },
  { question: "What is the cap on each party's aggregate liability?", expected: longDocumentFacts.liabilityCap.text },
  { question: "How much notice is required to terminate for convenience?", expected: "120 days" },
  { question: "Which state's law governs the agreement?", expected: longDocumentFacts.governingLaw.text },
  { question: "Is there a non-solicitation clause?", expected: "Yes" },
  { question: "Is there a source code escrow?", expected: "No clause found" }
]

/** mulberry32: a small seeded generator, so every run writes the same document. */
const seeded = (seed: number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const subjects = [
  "The Carrier",
  "The Shipper",
  "Each party",
  "The receiving party",
  "The Carrier's personnel",
  "Any subcontractor"
] as const
const duties = [
  "shall maintain complete and accurate records of all shipments tendered under this Agreement",
  "shall comply with all applicable laws, regulations and customs requirements in each jurisdiction of transit",
  "shall provide shipment status updates through the electronic data interchange described in Schedule C",
  "shall use reasonable efforts to minimise delays at cross-docking facilities and ports of entry",
  "shall promptly report any damage, shortage or loss of cargo discovered during loading or unloading",
  "shall keep all equipment in good repair and in compliance with the manufacturer's maintenance schedule",
  "shall cooperate in good faith with any audit of freight charges performed under Schedule D",
  "shall ensure that drivers hold valid licences and complete the safety training described in Schedule E"
] as const
const conditions = [
  "except as otherwise agreed in a written Transportation Order",
  "to the extent reasonably practicable in the circumstances",
  "in accordance with the service levels set out in Schedule B",
  "without prejudice to any other right or remedy under this Agreement",
  "subject to the limitations set out elsewhere in this Agreement",
  "unless the Shipper instructs otherwise in writing"
] as const

const planted: Record<number, string> = {
  1: `MASTER TRANSPORTATION SERVICES AGREEMENT\n\nThis Master Transportation Services Agreement (the "Agreement") is entered into as of ${longDocumentFacts.effectiveDate.text} (the "Effective Date") by and between Altamira Freight Systems, Inc., an Illinois corporation ("Carrier"), and Bellhaven Consumer Brands LLC, a Delaware limited liability company ("Shipper").`,
  14: "7. Invoicing and Payment\n\n7.1 The Carrier shall invoice the Shipper weekly for completed shipments. The Shipper shall pay each undisputed invoice within forty-five (45) days after receipt.",
  55: "21. Limitation of Liability\n\n21.1 Except for liability arising from gross negligence or wilful misconduct, each party's aggregate liability under this Agreement shall not exceed $3,500,000 in any contract year.",
  63: "24. Termination\n\n24.1 Either party may terminate this Agreement for convenience upon one hundred twenty (120) days' prior written notice to the other party.",
  71: "27. Non-Solicitation\n\n27.1 During the term and for twelve (12) months thereafter, neither party shall solicit for employment any dispatcher or driver of the other party.",
  87: "33. Governing Law\n\n33.1 This Agreement shall be governed by and construed in accordance with the laws of the State of Illinois, without regard to its conflict of laws rules."
}

/** About `pageCount` pages of about 3,000 characters each, one string per page. */
export const makeLongDocument = (pageCount = 100, seed = 20250106): Array<string> => {
  const next = seeded(seed)
  const pick = <A>(items: readonly [A, ...ReadonlyArray<A>]): A => items[Math.floor(next() * items.length)] ?? items[0]
  const pages: Array<string> = []
  for (let page = 1; page <= pageCount; page++) {
    const paragraphs: Array<string> = planted[page] === undefined ? [] : [planted[page] ?? ""]
    let clause = 1
    while (paragraphs.join("\n\n").length < 2900) {
      const sentences = Array.from({ length: 3 }, () => `${pick(subjects)} ${pick(duties)}, ${pick(conditions)}.`)
      paragraphs.push(`${page + 100}.${clause} ${sentences.join(" ")}`)
      clause += 1
    }
    pages.push(paragraphs.join("\n\n"))
  }
  return pages
}
