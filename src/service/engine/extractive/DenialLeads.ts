/**
 * Words that deny what follows them, in the drafting contracts use instead of "not": "Nothing in this Agreement
 * shall be construed to grant …", "nothing in this Agreement creates …", "shall have no right to …", "makes no
 * commitment to …", "is not obliged to …", "do not intend that …", "no obligation to …".
 */
const lead = String.raw`(?:\bnothing\b[^.;]{0,100}?\b(?:(?:shall|will|is\s+intended\s+to|does|is)\s+(?:be\s+)?(?:deemed\s+|construed\s+|interpreted\s+)?(?:to\s+|as\s+)?(?:grant|give|confer|create|establish|require|obligate|constitute|provide|transfer|assign|convey)\w*|(?:grants|gives|confers|creates|establishes|constitutes|transfers|assigns|conveys)\b)|\b(?:shall|will|does|do)\s+(?:not\s+)?have\s+no\s+(?:right|claim|entitlement|obligation)s?\s+to\b|\bmakes?\s+no\s+(?:commitment|promise|undertaking)\b|\b(?:is|are|shall\s+be|will\s+be)\s+not\s+(?:obliged|obligated|required|bound)\s+to\b|\b(?:do|does)\s+not\s+intend\b|\bno\s+obligation\s+to\b)`

/** Within the same clause, and not past an exception ("… any rights except the exclusive right to sell …"). */
const within = String.raw`(?:(?!\b(?:except|excepting|other\s+than|save|unless|but)\b)[^.;]){0,100}?`

/** A sentence that denies `what` (a pattern source): a denial's lead followed, in the same clause, by it. */
export const deniedAhead = (what: string): RegExp => new RegExp(`${lead}${within}(?:${what})`, "i")

/** Where a denial's exception begins: "… nothing herein shall confer …; except that …". */
export const exceptionAfterDenial =
  /\b(?:except|excepting|other\s+than|save\s+that|provided(?:,)?\s+(?:however|that))\b/i
