import { Option, STM, TRef } from "effect"
import type { Flow } from "./flow/Flow.js"

/** One pair to run, by table slot and column name (remote ids are known once its table is set up). */
export interface CellTask {
  readonly documentId: number
  readonly columnName: string
  readonly slot: number
  /** task_id of the pair's remote cell as last seen; becomes the stale id when the pair is sent again. */
  readonly remoteTaskId: string | undefined
  /** `signOf` the pair's remote cell as last seen, when it was. */
  readonly remoteSign?: string | undefined
  /** Run requests for this pair in this run. */
  readonly tries: number
}

/** Pairs of one table sent in one run request. */
export interface Batch {
  readonly slot: number
  readonly cells: ReadonlyArray<CellTask>
}

interface Lane {
  readonly items: ReadonlyArray<CellTask>
  /** Items before `head` were taken; the array itself is shared, never copied. */
  readonly head: number
}

interface QueueState {
  /** One lane per table, lowest slot first: tables are worked through in order, so few are polled at once. */
  readonly lanes: ReadonlyArray<Lane>
  /** Pairs to run again (failed, timed out, or whose request did not land); they go first. */
  readonly again: ReadonlyArray<CellTask>
}

export interface CellQueue {
  /**
   * Waits for work and a free slot, then takes a batch: up to `batchSize` pairs of one table, as many as there are
   * free slots. None once nothing is queued and nothing is in flight: the cells phase is over.
   */
  readonly next: (batchSize: number) => STM.STM<Option.Option<Batch>>
  /** Puts pairs back (to run again) and frees `release` slots, in one transaction. */
  readonly requeue: (cells: ReadonlyArray<CellTask>, release: number) => STM.STM<void>
  readonly queued: STM.STM<number>
  /** True once nothing is queued and nothing is in flight. */
  readonly finished: STM.STM<boolean>
}

const laneOf = (items: ReadonlyArray<CellTask>): Lane => ({ items, head: 0 })

const groupBySlot = (tasks: ReadonlyArray<CellTask>): ReadonlyArray<Lane> => {
  const bySlot = new Map<number, Array<CellTask>>()
  for (const task of tasks) {
    const lane = bySlot.get(task.slot)
    if (lane === undefined) bySlot.set(task.slot, [task])
    else lane.push(task)
  }
  return [...bySlot].sort(([a], [b]) => a - b).map(([, items]) => laneOf(items))
}

const queuedIn = (state: QueueState) =>
  state.again.length + state.lanes.reduce((sum, lane) => sum + lane.items.length - lane.head, 0)

/** The next group of same-table pairs: pairs to run again first, then the first lane with pairs left. */
const take = (state: QueueState, n: number): { readonly batch: ReadonlyArray<CellTask>; readonly rest: QueueState } => {
  const first = state.again[0]
  if (first !== undefined) {
    const batch = state.again.filter((task) => task.slot === first.slot).slice(0, n)
    const taken = new Set(batch)
    return { batch, rest: { ...state, again: state.again.filter((task) => !taken.has(task)) } }
  }
  const [lane, ...others] = state.lanes
  if (lane === undefined) return { batch: [], rest: state }
  const batch = lane.items.slice(lane.head, lane.head + n)
  const head = lane.head + batch.length
  return { batch, rest: { ...state, lanes: head >= lane.items.length ? others : [{ ...lane, head }, ...others] } }
}

const available = (state: QueueState): number => {
  const first = state.again[0]
  if (first !== undefined) return state.again.filter((task) => task.slot === first.slot).length
  const lane = state.lanes[0]
  return lane === undefined ? 0 : lane.items.length - lane.head
}

export const makeCellQueue = (tasks: ReadonlyArray<CellTask>, slots: Pick<Flow, "acquireUpTo" | "release" | "gate">) =>
  STM.map(TRef.make<QueueState>({ lanes: groupBySlot(tasks), again: [] }), (ref): CellQueue => {
    const finished = STM.gen(function* () {
      const state = yield* TRef.get(ref)
      const { inFlight } = yield* slots.gate
      return queuedIn(state) === 0 && inFlight === 0
    })
    return {
      next: (batchSize) =>
        STM.gen(function* () {
          const state = yield* TRef.get(ref)
          const ready = Math.min(batchSize, available(state))
          if (ready === 0) {
            if (yield* finished) return Option.none()
            return yield* STM.retry
          }
          const free = yield* slots.acquireUpTo(ready)
          const { batch, rest } = take(state, free)
          const first = batch[0]
          yield* TRef.set(ref, rest)
          return first === undefined ? Option.none() : Option.some<Batch>({ slot: first.slot, cells: batch })
        }),
      requeue: (cells, release) =>
        STM.zipRight(
          TRef.update(ref, (state) => (cells.length === 0 ? state : { ...state, again: [...state.again, ...cells] })),
          slots.release(release)
        ),
      queued: STM.map(TRef.get(ref), queuedIn),
      finished
    }
  })
