/**
 * At most this many documents are read one by one for an answer that compares documents (`LawAcross`,
 * `TermAcross`): a chat's documents, not a library. An answer that finds nothing says how many it read.
 */
export const maxDocumentsRead = 50
