import { Effect, Option } from "effect"
import { stoppedNote, stoppedOutcome } from "../export/StoppedRun.js"
import type { RunRecord, StatusSummary } from "../store/CheckpointModel.js"
import { type LockStatus, readLock } from "../store/PipelineLock.js"

/** A run as `docsweep status` shows it: "stopped" when it is marked running but no live process holds the lock. */
export type StatusRun = Omit<RunRecord, "outcome"> & { readonly outcome: RunRecord["outcome"] | typeof stoppedOutcome }

/** What `docsweep status` reports (also its `--json`): every field always present. */
export type StatusData = Omit<StatusSummary, "runs" | "lastActivity"> & {
  readonly checkpoint: string
  /** Who holds the pipeline's lock; null when no lock file is there (or it holds no lock docsweep can read). */
  readonly lock: LockStatus | null
  /** Why the lock file could not be read; then whether a run is going on is not known. */
  readonly lockError: string | null
  /** The pipeline file differs from the one the newest run ran: the counts are of the pipeline as that run asked it. */
  readonly pipelineChanged: boolean
  readonly runs: ReadonlyArray<StatusRun>
  readonly lastActivity: string | null
}

/** The lock as status reads it: unreadable is said as such, never taken for free. */
export const lockOf = (checkpoint: string) =>
  readLock(checkpoint).pipe(
    Effect.map((lock) => ({ lock: Option.getOrNull(lock), lockError: null })),
    Effect.catchAll((error) => Effect.succeed({ lock: null, lockError: error.message }))
  )

/**
 * The status of a checkpoint: a run still marked running whose process is gone (a free or dead lock: killed, OOM,
 * the machine went down) is shown stopped, as its report is; `pipelineHash` is the pipeline file's as it is now.
 */
export const statusData = (input: {
  readonly checkpoint: string
  readonly summary: StatusSummary
  readonly lock: LockStatus | null
  readonly lockError: string | null
  readonly pipelineHash: string
}): StatusData => {
  const { lock, lockError, summary } = input
  const gone = lockError === null && (lock === null || !lock.alive)
  const runs = summary.runs.map(
    (run): StatusRun =>
      gone && run.outcome === "running" ? { ...run, outcome: stoppedOutcome, note: stoppedNote } : run
  )
  const newest = summary.runs.at(-1)
  return {
    checkpoint: input.checkpoint,
    lock,
    lockError,
    pipelineChanged: newest !== undefined && newest.pipelineHash !== input.pipelineHash,
    runs,
    cells: summary.cells,
    chats: summary.chats,
    failedCells: summary.failedCells,
    failedChats: summary.failedChats,
    lastActivity: summary.lastActivity ?? null
  }
}
