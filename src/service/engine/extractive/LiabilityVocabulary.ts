import type { ClauseName } from "./ClauseNames.js"
import type { Vocabulary } from "./Vocabulary.js"

/** Obligations after the end, audits, liability, damages, insurance and who may enforce. */
export const liabilityVocabulary = {
  "post-termination obligations": {
    facets: [
      "terminat*, expir*, expiry, end of the term, cessation",
      "after, following, upon, post, surviv*, thereafter, within",
      "return*, destroy*, pay*, deliver*, cease, continue*, transition*, assist*, sell*, wind down, remain in, " +
        "surviv*, refund*, purchase*, complete"
    ],
    senses: [
      [
        "transition*, wind down, wind up, last buy, last time buy, sell off, run off",
        "terminat*, expir*, end of the term"
      ]
    ],
    heading:
      "effect of termination, effects of termination, consequences of termination, upon termination, survival, " +
      "post termination, transition"
  },
  "audit rights": {
    facets: [
      "audit*, inspect*, examin*, verif*, review*",
      "book*, record*, account*, premises, facilit*, statement*, compliance, documentation",
      "right*, may, shall, will, entitled, permit*, allow*, access, request, available, open to, cooperat*"
    ],
    heading: "audit*, books and records, inspection, records",
    ignore: "audited financial*, audit committee"
  },
  "uncapped liability": {
    facets: [
      "unlimited, not limit*, not apply, exclud*, except*, other than, nothing, carve*, not be subject to",
      "liabilit*, liable",
      "limit*, cap, capped, exceed, in no event, unlimited, consequential, indirect"
    ],
    senses: [["unlimited, uncapped, not be limited, no limit*", "liabilit*, liable"]],
    ignore:
      "limited liability compan*, unlimited liability compan*, limited liability partnership*, liability insurance"
  },
  "liability cap": {
    facets: [
      "liabilit*, liable, damages, recover*",
      "exceed, limited to, cap, maximum, in no event, in excess of, greater than, more than, aggregate, " +
        "consequential, indirect, special damages, punitive, lost profits, sole remedy, exclusive remedy"
    ],
    senses: [
      [
        "claim*, action*, suit*, proceeding*",
        "brought, commenced, filed, instituted, asserted",
        "within, more than, after"
      ]
    ],
    ignore: "liability insurance, limited liability compan*, limited liability partnership*, product* liability",
    heading: "limitation of liability, limitations of liability, limitation on liability, limited liability"
  },
  "liquidated damages": {
    facets: [
      "liquidated damages, termination fee*, break fee*, breakup fee*, cancellation fee*, cancellation charge*, " +
        "penalt*, termination charge*, late fee*, late charge*, forfeit*"
    ],
    senses: [
      ["fee*, payment*, amount*, charge*", "upon termination, on termination, early termination, termination of this"]
    ],
    heading: "liquidated damages"
  },
  insurance: {
    facets: [
      "insurance, insured, insurer*, coverage",
      "maintain*, carry, procure, obtain, keep, purchase, provide, named, limit*, amount*, not less than, at least, " +
        "policy, policies"
    ],
    // "The Principal may insure this Contract at his own expense": the verb, where a party does or may.
    senses: [["insure, insures, insuring", "shall, may, will, must, agree*"]],
    // "insure that" is often written for "ensure that".
    ignore: "insure that, insures that",
    heading: "insurance"
  },
  warranty: {
    facets: [
      "warrant*, guarantee*",
      "free, defect*, conform*, perform*, workmanlike, merchantab*, fitness, repair*, replace*"
    ],
    // The contract's parts listed, and warrants that are securities ("any option, warrant or right to purchase").
    ignore:
      "warranties and covenants, warranties or covenants, warranties contained herein, option warrant, " +
      "options warrants, warrant to purchase, warrants to purchase, warrant shares, warrant holder*"
    // No heading: "Warranty period?" names one and asks for a period, and "Disclaimer of Warranties" heads the opposite.
  },
  "covenant not to sue": {
    facets: [
      "sue, action*, proceeding*, claim*, challeng*, contest*, attack*, oppose, dispute",
      "not, neither, nor, never, refrain*, waive*, release*",
      "validity, ownership, title, against, enforceability, registration"
    ],
    senses: [
      [
        "not, neither, nor, never, refrain*",
        "contest*, challeng*, dispute, attack*, oppose",
        "validity, ownership, title, enforceab*"
      ]
    ],
    heading: "covenant not to sue, no challenge, non contest*"
  },
  "third-party beneficiary": {
    facets: [
      "third party beneficiar*, intended beneficiar*, express beneficiar*, entitled to enforce, right to enforce, " +
        "may enforce"
    ],
    heading: "third party beneficiar*"
  }
} satisfies Partial<Record<ClauseName, Vocabulary>>
