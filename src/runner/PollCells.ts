import { Clock, Duration, Effect, Ref, STM } from "effect"
import { type AiCell, isSettledFailure } from "../api/Tables.js"
import { ServiceClient } from "../client/ServiceClient.js"
import { CellStore } from "../store/CellStore.js"
import type { CellResult } from "../store/CheckpointModel.js"
import type { CellQueue, CellTask } from "./CellQueue.js"
import { CrashHook } from "./CrashHook.js"
import { describeFlow, queuedAfterMs } from "./flow/FlowController.js"
import type { InFlightCell, InFlightCells } from "./InFlightCells.js"
import { pairKey } from "./Keys.js"
import { RunProgress } from "./Progress.js"
import { signOf } from "./Reconcile.js"
import { nowIso, RunContext } from "./RunContext.js"
import { RunnerSettings } from "./RunnerSettings.js"
import { keyOf } from "./SubmitCells.js"

/** Answers and latencies of this run's cells, for the summary. */
export interface CellStats {
  readonly answered: number
  readonly failed: number
  readonly retried: number
  readonly seconds: number
}

export const noCellStats: CellStats = { answered: 0, failed: 0, retried: 0, seconds: 0 }

/** What the last read of one table's cell list cost, and when it was sent. */
export interface ListRead {
  readonly at: number
  readonly bytes: number
  readonly rtt: number
}

/** What the pollers of the cells phase share: stats and each table's last read. */
export interface PollState {
  readonly stats: Ref.Ref<CellStats>
  readonly reads: Ref.Ref<ReadonlyMap<number, ListRead>>
}

/** Why a cell failed: the service's reason when it gives one (`meta.error`), else its status. */
export const failureReason = (cell: AiCell): string => {
  const reason = cell.meta.error
  return `task_status "${cell.task_status}"${typeof reason === "string" && reason !== "" ? `: ${reason}` : ""}`
}

/**
 * How long an answer took from its run request leaving (run request → answer), in milliseconds. From the
 * service's own stamps (the run reply's `modified_at` → the answer's, two stamps of one clock, counted from when
 * the service most likely handled the request) when they fall between the previous poll and this one; otherwise,
 * or with stamps too coarse to agree, the midpoint of that bracket.
 */
export const sojournOf = (cell: InFlightCell, remote: AiCell | undefined, previousPoll: number, polledAt: number) => {
  const since = Math.max(previousPoll, cell.submittedAt)
  const served = remote === undefined ? Number.NaN : Date.parse(remote.modified_at) - cell.runStamp
  const doneAt = cell.landedAt + served
  const slack = 50
  const plausible = Number.isFinite(doneAt) && served >= 0 && doneAt >= since - slack && doneAt <= polledAt + slack
  return plausible ? doneAt - cell.submittedAt : (since + polledAt) / 2 - cell.submittedAt
}

type Verdict =
  | { readonly _tag: "success"; readonly response: string }
  | { readonly _tag: "failure"; readonly reason: string; readonly timedOut: boolean }
  | { readonly _tag: "waiting"; readonly status: string }

/**
 * Whether a listed cell still shows the generation before our request: its old task_id (when the service gave the
 * re-run a new one), or exactly what it showed before (a service that keeps task_id and has not touched the cell
 * yet). Its status says nothing about our request then.
 */
const showsStale = (cell: AiCell, tracked: InFlightCell) =>
  tracked.staleTaskId !== undefined &&
  cell.task_id === tracked.staleTaskId &&
  (cell.task_id !== tracked.remoteTaskId || (tracked.staleSign !== undefined && signOf(cell) === tracked.staleSign))

/** What one listed cell says about a pair in flight; a list still showing the stale generation has not seen our request. */
const judge = (cell: AiCell | undefined, tracked: InFlightCell, now: number, timeout: Duration.Duration): Verdict => {
  const current = cell !== undefined && !showsStale(cell, tracked) ? cell : undefined
  if (current?.task_status === "success") return { _tag: "success", response: current.response }
  if (current !== undefined && isSettledFailure(current.task_status))
    return { _tag: "failure", reason: failureReason(current), timedOut: false }
  const status = current?.task_status ?? tracked.status
  if (now - tracked.submittedAt > Duration.toMillis(timeout)) {
    return {
      _tag: "failure",
      reason: `still ${status} after ${Duration.format(timeout)} (cell_timeout)`,
      timedOut: true
    }
  }
  return { _tag: "waiting", status }
}

