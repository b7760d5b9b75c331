/**
 * The learned distribution of how long a unit (cell or chat message) stays at the service: from its run request
 * to its answer. Polls are scheduled from it (when will enough of the units in flight be done?), so it keeps the
 * shape, not only the mean: a fixed 200 ms service and a lognormal one with the same mean want different polls.
 *
 * The newest `capacity` samples are kept (older ones age out, so a service that slows down or speeds up is
 * followed within a few hundred answers) in arrival order and sorted, for O(log n) CDF look-ups.
 */
export interface Sojourns {
  /** Newest samples in arrival order, milliseconds. */
  readonly recent: ReadonlyArray<number>
  /** The same samples, ascending. */
  readonly sorted: ReadonlyArray<number>
}

const sojournCapacity = 256

export const noSojourns: Sojourns = { recent: [], sorted: [] }

/** Adds samples (negative or non-finite ones are dropped), keeping the newest `capacity`. */
export const addSojourns = (
  sojourns: Sojourns,
  samples: ReadonlyArray<number>,
  capacity: number = sojournCapacity
): Sojourns => {
  const valid = samples.filter((sample) => Number.isFinite(sample) && sample >= 0)
  if (valid.length === 0) return sojourns
  const recent = [...sojourns.recent, ...valid].slice(-capacity)
  return { recent, sorted: [...recent].sort((a, b) => a - b) }
}

export const sampleCount = (sojourns: Sojourns) => sojourns.sorted.length

/** Share of samples at or below `millis` (0 with no samples). */
export const cdf = (sojourns: Sojourns, millis: number): number => {
  const { sorted } = sojourns
  if (sorted.length === 0) return 0
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((sorted[mid] ?? 0) <= millis) lo = mid + 1
    else hi = mid
  }
  return lo / sorted.length
}

/** The `q` quantile (0 ≤ q ≤ 1) by nearest rank; NaN with no samples. */
export const quantile = (sojourns: Sojourns, q: number): number => {
  const { sorted } = sojourns
  if (sorted.length === 0) return Number.NaN
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[rank] ?? Number.NaN
}

export const meanOf = (values: ReadonlyArray<number>): number =>
  values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length
