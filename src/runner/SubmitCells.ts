import { Clock, Effect, Ref, STM } from "effect"
import type { DocumentId } from "../api/Ids.js"
import { isAmbiguous, isCertainlyUndone } from "../client/ClientError.js"
import { ServiceClient } from "../client/ServiceClient.js"
import { CellStore } from "../store/CellStore.js"
import type { Batch } from "./CellQueue.js"
import type { CellsPhase } from "./CellsPhase.js"
import { CrashHook } from "./CrashHook.js"
import type { Intent } from "./InFlightCells.js"
import { pairKey } from "./Keys.js"
import { learnFromRerun } from "./Reconcile.js"
import { nowIso, RunContext } from "./RunContext.js"
import { adoptLanded, keyOf, requeueLost, settleIntents } from "./SettleIntents.js"
import type { RemoteTable } from "./SetupTables.js"

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
