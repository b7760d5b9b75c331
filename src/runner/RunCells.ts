import { Clock, Effect, Option, Ref, STM } from "effect"
import { ServiceClient } from "../client/ServiceClient.js"
import type { CellRecord } from "../store/CheckpointModel.js"
import { CheckpointStore } from "../store/CheckpointStore.js"
import { type CellTask, type CellQueue, makeCellQueue } from "./CellQueue.js"
import { type InFlightCell, type InFlightCells, type Intent, makeInFlightCells } from "./InFlightCells.js"
import type { ColumnPlan, TableLayout } from "./PlanRun.js"
import { type CellStats, noCellStats, type PollState, pollRound } from "./PollCells.js"
import { makeLatencyEstimate, pollUntilDone } from "./PollInterval.js"
import { RunProgress } from "./Progress.js"
import { anyOf, sortIntents } from "./Reconcile.js"
import { RunContext } from "./RunContext.js"
import { RunnerSettings } from "./RunnerSettings.js"
import { type RemoteTable, startTableSetup, type TableGate } from "./SetupTables.js"
import { adoptLanded, requeueLost, submitBatch } from "./SubmitCells.js"

/** Checkpoint key of the answer latency the last run learned: the dry run's estimate and the first polls' timing. */
export const secondsPerCellKey = "runner.seconds_per_cell"

const isoMillis = (iso: string | undefined, fallback: number) => {
  const millis = iso === undefined ? Number.NaN : Date.parse(iso)
  return Number.isNaN(millis) ? fallback : millis
}

const taskOf = (record: CellRecord): CellTask => ({
  documentId: record.documentId,
  columnName: record.columnName,
  slot: record.tableSlot,
  remoteTaskId: record.remoteTaskId,
  tries: record.state === "pending" ? 0 : 1
})

const intentOf = (record: CellRecord, table: RemoteTable): Array<Intent> => {
  const columnId = table.columns.get(record.columnName)
  return columnId === undefined
    ? []
    : [{ ...taskOf(record), tableId: table.tableId, columnId, staleTaskId: record.staleTaskId }]
}

/**
 * Picks up what an earlier process left in flight, table by table: `submitted` pairs are awaited again; pairs left
 * `submitting` (intent written, request maybe sent) are sorted by the table's cell list before anything is sent.
 */
const resume = Effect.fn("resume")(function* (
  records: ReadonlyArray<CellRecord>,
  gate: TableGate,
  queue: CellQueue,
  inFlight: InFlightCells
) {
  const client = yield* ServiceClient
  const { retry } = yield* RunContext
  const now = yield* Clock.currentTimeMillis
  const slots = [...new Set(records.map((record) => record.tableSlot))]
  yield* Effect.forEach(
    slots,
    (slot) =>
      Effect.gen(function* () {
        const table = yield* gate.table(slot)
        const inSlot = records.filter((record) => record.tableSlot === slot)
        yield* inFlight.add(
          inSlot
            .filter((record) => record.state === "submitted")
            .flatMap((record) =>
              intentOf(record, table).map(
                (intent): InFlightCell => ({
                  ...intent,
                  submittedAt: isoMillis(record.submittedAt, now),
                  status: "pending",
                  runStamp: Number.NaN
                })
              )
            )
        )
        const intents = inSlot.filter((record) => record.state === "submitting").flatMap((r) => intentOf(r, table))
        if (intents.length === 0) return
        const sorted = sortIntents(yield* retry(client.listCellsWhere(table.tableId, anyOf(intents))), intents)
        yield* adoptLanded(sorted.landed, inFlight)
        yield* requeueLost(sorted.lost, queue)
      }),
    { discard: true }
  )
})

/**
 * The cells phase. Tables are set up ahead of need in the background; what an earlier process left in flight is
 * resumed first; then a submitter (batches as slots free up) and a poller (one cell list per active table per
 * interval) run together until nothing is queued or in flight.
 */
export const runCells = Effect.fn("runCells")(function* (layout: TableLayout, plans: ReadonlyArray<ColumnPlan>) {
  const store = yield* CheckpointStore
  const progress = yield* RunProgress
  const { limit } = yield* RunContext
  const settings = yield* RunnerSettings
  const records = yield* store.cells({ states: ["pending", "submitting", "submitted"] })
  if (records.length === 0) return noCellStats
  const gate = yield* startTableSetup(layout, plans, new Set(records.map((record) => record.tableSlot)))

  const pending = records.filter((record) => record.state === "pending").map(taskOf)
  const resumed = records.filter((record) => record.state !== "pending")
  const queue = yield* STM.commit(makeCellQueue(pending, limit))
  const inFlight = yield* makeInFlightCells
  const remembered = Option.filter(Option.map(yield* store.getMeta(secondsPerCellKey), Number), Number.isFinite)
  const latency = yield* makeLatencyEstimate(Option.map(remembered, (seconds) => seconds * 1000))
  const stats = yield* Ref.make<CellStats>(noCellStats)
  const state: PollState = { stats, latency, lastPoll: yield* Ref.make<ReadonlyMap<number, number>>(new Map()) }
  yield* progress.phase("cells")
  yield* progress.cells((c) => ({ ...c, inFlight: resumed.length }))
  yield* limit.force(resumed.length)
  yield* resume(resumed, gate, queue, inFlight)

  const submitter = Effect.repeat(
    Effect.gen(function* () {
      const batch = yield* STM.commit(queue.next(settings.batchSize))
      if (Option.isNone(batch)) return true
      yield* submitBatch(batch.value, yield* gate.table(batch.value.slot), queue, inFlight)
      yield* progress.limit((yield* STM.commit(limit.state)).limit)
      return false
    }),
    { until: (done) => done }
  )
  const poller = pollUntilDone(settings, pollRound(queue, inFlight, state), latency)
  yield* Effect.all([submitter, poller], { concurrency: 2, discard: true })

  const learned = yield* latency.current
  if (Option.isSome(learned)) yield* store.setMeta(secondsPerCellKey, String(learned.value / 1000))
  return yield* Ref.get(stats)
}, Effect.scoped)
