import { Clock, Duration, Effect, Option, Ref, STM } from "effect"
import type { DocumentId } from "../api/Ids.js"
import type { AiCell } from "../api/Tables.js"
import { isAmbiguous, isCertainlyUndone } from "../client/ClientError.js"
import { ServiceClient } from "../client/ServiceClient.js"
import { CellStore } from "../store/CellStore.js"
import type { CellResult } from "../store/CheckpointModel.js"
import type { Batch, CellQueue, CellTask } from "./CellQueue.js"
import { type CellsPhase, recordResults } from "./CellsPhase.js"
import { CrashHook } from "./CrashHook.js"
import type { InFlightCell, InFlightCells, Intent } from "./InFlightCells.js"
import { pairKey } from "./Keys.js"
import { anyOf, learnFromRerun, signOf, sortIntents } from "./Reconcile.js"
import { nowIso, RunContext } from "./RunContext.js"
import { RunnerSettings } from "./RunnerSettings.js"
import type { RemoteTable } from "./SetupTables.js"

export const keyOf = (cell: CellTask) => ({ documentId: cell.documentId, columnName: cell.columnName })

/** Records pairs whose request landed: `submitted` in the checkpoint, then in flight (awaiting the poller). */
const adoptLanded = Effect.fn("SubmitCells.adoptLanded")(function* (
  landed: ReadonlyArray<{ readonly intent: Intent; readonly cell: AiCell }>,
  inFlight: InFlightCells,
  sentAt?: number
) {
  if (landed.length === 0) return
  const cellStore = yield* CellStore
  const at = yield* nowIso
  // The cell timeout and the due time of the next poll count from when the request left.
  const repliedAt = yield* Clock.currentTimeMillis
  const now = sentAt ?? repliedAt
  yield* cellStore.markSubmitted(
    landed.map(({ cell, intent }) => ({
      ...keyOf(intent),
      remoteCellId: cell.id,
      remoteTaskId: cell.task_id,
      remoteSign: signOf(cell),
      at
    }))
  )
  yield* inFlight.add(
    landed.map(
      ({ cell, intent }): InFlightCell => ({
        ...intent,
        remoteTaskId: cell.task_id,
        submittedAt: now,
        status: cell.task_status,
        runStamp: Date.parse(cell.modified_at),
        landedAt: (now + repliedAt) / 2
      })
    )
  )
})

/** Pairs whose request certainly did not land: back to `pending` in the checkpoint and to the queue. */
export const requeueLost = Effect.fn("SubmitCells.requeueLost")(function* (
  lost: ReadonlyArray<Intent>,
  queue: CellQueue
) {
  if (lost.length === 0) return
  const cellStore = yield* CellStore
  yield* cellStore.revertSubmitting(lost.map(keyOf))
  const again = lost.map(
    ({ staleTaskId, staleSign, ...task }): CellTask => ({
      ...task,
      remoteTaskId: staleTaskId,
      remoteSign: staleSign,
      tries: task.tries - 1
    })
  )
  yield* STM.commit(queue.requeue(again, lost.length))
})

/** How long a pair whose request may or may not have landed is watched before it is failed (see `settleIntents`). */
const unsureWait = Duration.seconds(2)

/**
 * Decides pairs whose run request may or may not have landed, by the table's cell list (Reconcile's `fateOf`):
 * landed ones are adopted and the lost ones returned, to be sent again. A pair the list cannot tell about (a
 * service that keeps task_id and shows nothing else either) is never sent blind: after one more poll cycle a
 * change proves it landed; a cell that still shows nothing new is failed with the reason, for a later run.
 */
export const settleIntents = Effect.fn("SubmitCells.settleIntents")(function* (
  phase: CellsPhase,
  table: RemoteTable,
  intents: ReadonlyArray<Intent>
) {
  const client = yield* ServiceClient
  const { retry, reruns, runId } = yield* RunContext
  const settings = yield* RunnerSettings
  const list = (of: ReadonlyArray<Intent>) =>
    Effect.map(retry(client.listCellsWhere(table.tableId, anyOf(of))), (listing) => listing.cells)
  const evidence = yield* Ref.get(reruns)
  const first = sortIntents(yield* list(intents), intents, evidence)
  yield* adoptLanded(first.landed, phase.inFlight)
  if (first.unsure.length === 0) return first.lost
  const wait = Duration.max(
    unsureWait,
    Option.getOrElse(settings.pollInterval, () => unsureWait)
  )
  yield* Effect.logInfo(
    `${first.unsure.length} pairs of table ${table.tableId} may or may not have been run again (reply lost, same task_id); looking again in ${Duration.format(wait)}`
  )
  yield* Effect.sleep(wait)
  const second = sortIntents(yield* list(first.unsure), first.unsure, yield* Ref.get(reruns))
  yield* adoptLanded(second.landed, phase.inFlight)
  if (second.unsure.length > 0) {
    const at = yield* nowIso
    const reason =
      "not sent again: the reply to its re-run was lost and the cell shows no change (same task_id, status and " +
      "modified_at), so whether the service got it cannot be told, and a pair is never asked twice; run docsweep " +
      "again to retry it"
    const failed = second.unsure.map(
      (intent): CellResult => ({ ...keyOf(intent), state: "failed", error: reason, at, runId })
    )
    yield* recordResults(phase, second.unsure, failed, [])
    yield* Effect.logWarning(`${second.unsure.length} pairs failed: ${reason}`)
  }
  return [...first.lost, ...second.lost]
})

