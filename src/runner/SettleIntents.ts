import { Clock, Duration, Effect, Option, Ref, STM } from "effect"
import type { AiCell } from "../api/Tables.js"
import { ServiceClient } from "../client/ServiceClient.js"
import { CellStore } from "../store/CellStore.js"
import type { CellResult } from "../store/CheckpointModel.js"
import type { CellQueue, CellTask } from "./CellQueue.js"
import { type CellsPhase, recordResults } from "./CellsPhase.js"
import type { InFlightCell, InFlightCells, Intent } from "./InFlightCells.js"
import { anyOf, signOf, sortIntents } from "./Reconcile.js"
import { nowIso, RunContext } from "./RunContext.js"
import { RunnerSettings } from "./RunnerSettings.js"
import type { RemoteTable } from "./SetupTables.js"

export const keyOf = (cell: CellTask) => ({ documentId: cell.documentId, columnName: cell.columnName })

/** Records pairs whose request landed: `submitted` in the checkpoint, then in flight (awaiting the poller). */
export const adoptLanded = Effect.fn("SettleIntents.adoptLanded")(function* (
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
export const requeueLost = Effect.fn("SettleIntents.requeueLost")(function* (
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
export const settleIntents = Effect.fn("SettleIntents.settleIntents")(function* (
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
