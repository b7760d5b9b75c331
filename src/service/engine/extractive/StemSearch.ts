import MiniSearch, { type AsPlainObject } from "minisearch"

/** What MiniSearch indexes: a passage's position and its stems, in order. */
export interface StemmedPassage {
  readonly id: number
  readonly stems: ReadonlyArray<string>
}

export type StemSearch = MiniSearch<StemmedPassage>

/** The index, and in how many passages each stem occurs (its document frequency, for IDF weights). */
export interface StemIndex {
  readonly search: StemSearch
  readonly frequency: ReadonlyMap<string, number>
}

/** Stems arrive already processed: both sides only split, and take each stem as it is. */
export const stemSearchOptions = {
  fields: ["stems"],
  stringifyField: (value: unknown) => value as string,
  tokenize: (stems: string) => stems as unknown as Array<string>,
  processTerm: (term: string) => term,
  searchOptions: { tokenize: (query: string) => query.split(" "), processTerm: (term: string) => term }
}

/**
 * A BM25 index of passages that are already stemmed, passage `id` at position `id`. Counted here and loaded with
 * `MiniSearch.loadJS` (the form `toJSON` writes), not added one passage at a time: `add` walks MiniSearch's radix
 * tree once per word of the text, which was half the cost of reading a 100-page document; counted, the tree takes
 * each distinct stem once. The index is the same as `addAll` would build, down to the average passage length,
 * worked out the way `add` works it out (a running mean), so scores agree to the last bit.
 */
export const stemSearch = (passages: ReadonlyArray<StemmedPassage>): StemIndex => {
  const frequency = new Map<string, number>()
  const postings = new Map<string, Record<number, number>>()
  const documentIds: Record<number, number> = {}
  const fieldLength: Record<number, Array<number>> = {}
  let averageLength = 0
  for (const [shortId, { id, stems }] of passages.entries()) {
    documentIds[shortId] = id
    // MiniSearch's field length is the number of distinct terms; a term's count is how often it occurs.
    let distinct = 0
    for (const stem of stems) {
      let counts = postings.get(stem)
      if (counts === undefined) {
        counts = {}
        postings.set(stem, counts)
      }
      const count = counts[shortId]
      if (count === undefined) {
        distinct += 1
        frequency.set(stem, (frequency.get(stem) ?? 0) + 1)
      }
      counts[shortId] = (count ?? 0) + 1
    }
    fieldLength[shortId] = [distinct]
    averageLength = (averageLength * shortId + distinct) / (shortId + 1)
  }
  const counted: AsPlainObject = {
    documentCount: passages.length,
    nextId: passages.length,
    documentIds,
    fieldIds: { stems: 0 },
    fieldLength,
    averageFieldLength: [averageLength],
    storedFields: {},
    dirtCount: 0,
    index: [...postings].map(([stem, counts]) => [stem, { 0: counts }]),
    serializationVersion: 2
  }
  return { search: MiniSearch.loadJS<StemmedPassage>(counted, stemSearchOptions), frequency }
}
