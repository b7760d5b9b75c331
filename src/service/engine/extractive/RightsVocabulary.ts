import type { ClauseName } from "./ClauseNames.js"
import type { Vocabulary } from "./Vocabulary.js"

/** Who owns, assigns, pays for or licenses what. */
export const rightsVocabulary = {
  "joint IP ownership": {
    facets: [
      "joint*, co own*, shared ownership, undivided, in common, equal share*",
      "own*, title, property, invention*, intellectual property, patent*"
    ],
    heading: "joint ownership, jointly owned",
    // A guaranty "jointly and severally": liability shared, not property.
    against: "jointly and severally, joint and several"
  },
  "IP ownership assignment": {
    facets: [
      "assign*, transfer*, convey*, vest*, property of, own*, title, belong*, made for hire",
      "intellectual property, invention*, work product, deliverable*, development*, improvement*, modification*, " +
        "derivative work*, copyright*, patent*, know how, works of authorship, trademark*"
    ],
    heading: "ownership, work made for hire, works made for hire, intellectual property, inventions"
  },
  "anti-assignment": {
    facets: [
      "assign*, transfer*, delegat*",
      "consent, approv*, not, neither, nor, prohibit*, void, without, permission, authori*, restrict*, notice"
    ],
    heading: "assignment, assignability, successors and assigns, transfer"
  },
  "revenue or profit sharing": {
    facets: [
      "royalt*, commission*, revenue*, profit*, proceeds, income, receipts, sales, earnings, margin*, billings, " +
        "collections",
      "percent*, %, share*, split, divide*, portion, per unit, per copy, per item, per ton*"
    ],
    senses: [["shar*, split, divide*, pay*", "revenue*, profit*, proceeds, income, net sales, gross sales"]],
    heading: "royalt*, commission*, revenue shar*, profit shar*"
  },
  "volume restriction": {
    facets: [
      "volume, usage, quantit*, number of, users, units, transactions, capacity, seats, copies, installations, servers",
      "exceed*, excess, maximum, limit*, cap, threshold, up to, no more than, not more than, overage, " +
        "additional fee*, additional charge*, quota"
    ]
  },
  "price restrictions": {
    facets: [
      "price*, pricing, rate*, fee*",
      "not increase*, not be increased, no increase*, fixed, firm, not exceed, not to exceed, cap*, not more than, " +
        "no more than, more than once, below, above, minimum resale, maximum resale, resale price*, not raise*, " +
        "not change*, not be changed, limited to"
    ]
  },
  "minimum commitment": {
    facets: [
      "minimum, at least, not less than, no less than, no fewer than, not fewer than, take or pay, shortfall",
      "purchas*, order*, buy, quantit*, volume*, unit*, commit*, requirement*, sales, royalt*, payment*, fee*, spend"
    ],
    senses: [
      [
        "exceed*, excess, above, beyond",
        "additional fee*, additional charge*, additional cost*, overage, consent, approv*, surcharge"
      ]
    ],
    heading:
      "minimum purchase*, minimum order*, minimum commitment*, minimum quantit*, minimum volume*, " +
      "minimum requirement*, minimum sales, minimum royalt*"
  },
  "affiliate licence (licensor)": {
    facets: ["affiliate*, subsidiar*", "licen*", "licensor*, grantor*, owned, controlled"]
  },
  "affiliate licence (licensee)": {
    facets: ["affiliate*, subsidiar*", "licen*, sublicens*, right to use"]
  },
  "unlimited licence": {
    facets: [
      "unlimited, enterprise wide, enterprise licen*, site licen*, all you can eat, any number of",
      "licen*, use, copies, users, access, seats"
    ]
  },
  "irrevocable or perpetual licence": {
    facets: ["irrevocabl*, perpetu*, non revocable, not be revoked", "licen*, right*"],
    // "EACH PARTY IRREVOCABLY WAIVES ANY RIGHT TO TRIAL BY JURY": a waiver, not a licence.
    against: "jury, waive*"
  },
  "non-transferable licence": {
    facets: [
      "non transfer*, not transfer*, non assign*, non sublicens*, not assign*, not sublicens*, not be assigned, " +
        "not be transferred, not be sublicensed, without the right to sublicense, personal to",
      "licen*, right*"
    ]
  },
  "licence grant": {
    facets: ["licen*, sublicen*, right to use, permission to use, authori*", "grant*, hereby, confer*, permit*"],
    heading: "license grant, grant of license, licen*",
    // Licences a party must hold under the law are no grant by the other party.
    ignore: "licen* and permit*, permits and licen*, permits or licen*, licen* or permit*, governmental licen*"
  },
  "source code escrow": {
    facets: ["escrow*", "source code, source materials, deposit*"],
    heading: "escrow"
  }
} satisfies Partial<Record<ClauseName, Vocabulary>>
