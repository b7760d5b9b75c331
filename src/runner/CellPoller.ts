import { Clock, Effect, Queue, Ref, STM } from "effect"
import type { CellsPhase } from "./CellsPhase.js"
import { pollTable } from "./PollCells.js"
import { RunProgress } from "./Progress.js"
import { RunContext } from "./RunContext.js"
import { fixedConcurrency } from "./RunnerSettings.js"

/**
 * The cells phase's poller: each table with pairs in flight is read when the flow control's schedule says enough
 * of its pairs are due (`Flow.nextPollAt`), not on a fixed interval. It sleeps until the earliest such time, or
 * until the submitter signals new pairs in flight (`wake`), and ends once nothing is queued or in flight.
 */
export const pollCells = Effect.fn("CellPoller.pollCells")(function* (phase: CellsPhase, wake: Queue.Queue<void>) {
  const { flow } = yield* RunContext
  const progress = yield* RunProgress
  const { inFlight, queue } = phase
  const round = Effect.gen(function* () {
    const slots = yield* inFlight.activeSlots
    if (slots.length === 0) {
      if (yield* STM.commit(queue.finished)) return true
      yield* Queue.take(wake)
      return false
    }
    const reads = yield* Ref.get(phase.reads)
    const draining = (yield* STM.commit(queue.queued)) === 0
    const due = yield* Effect.forEach(slots, (slot) =>
      Effect.gen(function* () {
        const read = reads.get(slot)
        const at = yield* flow.nextPollAt("cells", {
          lastPollAt: read?.at,
          inFlight: yield* inFlight.sendTimes(slot),
          listingBytes: read?.bytes ?? 0,
          pollRtt: read?.rtt ?? 0,
          draining
        })
        return [slot, at] as const
      })
    )
    const now = yield* Clock.currentTimeMillis
    const ready = due.filter(([, at]) => at <= now).map(([slot]) => slot)
    if (ready.length === 0) {
      const earliest = Math.min(...due.map(([, at]) => at))
      yield* Effect.race(Effect.sleep(Math.max(1, Math.ceil(earliest - now))), Queue.take(wake))
      return false
    }
    yield* Effect.forEach(ready, (slot) => pollTable(phase, slot), {
      concurrency: fixedConcurrency.polls,
      discard: true
    })
    const waitingOn = yield* inFlight.size
    // Cells submitted since the last round count as in flight too, not only those a settle left behind.
    yield* progress.cells((c) => (c.inFlight === waitingOn ? c : { ...c, inFlight: waitingOn }))
    yield* progress.waiting(waitingOn > 0 ? `waiting on ${waitingOn} cells` : undefined)
    return false
  })
  yield* Effect.repeat(round, { until: (done) => done })
})
