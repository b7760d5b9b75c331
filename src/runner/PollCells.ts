import { Clock, Duration, Effect, Option, Ref, STM } from "effect"
import { type AiCell, isSettledFailure } from "../api/Tables.js"
import { ServiceClient } from "../client/ServiceClient.js"
import type { CellResult } from "../store/CheckpointModel.js"
import { CheckpointStore } from "../store/CheckpointStore.js"
import type { CellQueue, CellTask } from "./CellQueue.js"
import type { InFlightCell, InFlightCells } from "./InFlightCells.js"
import { pairKey } from "./Keys.js"
import type { LatencyEstimate, PollRound } from "./PollInterval.js"
import { RunProgress } from "./Progress.js"
import { nowIso, RunContext } from "./RunContext.js"
import { RunnerSettings } from "./RunnerSettings.js"
import { keyOf } from "./SubmitCells.js"

/** Answers and latencies of this run's cells, for the summary and the dry-run estimate. */
export interface CellStats {
  readonly answered: number
  readonly failed: number
  readonly retried: number
  readonly seconds: number
}

export const noCellStats: CellStats = { answered: 0, failed: 0, retried: 0, seconds: 0 }

/** What the pollers of the cells phase share: stats, the latency estimate, each table's last poll time. */
export interface PollState {
  readonly stats: Ref.Ref<CellStats>
  readonly latency: LatencyEstimate
  readonly lastPoll: Ref.Ref<ReadonlyMap<number, number>>
}

/** Why a cell failed: the service's reason when it gives one (`meta.error`), else its status. */
export const failureReason = (cell: AiCell): string => {
  const reason = cell.meta.error
  return `task_status "${cell.task_status}"${typeof reason === "string" && reason !== "" ? `: ${reason}` : ""}`
}

/**
 * How long an answer took: from the service's own stamps (run reply → answer) when it gives them, else the
 * midpoint between the previous poll and this one, the best local guess of when it finished.
 */
const latencyOf = (cell: InFlightCell, remote: AiCell | undefined, previousPoll: number, now: number) => {
  const served = remote === undefined ? Number.NaN : Date.parse(remote.modified_at) - cell.runStamp
  return Number.isFinite(served) && served >= 0
    ? served
    : (Math.max(previousPoll, cell.submittedAt) + now) / 2 - cell.submittedAt
}

type Verdict =
  | { readonly _tag: "success"; readonly response: string }
  | { readonly _tag: "failure"; readonly reason: string }
  | { readonly _tag: "waiting"; readonly status: string }

/** What one listed cell says about a pair in flight; a list still showing the stale task has not seen our request. */
const judge = (cell: AiCell | undefined, tracked: InFlightCell, now: number, timeout: Duration.Duration): Verdict => {
  const current =
    cell !== undefined &&
    !(
      tracked.staleTaskId !== undefined &&
      cell.task_id === tracked.staleTaskId &&
      cell.task_id !== tracked.remoteTaskId
    )
      ? cell
      : undefined
  if (current?.task_status === "success") return { _tag: "success", response: current.response }
  if (current !== undefined && isSettledFailure(current.task_status))
    return { _tag: "failure", reason: failureReason(current) }
  const status = current?.task_status ?? tracked.status
  if (now - tracked.submittedAt > Duration.toMillis(timeout)) {
    return { _tag: "failure", reason: `still ${status} after ${Duration.format(timeout)} (cell_timeout)` }
  }
  return { _tag: "waiting", status }
}

/**
 * One poll of one table: a single cell-list request serves every pair in flight there, matched by
 * (document_id, ai_column_id), never by position. Answers are recorded at once; failed or timed-out pairs run again
 * (same pair) while `cell_retries` allows, then are recorded as failed with the reason. Returns whether anything
 * moved.
 */
