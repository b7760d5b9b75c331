/** How long things took, as the HTML report writes it. Pure: the page and the tests share it. */

/** "3.2 s", "1 min 4 s", "2 h 5 min" */
export const duration = (seconds: number): string => {
  if (!Number.isFinite(seconds)) return "–"
  if (seconds < 10) return `${seconds.toFixed(seconds < 1 ? 2 : 1)} s`
  if (seconds < 60) return `${Math.round(seconds)} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ${Math.round(seconds % 60)} s`
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

/**
 * How long a run took; one with no end time is going on only while it reads "running": a stopped one (killed
 * before it could end) never ended.
 */
export const runDuration = (run: {
  readonly startedAt: string
  readonly finishedAt: string | null
  readonly outcome: string
}): string => {
  if (run.finishedAt !== null) return duration((Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000)
  return run.outcome === "running" ? "still running" : "did not end"
}