/**
 * One poll of one table: a single cell-list request serves every pair in flight there, matched by
 * (document_id, ai_column_id), never by position. Answers are recorded at once; failed or timed-out pairs run again
 * (same pair) while `cell_retries` allows, then are recorded as failed with the reason. What the poll saw (answer
 * times, how many of our cells wait at the service and how many are being answered) goes to the flow control
 * before the settled pairs free their slots, so the next batch is sized by the updated window.
 */
export const pollTable = Effect.fn("PollCells.pollTable")(function* (
  slot: number,
  queue: CellQueue,
  inFlight: InFlightCells,
  state: PollState
) {
  const client = yield* ServiceClient
  const cellStore = yield* CellStore
  const progress = yield* RunProgress
  const { flow, retry, runId } = yield* RunContext
  const { crashAt } = yield* CrashHook
  const settings = yield* RunnerSettings
  const tracked = yield* inFlight.inSlot(slot)
  const tableId = tracked.values().next().value?.tableId
  if (tableId === undefined) return
  const gate = yield* STM.commit(flow.gate)
  const limited = gate.inFlight >= gate.limit && (yield* STM.commit(queue.queued)) > 0
  const sentAt = yield* Clock.currentTimeMillis
  const listing = yield* retry(
    client.listCellsWhere(tableId, (documentId, columnId) => tracked.has(pairKey(documentId, columnId)))
  )
  const now = yield* Clock.currentTimeMillis
  const previous = (yield* Ref.get(state.reads)).get(slot)
  yield* Ref.update(state.reads, (reads) =>
    new Map(reads).set(slot, { at: sentAt, bytes: listing.bytes, rtt: now - sentAt })
  )
  const queuedAfter = queuedAfterMs(yield* flow.state)
  const at = yield* nowIso
  const listed = new Map(listing.cells.map((cell) => [pairKey(cell.document_id, cell.ai_column_id), cell]))
  const results: Array<CellResult> = []
  const again: Array<CellTask> = []
  const settled: Array<InFlightCell> = []
  const sojourns: Array<number> = []
  const roundTrips: Array<number> = []
  let pending = 0
  let pendingFresh = 0
  let running = 0
  let newestRevealed = Number.NEGATIVE_INFINITY
  let seconds = 0
  for (const [key, cell] of tracked) {
    const remote = listed.get(key)
    const verdict = judge(remote, cell, now, settings.cellTimeout)
    if (verdict._tag === "waiting") {
      if (verdict.status === "running") {
        running += 1
        newestRevealed = Math.max(newestRevealed, cell.submittedAt)
      } else if (verdict.status === "pending") {
        if (sentAt - cell.submittedAt > queuedAfter) pending += 1
        else pendingFresh += 1
      }
      if (verdict.status !== cell.status) yield* inFlight.setStatus(cell, verdict.status)
      continue
    }
    settled.push(cell)
    const elapsed = (now - cell.submittedAt) / 1000
    if (!(verdict._tag === "failure" && verdict.timedOut)) {
      sojourns.push(sojournOf(cell, remote, previous?.at ?? cell.submittedAt, sentAt))
      roundTrips.push(now - cell.submittedAt)
      newestRevealed = Math.max(newestRevealed, cell.submittedAt)
    }
    if (verdict._tag === "success") {
      seconds += elapsed
      results.push({ ...keyOf(cell), state: "success", response: verdict.response, at, seconds: elapsed, runId })
    } else if (cell.tries <= settings.cellRetries) {
      again.push({
        documentId: cell.documentId,
        columnName: cell.columnName,
        slot: cell.slot,
        remoteTaskId: remote?.task_id ?? cell.remoteTaskId,
        remoteSign: remote === undefined ? undefined : signOf(remote),
        tries: cell.tries
      })
    } else {
      const remoteSign = remote === undefined ? undefined : signOf(remote)
      results.push({ ...keyOf(cell), state: "failed", error: verdict.reason, at, seconds: elapsed, runId, remoteSign })
    }
  }
  yield* flow.observePoll("cells", {
    source: `table:${slot}`,
    at: sentAt,
    rtt: now - sentAt,
    gap: previous === undefined ? undefined : sentAt - previous.at,
    sojourns,
    roundTrips,
    pending,
    pendingFresh,
    running,
    newestRevealed,
    inFlight: gate.inFlight - settled.length,
    limited
  })
  yield* Effect.logDebug(
    `polled table ${tableId} in ${now - sentAt} ms (${describeFlow(yield* flow.state, now)}): ${listing.listed} listed (${listing.bytes} bytes), ${tracked.size} in flight, ` +
      `${settled.length} settled, ${pending} queued, ${running} running; window ${gate.limit}`
  )
  if (settled.length === 0) return
  yield* cellStore.markResults(results)
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
  if (remaining > 0) yield* crashAt("mid-poll")
})