export const pollTable = Effect.fn("pollTable")(function* (
  slot: number,
  queue: CellQueue,
  inFlight: InFlightCells,
  state: PollState
) {
  const client = yield* ServiceClient
  const store = yield* CheckpointStore
  const progress = yield* RunProgress
  const { crash, retry, runId } = yield* RunContext
  const settings = yield* RunnerSettings
  const tracked = yield* inFlight.inSlot(slot)
  const tableId = tracked.values().next().value?.tableId
  if (tableId === undefined) return false
  const cells = yield* retry(
    client.listCellsWhere(tableId, (documentId, columnId) => tracked.has(pairKey(documentId, columnId)))
  )
  const now = yield* Clock.currentTimeMillis
  const previousPoll = (yield* Ref.getAndUpdate(state.lastPoll, (m) => new Map(m).set(slot, now))).get(slot) ?? 0
  const at = yield* nowIso
  const listed = new Map(cells.map((cell) => [pairKey(cell.document_id, cell.ai_column_id), cell]))
  const results: Array<CellResult> = []
  const again: Array<CellTask> = []
  const settled: Array<InFlightCell> = []
  let changed = false
  let seconds = 0
  for (const [key, cell] of tracked) {
    const remote = listed.get(key)
    const verdict = judge(remote, cell, now, settings.cellTimeout)
    if (verdict._tag === "waiting") {
      if (verdict.status !== cell.status) {
        changed = true
        yield* inFlight.setStatus(cell, verdict.status)
      }
      continue
    }
    settled.push(cell)
    const elapsed = (now - cell.submittedAt) / 1000
    if (verdict._tag === "success") {
      seconds += elapsed
      yield* state.latency.observe(latencyOf(cell, remote, previousPoll, now))
      results.push({ ...keyOf(cell), state: "success", response: verdict.response, at, seconds: elapsed, runId })
    } else if (cell.tries <= settings.cellRetries) {
      again.push({
        documentId: cell.documentId,
        columnName: cell.columnName,
        slot: cell.slot,
        remoteTaskId: remote?.task_id ?? cell.remoteTaskId,
        tries: cell.tries
      })
    } else {
      results.push({ ...keyOf(cell), state: "failed", error: verdict.reason, at, seconds: elapsed, runId })
    }
  }
  yield* Effect.logDebug(
    `polled table ${tableId}: ${cells.length} of ${tracked.size} cells in flight listed, ${settled.length} settled`
  ).pipe(Effect.annotateLogs("expectedMs", Option.getOrUndefined(yield* state.latency.current)))
  if (settled.length === 0) return changed
  yield* store.markResults(results)
  yield* inFlight.remove(settled)
  yield* STM.commit(queue.requeue(again, settled.length))
  const answered = results.filter((r) => r.state === "success").length
  const failed = results.length - answered
  yield* Ref.update(state.stats, (s) => ({
    answered: s.answered + answered,
    failed: s.failed + failed,
    retried: s.retried + again.length,
    seconds: s.seconds + seconds
  }))
  const remaining = yield* inFlight.size
  yield* progress.cells((c) => ({ ...c, done: c.done + answered, failed: c.failed + failed, inFlight: remaining }))
  if (remaining > 0) yield* crash("mid-poll")
  return true
})

/** One round: every table with pairs in flight is polled once. Done once nothing is queued or in flight. */
export const pollRound = Effect.fn("pollRound")(function* (
  queue: CellQueue,
  inFlight: InFlightCells,
  state: PollState
) {
  const progress = yield* RunProgress
  const slots = yield* inFlight.activeSlots
  const moved = yield* Effect.forEach(slots, (slot) => pollTable(slot, queue, inFlight, state), { concurrency: 4 })
  const waitingOn = yield* inFlight.size
  // Cells submitted since the last round count as in flight too, not only those a settle left behind.
  yield* progress.cells((c) => (c.inFlight === waitingOn ? c : { ...c, inFlight: waitingOn }))
  yield* progress.waiting(waitingOn > 0 ? `waiting on ${waitingOn} cells` : undefined)
  const done = yield* STM.commit(queue.finished)
  return {
    changed: moved.some((m) => m),
    done,
    oldestSubmittedAt: yield* inFlight.oldestSubmittedAt
  } satisfies PollRound
})
