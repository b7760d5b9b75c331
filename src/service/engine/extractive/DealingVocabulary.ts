import type { ClauseName } from "./ClauseNames.js"
import { restraint, type Vocabulary } from "./Vocabulary.js"

/** How the parties deal with each other: competition, exclusivity, solicitation, ending the deal, control. */
export const dealingVocabulary = {
  "most favoured nation": {
    facets: [
      "most favo*red, mfn, no less favo*rabl*, not less favo*rabl*, at least as favo*rabl*, more favo*rabl*, " +
        "better terms, lower price*, lowest price*, best price*, no higher than, no greater than, equal to or better",
      "other customer*, any other, third part*, any customer*, other licensee*, other distributor*, " +
        "similarly situated, comparable"
    ],
    senses: [
      [
        "better terms, better price*, more favo*rabl*, lower price*, lower rate*, better rate*",
        "entitled, offer*, extend*, grant*, receive*, same, equal*, match*"
      ]
    ],
    heading: "most favo*red, mfn, price protection",
    // A right of first refusal that lapses lets the other deal on terms "not materially more favorable" to the offer.
    against: "offer notice, third party offer, bona fide offer, proposing party, first refusal, right of first"
  },
  "competitive restriction exception": {
    facets: [
      "non compet*, compet*, exclusiv*, non solicit*, solicit*",
      "not apply, not prohibit, not prevent, not restrict, not preclude, not limit, nothing in, nothing contained, " +
        "except*, exclud*, carve*, notwithstanding, not include, other than, provided however"
    ],
    ignore: "non exclusive*, exclusive remed*, exclusive jurisdiction, exclusive venue, exclusive forum, exclusive of"
  },
  "non-compete": {
    facets: [
      "compete, competes, competing, competitive, competitor*, competition, non compet*, rival*, " +
        "similar business*, similar product*, same business, engage in the business, engage in any business",
      restraint
    ],
    senses: [
      [
        "not, neither, nor, refrain*, prohibit*",
        "operate, engage*, conduct*, carry on, open",
        "territor*, region, radius, mile*, within the area, anywhere"
      ]
    ],
    heading: "non compet*, competition, competitive activit*, restrictive covenant*, covenant not to compete",
    // "in no event less than …" limits an amount, and insurance for "similar products" restrains no one.
    ignore: "in no event",
    against: "insurance, insurer*"
  },
  exclusivity: {
    facets: [
      "exclusive, exclusively, exclusivity, sole supplier, sole distributor, sole source, sole provider, " +
        "solely from, only from, all of its requirements, all requirements",
      "right*, distribut*, supplier*, supply, licen*, territor*, provider*, purchas*, sell*, dealer*, agent*, " +
        "represent*, market*, appoint*, basis, reseller*, partner*, sponsor*, buy*, source*"
    ],
    senses: [
      [
        "not, neither, nor, prohibit*, refrain*",
        "sell*, licen*, supply, supplies, distribut*, market*, provide*, purchase*, work with, collaborat*, " +
          "partner*, appoint*, enter into",
        "any other, third part*, other person*, competitor*, anyone else"
      ]
    ],
    heading: "exclusiv*",
    ignore:
      "non exclusive*, exclusive remed*, exclusive jurisdiction, exclusive venue, exclusive forum, exclusive of, " +
      "exclusive property, exclusive owner*, exclusive responsibilit*, exclusively by the laws, exclusively in the courts, " +
      "exclusive negotiation*"
  },
  "non-solicitation of customers": {
    facets: [
      "solicit*, divert*, entice*, induce*, interfere*, approach*, take away, call on, canvass*",
      "customer*, client*, account*",
      restraint
    ],
    senses: [
      [
        "not, neither, nor, refrain*, prohibit*",
        "contract* with, do business with, sell* to, accept business",
        "customer*, client*"
      ]
    ],
    heading: "non solicit*, solicitation"
  },
  "non-solicitation of employees": {
    facets: [
      "solicit*, hire, hiring, employ, recruit*, induce*, entice*, poach*, engage",
      "employee*, personnel, staff, consultant*, contractor*, officer*, employed by",
      restraint
    ],
    heading: "non solicit*, solicitation, no hire, no poach*",
    ignore: "works made for hire, work made for hire, for hire"
  },
  "non-disparagement": {
    facets: [
      "disparag*, derogatory, defam*, negative statement*, negative comment*, negative remark*, unflattering, " +
        "harm* the reputation, injur* the reputation, damag* the reputation, reflect* adversely, reflect* negatively"
    ],
    heading: "disparag*"
  },
  "termination for convenience": {
    facets: [
      "terminat*, cancel*",
      "convenience, without cause, any reason, no reason, at will, any time, anytime, discretion, without reason, notice",
      "may, right, entitled, option, elect*, at liberty, can"
    ],
    senses: [
      [
        "terminat*, cancel*",
        "upon, by giving, with, after",
        "days*, months*",
        "notice",
        "may, right, entitled, either party"
      ]
    ],
    heading: "termination for convenience, termination without cause, voluntary termination",
    against:
      "breach*, default*, insolven*, bankrupt*, fail*, expir*, expiry, end of the term, force majeure, " +
      "not renew*, non renewal, convicted, fraud*, if, in the event, upon the occurrence, relocat*"
  },
  "right of first refusal": {
    facets: [
      "first refusal, first offer, first negotiation, right of first, first right, first option, right to match, " +
        "matching right*, first opportunity, preferential right*, first offered"
    ],
    heading: "first refusal, first offer, first negotiation"
  },
  "change of control": {
    facets: [
      "change of control, change in control, change of ownership, change in ownership, merger, merge*, consolidat*, " +
        "acquisition, acquired, sale of all, substantially all, controlling interest, voting securities, " +
        "voting stock, voting power, takeover, reorgani*, control of",
      "terminat*, consent, approv*, notice, notify, assign*, transfer*, deemed"
    ],
    senses: [
      [
        "operation of law, stock sale, sale of stock, substantially all of its assets, substantially all of the assets",
        "assign*, transfer*, terminat*, consent, notice"
      ]
    ],
    heading: "change of control, change in control"
  }
} satisfies Partial<Record<ClauseName, Vocabulary>>
