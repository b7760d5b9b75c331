export interface QueueRow {
  readonly status: string
  readonly created_ms: number
  readonly started_ms: number | null
  readonly finished_ms: number | null
}

const percentiles = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0
  const mean = sorted.length === 0 ? 0 : sorted.reduce((sum, value) => sum + value, 0) / sorted.length
  return { mean, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 }
}

/**
 * Queue wait (submitted → taken), answer time (taken → done), answers per second, and the peak number of tasks
 * waiting at once (a sweep over submissions and takes; a task cancelled before any worker took it leaves the
 * queue when it was cancelled).
 */
export const summarizeQueue = (sinceMs: number, rows: ReadonlyArray<QueueRow>) => {
  const events: Array<readonly [number, number]> = []
  for (const row of rows) {
    events.push([row.created_ms, 1])
    const left = row.started_ms ?? row.finished_ms
    if (left !== null) events.push([left, -1])
  }
  // At equal times a take comes before a submission, so a task taken at once never counts as waiting.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  let pending = 0
  let peak = 0
  for (const [, delta] of events) {
    pending += delta
    peak = Math.max(peak, pending)
  }
  const started = rows.filter((row) => row.started_ms !== null)
  const answered = rows.filter((row) => row.status === "success")
  const first = Math.min(...rows.map((row) => row.created_ms))
  const last = Math.max(...answered.map((row) => row.finished_ms ?? 0))
  return {
    since_ms: sinceMs,
    tasks: rows.length,
    answered: answered.length,
    peak_pending: peak,
    queue_wait_ms: percentiles(started.map((row) => (row.started_ms ?? 0) - row.created_ms)),
    answer_ms: percentiles(answered.map((row) => (row.finished_ms ?? 0) - (row.started_ms ?? 0))),
    answers_per_second: answered.length > 0 && last > first ? answered.length / ((last - first) / 1000) : 0
  }
}