/**
 * Sends one batch exactly once. The intent is committed before the request. After an ambiguous failure (connection
 * dropped, timeout, 5xx) the table's cell list is read before anything is sent again: pairs whose cell shows a new
 * task_id landed and are adopted; only the others are sent again. A request that never left (connection refused,
 * host not found) is sent again as it is. A rejected request (4xx, 429, never sent) certainly did not land: when
 * retries give up, its pairs go back to pending before the run stops.
 */
export const submitBatch = Effect.fn("SubmitCells.submitBatch")(function* (
  phase: CellsPhase,
  batch: Batch,
  table: RemoteTable
) {
  const client = yield* ServiceClient
  const cellStore = yield* CellStore
  const { flow, retry, reruns, runId } = yield* RunContext
  const { crashAt } = yield* CrashHook
  const { inFlight, queue } = phase
  const intents: Array<Intent> = []
  for (const cell of batch.cells) {
    const columnId = table.columns.get(cell.columnName)
    if (columnId === undefined)
      return yield* Effect.dieMessage(`column "${cell.columnName}" is not in table ${table.tableId}`)
    intents.push({
      ...cell,
      tableId: table.tableId,
      columnId,
      staleTaskId: cell.remoteTaskId,
      staleSign: cell.remoteSign,
      tries: cell.tries + 1
    })
  }
  const marks = intents.map((intent) => ({ ...keyOf(intent), staleSign: intent.staleSign }))
  yield* cellStore.markSubmitting(marks, runId, yield* nowIso)
  yield* crashAt("after-intent")

  const outstanding = yield* Ref.make<ReadonlyArray<Intent>>(intents)
  const ambiguous = yield* Ref.make(false)
  const reconcile = Effect.gen(function* () {
    const lost = yield* settleIntents(phase, table, yield* Ref.get(outstanding))
    yield* Ref.set(outstanding, lost)
    yield* Ref.set(ambiguous, false)
    return lost
  })
  /**
   * Before a retry after 429 the window may have been cut: the batch shrinks to what the window now allows and the
   * rest goes back to the queue. Pairs about to be sent certainly did not land yet, so they can be put back.
   */
  const shrink = Effect.gen(function* () {
    const pending = yield* Ref.get(outstanding)
    const state = yield* STM.commit(flow.gate)
    const allowed = Math.max(1, state.limit - (state.inFlight - pending.length))
    if (pending.length <= allowed) return pending
    yield* requeueLost(pending.slice(allowed), queue)
    yield* Ref.set(outstanding, pending.slice(0, allowed))
    return pending.slice(0, allowed)
  })
  const attempt = Effect.gen(function* () {
    if (yield* Ref.get(ambiguous)) yield* reconcile
    const pending = yield* shrink
    if (pending.length === 0) return
    const pairs = pending.map((cell) => [cell.documentId as DocumentId, cell.columnId] as const)
    const sentAt = yield* Clock.currentTimeMillis
    const reply = yield* client
      .runTable(table.tableId, pairs)
      .pipe(Effect.tapError((error) => Ref.set(ambiguous, isAmbiguous(error))))
    yield* crashAt("after-submit")
    const rtt = (yield* Clock.currentTimeMillis) - sentAt
    yield* flow.submitted(rtt)
    yield* Effect.logDebug(`submitted ${pending.length} pairs to table ${table.tableId} in ${rtt} ms`)
    const replied = new Map(reply.map((cell) => [pairKey(cell.document_id, cell.ai_column_id), cell]))
    const landed = pending.flatMap((intent) => {
      const cell = replied.get(pairKey(intent.documentId, intent.columnId))
      return cell === undefined ? [] : [{ intent, cell }]
    })
    yield* Ref.update(reruns, (evidence) =>
      landed.reduce((learned, { cell, intent }) => learnFromRerun(learned, intent, cell), evidence)
    )
    yield* adoptLanded(landed, inFlight, sentAt)
    const missing = pending.filter((intent) => !replied.has(pairKey(intent.documentId, intent.columnId)))
    yield* Ref.set(outstanding, missing)
    // A reply that leaves pairs out proves nothing about them: read the cell list before deciding.
    if (missing.length > 0) yield* Ref.set(ambiguous, true)
  })
  // Rejected (4xx), throttled or never sent, and not after an unreconciled ambiguous failure: the pairs certainly
  // did not land, so they go back to pending rather than being looked for in the cell list by the next run.
  const rejected = (error: { readonly _tag: string }) =>
    Effect.map(Ref.get(ambiguous), (unsure) => !unsure && isCertainlyUndone(error))
  yield* retry(attempt).pipe(
    Effect.tapError((error) =>
      Effect.flatMap(rejected(error), (certain) =>
        certain ? Effect.flatMap(Ref.get(outstanding), (lost) => requeueLost(lost, queue)) : Effect.void
      )
    )
  )
  if (yield* Ref.get(ambiguous)) {
    yield* requeueLost(yield* reconcile, queue)
  }
})
