import { Effect, Ref, STM } from "effect"
import { CellStore } from "../store/CellStore.js"
import type { CellResult } from "../store/CheckpointModel.js"
import { type CellQueue, type CellTask, makeCellQueue } from "./CellQueue.js"
import type { Flow } from "./flow/Flow.js"
import { type InFlightCells, type Intent, makeInFlightCells } from "./InFlightCells.js"
import { RunProgress } from "./Progress.js"

/** How many of this run's cells were answered and how many failed, for the summary. */
interface CellStats {
  readonly answered: number
  readonly failed: number
}

export const noCellStats: CellStats = { answered: 0, failed: 0 }

/** What the last read of one table's cell list cost, and when it was sent. */
interface ListRead {
  readonly at: number
  readonly bytes: number
  readonly rtt: number
}

/**
 * What the submitter and the poller of the cells phase share: the queue of pairs to send, the pairs in flight,
 * the answers so far and each table's last read.
 */
export interface CellsPhase {
  readonly queue: CellQueue
  readonly inFlight: InFlightCells
  readonly stats: Ref.Ref<CellStats>
  readonly reads: Ref.Ref<ReadonlyMap<number, ListRead>>
}

export const makeCellsPhase = (pending: ReadonlyArray<CellTask>, flow: Flow) =>
  Effect.gen(function* () {
    const phase: CellsPhase = {
      queue: yield* STM.commit(makeCellQueue(pending, flow)),
      inFlight: yield* makeInFlightCells,
      stats: yield* Ref.make(noCellStats),
      reads: yield* Ref.make<ReadonlyMap<number, ListRead>>(new Map())
    }
    return phase
  })

/**
 * Pairs whose request is over: out of flight, their results in the checkpoint (one transaction), their slots freed
 * with the pairs to run again back in the queue, the counts on the progress line and in the phase's stats (every
 * path that ends pairs comes here, so none is left out of the summary). Out of flight first, so a pair sent again
 * once its slot is free is never the one removed. Returns how many were answered and failed, and how many pairs
 * are still in flight.
 */
export const recordResults = Effect.fn("CellsPhase.recordResults")(function* (
  phase: CellsPhase,
  settled: ReadonlyArray<Intent>,
  results: ReadonlyArray<CellResult>,
  again: ReadonlyArray<CellTask>
) {
  const cellStore = yield* CellStore
  const progress = yield* RunProgress
  yield* phase.inFlight.remove(settled)
  yield* cellStore.markResults(results)
  yield* STM.commit(phase.queue.requeue(again, settled.length))
  const answered = results.filter((result) => result.state === "success").length
  const failed = results.length - answered
  const inFlight = yield* phase.inFlight.size
  yield* progress.cells((c) => ({ ...c, done: c.done + answered, failed: c.failed + failed, inFlight }))
  yield* Ref.update(phase.stats, (s) => ({ answered: s.answered + answered, failed: s.failed + failed }))
  return { answered, failed, inFlight }
})
