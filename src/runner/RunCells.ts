import { Clock, Effect, Option, Queue, Ref, STM } from "effect"
import { CellStore } from "../store/CellStore.js"
import type { CellRecord, PendingCell } from "../store/CheckpointModel.js"
import { RunStore } from "../store/RunStore.js"
import { pollCells } from "./CellPoller.js"
import type { CellTask } from "./CellQueue.js"
import { type CellsPhase, makeCellsPhase, noCellStats } from "./CellsPhase.js"
import { completionRate } from "./flow/FlowEstimate.js"
import { meanOf } from "./flow/Sojourns.js"
import type { InFlightCell, Intent } from "./InFlightCells.js"
import type { ColumnPlan, TableLayout } from "./PlanRun.js"
import { RunProgress } from "./Progress.js"
import { RunContext } from "./RunContext.js"
import { RunnerSettings } from "./RunnerSettings.js"
import { requeueLost, settleIntents } from "./SettleIntents.js"
import { askedKey, type RemoteTable, startTableSetup, type TableGate } from "./SetupTables.js"
import { submitBatch } from "./SubmitCells.js"

/** Checkpoint key of the mean answer time the last run learned: the dry run's estimate. */
export const secondsPerCellKey = "runner.seconds_per_cell"
/** Checkpoint key of the answer times (ms) the last run learned: the next run's polls start from them. */
export const cellSojournsKey = "runner.cell_sojourns_ms"
/** Checkpoint key of the answers per second the last run reached: the dry run's estimate with `auto`. */
export const answersPerSecondKey = "runner.answers_per_second"

/** Keeps what this run learned of the service for the next run and the next dry run. */
const rememberAnswerTimes = Effect.gen(function* () {
  const runStore = yield* RunStore
  const { flow } = yield* RunContext
  const sojourns = yield* flow.sojourns("cells")
  if (sojourns.recent.length === 0) return
  yield* runStore.setMeta(cellSojournsKey, JSON.stringify(sojourns.recent.map(Math.round)))
  yield* runStore.setMeta(secondsPerCellKey, String(meanOf(sojourns.recent) / 1000))
  const rate = completionRate(yield* flow.state, yield* Clock.currentTimeMillis)
  if (rate > 0) yield* runStore.setMeta(answersPerSecondKey, String(rate))
})

const isoMillis = (iso: string | undefined, fallback: number) => {
  const millis = iso === undefined ? Number.NaN : Date.parse(iso)
  return Number.isNaN(millis) ? fallback : millis
}

/** What the queue keeps of a pair; `tries` counts the requests already made for it in this run. */
const taskOf = (cell: PendingCell, tries = 0): CellTask => ({
  documentId: cell.documentId,
  columnName: cell.columnName,
  slot: cell.tableSlot,
  remoteTaskId: cell.remoteTaskId,
  remoteSign: cell.remoteSign,
  tries
})

/** A pair in flight is looked for in the column its request went to, which a changed query no longer names. */
const intentOf = (record: CellRecord, table: RemoteTable): Array<Intent> => {
  const asked =
    record.queryKey === undefined ? undefined : table.askedIn.get(askedKey(record.columnName, record.queryKey))
  const columnId = asked ?? table.columns.get(record.columnName)
  return columnId === undefined
    ? []
    : [
        {
          ...taskOf(record, record.state === "pending" ? 0 : 1),
          tableId: table.tableId,
          columnId,
          staleTaskId: record.staleTaskId,
          staleSign: record.staleSign
        }
      ]
}

/**
 * Picks up what an earlier process left in flight, table by table: `submitted` pairs are awaited again; pairs left
 * `submitting` (intent written, request maybe sent) are sorted by the table's cell list before anything is sent.
 */
const resume = Effect.fn("RunCells.resume")(function* (
  phase: CellsPhase,
  records: ReadonlyArray<CellRecord>,
  gate: TableGate
) {
  const now = yield* Clock.currentTimeMillis
  const slots = [...new Set(records.map((record) => record.tableSlot))]
  yield* Effect.forEach(
    slots,
    (slot) =>
      Effect.gen(function* () {
        const table = yield* gate.table(slot)
        const inSlot = records.filter((record) => record.tableSlot === slot)
        yield* phase.inFlight.add(
          inSlot
            .filter((record) => record.state === "submitted")
            .flatMap((record) =>
              intentOf(record, table).map(
                (intent): InFlightCell => ({
                  ...intent,
                  submittedAt: isoMillis(record.submittedAt, now),
                  status: "pending",
                  runStamp: Number.NaN,
                  landedAt: now
                })
              )
            )
        )
        const intents = inSlot.filter((record) => record.state === "submitting").flatMap((r) => intentOf(r, table))
        if (intents.length === 0) return
        yield* requeueLost(yield* settleIntents(phase, table, intents), phase.queue)
      }),
    { discard: true }
  )
})

/**
 * The cells phase. Tables are set up ahead of need in the background; what an earlier process left in flight is
 * resumed first; then a submitter (a batch whenever the window has free slots) and a poller (each table read when
 * enough of its pairs are due) run together until nothing is queued or in flight.
 */
export const runCells = Effect.fn("RunCells.runCells")(function* (
  layout: TableLayout,
  plans: ReadonlyArray<ColumnPlan>
) {
  const cellStore = yield* CellStore
  const progress = yield* RunProgress
  const { flow } = yield* RunContext
  const settings = yield* RunnerSettings
  const pending = (yield* cellStore.pendingCells()).map((cell) => taskOf(cell))
  // Left in flight by an earlier process: few, so whole records.
  const resumed = yield* cellStore.cells({ states: ["submitting", "submitted"] })
  if (pending.length === 0 && resumed.length === 0) return noCellStats
  const slots = new Set([...pending.map((task) => task.slot), ...resumed.map((record) => record.tableSlot)])
  const gate = yield* startTableSetup(layout, plans, slots)

  const phase = yield* makeCellsPhase(pending, flow)
  const { inFlight, queue } = phase
  const wake = yield* Queue.sliding<void>(1)
  yield* progress.phase("cells")
  yield* progress.cells((c) => ({ ...c, inFlight: resumed.length }))
  yield* flow.force(resumed.length)
  yield* resume(phase, resumed, gate)

  const submitter = Effect.repeat(
    Effect.gen(function* () {
      const batch = yield* STM.commit(queue.next(settings.batchSize))
      if (Option.isNone(batch)) return true
      yield* submitBatch(phase, batch.value, yield* gate.table(batch.value.slot))
      yield* Queue.offer(wake, undefined)
      const sent = yield* inFlight.size
      yield* progress.cells((c) => (c.inFlight === sent ? c : { ...c, inFlight: sent }))
      return false
    }),
    { until: (done) => done }
  )
  yield* Effect.all([submitter, pollCells(phase, wake)], { concurrency: 2, discard: true })
  yield* rememberAnswerTimes
  return yield* Ref.get(phase.stats)
}, Effect.scoped)
