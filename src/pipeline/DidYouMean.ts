/** Edit distance (insert, delete, substitute, swap of neighbours) between two short words. */
const editDistance = (a: string, b: string): number => {
  const d: Array<Array<number>> = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0))
  )
  const at = (i: number, j: number) => d[i]?.[j] ?? Number.POSITIVE_INFINITY
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1)
      const row = d[i]
      if (row !== undefined) row[j] = best
    }
  }
  return at(a.length, b.length)
}

/** The closest candidate, if close enough to be a likely typo (a third of the word, at least 2 edits). */
export const didYouMean = (word: string, candidates: ReadonlyArray<string>): string | undefined => {
  const lower = word.toLowerCase()
  let best: { readonly candidate: string; readonly distance: number } | undefined
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase())
    if (best === undefined || distance < best.distance) best = { candidate, distance }
  }
  const limit = Math.max(2, Math.floor(word.length / 3))
  return best !== undefined && best.distance <= limit ? best.candidate : undefined
}
