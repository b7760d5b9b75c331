/** Text to match literally inside a pattern built from parts (a role, a defined term): its special characters escaped. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** One pattern that matches where any of `patterns` does (case-insensitive). */
export const eitherOf = (...patterns: ReadonlyArray<RegExp>): RegExp =>
  new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join("|"), "i")
