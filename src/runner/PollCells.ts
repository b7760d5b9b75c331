import { Clock, type Duration, Effect, Ref, STM } from "effect"
import type { AiCell } from "../api/Tables.js"
import { ServiceClient } from "../client/ServiceClient.js"
import type { CellResult } from "../store/CheckpointModel.js"
import type { CellTask } from "./CellQueue.js"
import { type CellsPhase, recordResults } from "./CellsPhase.js"
import { CrashHook } from "./CrashHook.js"
import { describeFlow, queuedAfterMs } from "./flow/FlowEstimate.js"
import type { InFlightCell } from "./InFlightCells.js"
import { pairKey } from "./Keys.js"
import { signOf } from "./Reconcile.js"
import { nowIso, RunContext } from "./RunContext.js"
import { RunnerSettings } from "./RunnerSettings.js"
import { keyOf } from "./SettleIntents.js"
import { furthest, type Verdict, verdictOf } from "./Verdict.js"

/**
 * How long an answer took from its run request leaving (run request → answer), in milliseconds. From the
 * service's own stamps (the run reply's `modified_at` → the answer's, two stamps of one clock, counted from when
 * the service most likely handled the request) when they fall between the previous poll and this one; otherwise,
 * or with stamps too coarse to agree, the midpoint of that bracket.
 */
const sojournOf = (cell: InFlightCell, remote: AiCell | undefined, previousPoll: number, polledAt: number) => {
  const since = Math.max(previousPoll, cell.submittedAt)
  const served = remote === undefined ? Number.NaN : Date.parse(remote.modified_at) - cell.runStamp
  const doneAt = cell.landedAt + served
  const slack = 50
  const plausible = Number.isFinite(doneAt) && served >= 0 && doneAt >= since - slack && doneAt <= polledAt + slack
  return plausible ? doneAt - cell.submittedAt : (since + polledAt) / 2 - cell.submittedAt
}

/**
 * Whether a listed cell still shows the generation before our request: its old task_id (when the service gave the
 * re-run a new one), or exactly what it showed before (a service that keeps task_id and has not touched the cell
 * yet). Its status says nothing about our request then.
 */
const showsStale = (cell: AiCell, tracked: InFlightCell) =>
  tracked.staleTaskId !== undefined &&
  cell.task_id === tracked.staleTaskId &&
  (cell.task_id !== tracked.remoteTaskId || (tracked.staleSign !== undefined && signOf(cell) === tracked.staleSign))

/**
 * The listed copy of a pair in flight to judge it by. A list should show a pair once; one that shows it twice (the
 * answered cell and a stale pending copy, in either order) is read by the copy of our request furthest along, so
 * the answer is taken rather than waited for until `cell_timeout` and asked again.
 */
const copyOf = (copies: ReadonlyArray<AiCell> | undefined, tracked: InFlightCell) =>
  copies === undefined ? undefined : (furthest(copies.filter((c) => !showsStale(c, tracked))) ?? copies.at(-1))

/** What one listed cell says about a pair in flight; a list still showing the stale generation has not seen our request. */
const judge = (cell: AiCell | undefined, tracked: InFlightCell, now: number, timeout: Duration.Duration): Verdict => {
  const current = cell !== undefined && !showsStale(cell, tracked) ? cell : undefined
  return verdictOf(current, current?.task_status ?? tracked.status, now - tracked.submittedAt, timeout)
}

/**
 * One poll of one table: a single cell-list request serves every pair in flight there, matched by
 * (document_id, ai_column_id), never by position. Answers are recorded at once; failed or timed-out pairs run again
 * (same pair) while `cell_retries` allows, then are recorded as failed with the reason. What the poll saw (answer
 * times, how many of our cells wait at the service and how many are being answered) goes to the flow control
 * before the settled pairs free their slots, so the next batch is sized by the updated window.
 */
export const pollTable = Effect.fn("PollCells.pollTable")(function* (phase: CellsPhase, slot: number) {
  const client = yield* ServiceClient
  const { flow, retry, runId } = yield* RunContext
  const { crashAt } = yield* CrashHook
  const settings = yield* RunnerSettings
  const { inFlight, queue } = phase
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
  const previous = (yield* Ref.get(phase.reads)).get(slot)
  yield* Ref.update(phase.reads, (reads) =>
    new Map(reads).set(slot, { at: sentAt, bytes: listing.bytes, rtt: now - sentAt })
  )
  const queuedAfter = queuedAfterMs(yield* flow.state)
  const at = yield* nowIso
  const listed = new Map<string, Array<AiCell>>()
  for (const cell of listing.cells) {
    const key = pairKey(cell.document_id, cell.ai_column_id)
    const copies = listed.get(key)
    if (copies === undefined) listed.set(key, [cell])
    else copies.push(cell)
  }
  const results: Array<CellResult> = []
  const again: Array<CellTask> = []
  const settled: Array<InFlightCell> = []
  const sojourns: Array<number> = []
  const roundTrips: Array<number> = []
  let pending = 0
  let pendingFresh = 0
  let running = 0
  let newestRevealed = Number.NEGATIVE_INFINITY
  for (const [key, cell] of tracked) {
    const remote = copyOf(listed.get(key), cell)
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
      results.push({ ...keyOf(cell), state: "success", response: verdict.response, at, seconds: elapsed, runId })
    } else if (verdict.again && cell.tries <= settings.cellRetries) {
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
    left: tracked.size - settled.length,
    newestRevealed,
    inFlight: gate.inFlight - settled.length,
    limited
  })
  yield* Effect.logDebug(
    `polled table ${tableId} in ${now - sentAt} ms (${describeFlow(yield* flow.state, now)}): ${listing.listed} listed (${listing.bytes} bytes), ${tracked.size} in flight, ` +
      `${settled.length} settled, ${pending} queued, ${running} running; window ${gate.limit}`
  )
  if (settled.length === 0) return
  const recorded = yield* recordResults(phase, settled, results, again)
  if (recorded.inFlight > 0) yield* crashAt("mid-poll")
})
