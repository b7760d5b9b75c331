/**
 * The names of the kinds of clause the engine knows. Each kind is described in several tables (its patterns in
 * `*Clauses` or `Concepts`, its vocabulary in `*Vocabulary`, its headings in `ClauseHeadings`), joined by these names:
 * typing every table with them makes a renamed or misspelt kind a compile error instead of a silently missing entry.
 */

/** Clause types asked about by name (`ClauseTypes`); each has a vocabulary. */
export type ClauseTypeName =
  // Dealing (`CommercialClauses`, `DealingVocabulary`)
  | "most favoured nation"
  | "competitive restriction exception"
  | "non-compete"
  | "exclusivity"
  | "non-solicitation of customers"
  | "non-solicitation of employees"
  | "non-disparagement"
  | "termination for convenience"
  | "right of first refusal"
  | "change of control"
  // Rights (`RightsClauses`, `RightsVocabulary`)
  | "joint IP ownership"
  | "IP ownership assignment"
  | "non-transferable licence"
  | "anti-assignment"
  | "revenue or profit sharing"
  | "volume restriction"
  | "price restrictions"
  | "minimum commitment"
  | "affiliate licence (licensor)"
  | "affiliate licence (licensee)"
  | "unlimited licence"
  | "irrevocable or perpetual licence"
  | "licence grant"
  | "source code escrow"
  // Liability (`LiabilityClauses`, `LiabilityVocabulary`)
  | "post-termination obligations"
  | "audit rights"
  | "uncapped liability"
  | "liquidated damages"
  | "insurance"
  | "warranty"
  | "covenant not to sue"
  | "third-party beneficiary"

/** Concepts settled by their own evidence (`Concepts`); some have a vocabulary or headings too. */
export type ConceptName = "automatic renewal" | "liability cap" | "confidentiality"

export type ClauseName = ClauseTypeName | ConceptName
