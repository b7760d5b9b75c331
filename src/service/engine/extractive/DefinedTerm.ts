/** A sentence that opens by defining a term: '1.6 "Net Sales" means …', '"Royalty Term" shall mean …'. */
const opensDefinition =
  /^\s*(?:(?:section\s+)?[\d.]+\s+|\(?[a-z\d]{1,4}\)\s+)?["“]([^"”]{1,60})["”]\s+(?:means|shall\s+mean|has\s+the\s+meaning|refers\s+to|shall\s+refer\s+to)\b/i

/** The term a sentence opens by defining ("Net Sales"), if it does. */
export const definedTermOf = (text: string): string | undefined => opensDefinition.exec(text)?.[1]
