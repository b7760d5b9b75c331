/** Text to match literally inside a pattern built from parts (a role, a defined term): its special characters escaped. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
