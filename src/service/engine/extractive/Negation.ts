import { ownStems, type Query } from "./Query.js"
import { processTerm, tokenize } from "./Terms.js"

/**
 * Questions about a prohibition, an exclusion or a clause's existence: "shall not solicit" is then the yes, not a
 * no, and "excluding Hawaii" answers "Is Hawaii excluded?".
 */
const notAskingAction =
  /\b(?:is|are)\s+there\b|\b(?:clause|provision|covenant|restriction|restrict\w*|prohibit\w*|forbid\w*|barred|not|never|no|exclu(?!siv)\w*|except\w*)\b/i
/** Phrases with "not" that do not negate: "not less than 30 days", "not to exceed", "not unreasonably withheld". */
const notNegating =
  /\bnot\s+(?:less|more|fewer|later|earlier|before|after|exceed\w*|to\s+exceed|limited|only|unreasonably|including)\b/gi
/** What follows these words is a condition or an exception, not the clause's own statement. */
const condition = /\b(?:unless|except|provided\s+that|if|until|whether|to\s+the\s+extent|in\s+the\s+event|where)\b/i
const negators = new Set(["not", "never", "no", "neither", "nor", "cannot", "excluding"])
/**
 * "Nothing in this Agreement shall be deemed to create a … joint venture", "nothing herein … shall confer upon any
 * other Person any right", "Nothing in this Agreement creates a partnership": what follows the verb is denied, however
 * far "nothing" stands from it.
 */
const nothingShall =
  /\bnothing\b[^.;]{0,120}?\b(?:(?:shall|will|is\s+intended\s+to|does)\s+(?:be\s+)?(?:deemed\s+|construed\s+|interpreted\s+)?(?:to\s+)?|(?:creates|constitutes|establishes|forms|makes)\s+)/gi
/** A negation reaches this many content words ahead, inside its clause. */
const reach = 3

/**
 * Whether a sentence denies what the question asks about: a negation ("does not", "shall not", "will not wish to")
 * followed closely, within the same clause, by one of the question's own words ("renew" in "Does it renew?").
 */
export const negates = (text: string, query: Query): boolean => {
  if (notAskingAction.test(query.text)) return false
  const heads = new Set(ownStems(query))
  // "Nothing … shall be deemed to create a partnership, joint venture or agency": the whole list after it is denied.
  for (const m of text.matchAll(nothingShall)) {
    const after = tokenize(text.slice(m.index + m[0].length, m.index + m[0].length + 150)).map(processTerm)
    if (after.some((term) => term !== null && heads.has(term))) return true
  }
  const statement = (text.split(condition)[0] ?? "").replace(/n['’]t\b/g, " not").replace(notNegating, " ")
  for (const clause of statement.split(/[,;:()]/)) {
    const tokens = tokenize(clause).filter((token) => token.length > 0)
    for (const [i, token] of tokens.entries()) {
      if (!negators.has(token)) continue
      const ahead = tokens
        .slice(i + 1)
        .map(processTerm)
        .filter((term): term is string => term !== null)
        .slice(0, reach)
      if (ahead.some((term) => heads.has(term))) return true
    }
  }
  return false
}
