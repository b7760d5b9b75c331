import { createHash } from "node:crypto"

/**
 * The tuning half split again into two folds, so that a change tuned on one fold is checked on contracts it was not
 * written from before the held-out half is ever run: contracts ordered by SHA-256 of `docsweep-cuad-fold-v1:` + file
 * name, the first half (rounded up) is fold A, the rest fold B. Fixed before any of the third round's tuning.
 */
export type Fold = "A" | "B"

const key = (doc: string) => createHash("sha256").update(`docsweep-cuad-fold-v1:${doc}`).digest("hex")

/** The fold of each tuning contract. */
export const foldsOf = (tuning: ReadonlyArray<string>): ReadonlyMap<string, Fold> => {
  const ordered = [...tuning].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
  const cut = Math.ceil(ordered.length / 2)
  return new Map(ordered.map((doc, i) => [doc, i < cut ? "A" : "B"]))
}
