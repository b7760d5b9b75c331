import { Effect, Option } from "effect"
import type { ColumnId, TableId } from "../api/Ids.js"
import type { CellTask } from "./CellQueue.js"
import { pairKey } from "./Keys.js"

/** A pair whose intent is written: the run request for it may be on the wire. */
export interface Intent extends CellTask {
  readonly tableId: TableId
  readonly columnId: ColumnId
  /** task_id the remote cell had before our request: a list still showing it has not seen the request yet. */
  readonly staleTaskId: string | undefined
  /** `signOf` the remote cell before our request, when it was seen. */
  readonly staleSign: string | undefined
}

/** A pair whose run request landed and whose answer is awaited. */
export interface InFlightCell extends Intent {
  /** Epoch millis of the run request: the cell timeout counts from here. */
  readonly submittedAt: number
  /** Last task_status seen. */
  readonly status: string
  /** The service's `modified_at` of the cell in the run reply (epoch millis, NaN when unknown): the latency
   * estimate subtracts it from the answer's `modified_at`, two stamps of the same clock. */
  readonly runStamp: number
  /** Local time the service most likely handled the run request: midway through its round trip. */
  readonly landedAt: number
}

/**
 * The pairs in flight, by table slot and `document:column`. One poll of a table's cell list serves all of them.
 * The maps are owned by one run and touched only inside `Effect.sync` (single-threaded), so submitter and poller
 * fibers never see them half-updated; a `Ref` of immutable maps would copy 100,000 entries per change.
 */
export interface InFlightCells {
  readonly add: (cells: ReadonlyArray<InFlightCell>) => Effect.Effect<void>
  readonly remove: (cells: ReadonlyArray<Intent>) => Effect.Effect<void>
  readonly setStatus: (cell: InFlightCell, status: string) => Effect.Effect<void>
  /** Slots with at least one pair in flight. */
  readonly activeSlots: Effect.Effect<ReadonlyArray<number>>
  readonly inSlot: (slot: number) => Effect.Effect<ReadonlyMap<string, InFlightCell>>
  readonly size: Effect.Effect<number>
  /** Send times of the pairs in flight in a slot, with how many were sent at each (what polls are planned from). */
  readonly sendTimes: (slot: number) => Effect.Effect<ReadonlyArray<readonly [number, number]>>
  /** Epoch millis of the oldest request in flight. */
  readonly oldestSubmittedAt: Effect.Effect<Option.Option<number>>
}

const cellKeyOf = (cell: Pick<Intent, "documentId" | "columnId">) => pairKey(cell.documentId, cell.columnId)

export const makeInFlightCells: Effect.Effect<InFlightCells> = Effect.sync(() => {
  const bySlot = new Map<number, Map<string, InFlightCell>>()
  const sentBySlot = new Map<number, Map<number, number>>()
  const countSent = (cell: InFlightCell, delta: number) => {
    const sent = sentBySlot.get(cell.slot) ?? new Map<number, number>()
    sentBySlot.set(cell.slot, sent)
    const n = (sent.get(cell.submittedAt) ?? 0) + delta
    if (n > 0) sent.set(cell.submittedAt, n)
    else sent.delete(cell.submittedAt)
  }
  const slotMap = (slot: number) => {
    const found = bySlot.get(slot)
    if (found !== undefined) return found
    const created = new Map<string, InFlightCell>()
    bySlot.set(slot, created)
    return created
  }
  return {
    add: (cells) =>
      Effect.sync(() => {
        for (const cell of cells) {
          const map = slotMap(cell.slot)
          const key = cellKeyOf(cell)
          const old = map.get(key)
          if (old !== undefined) countSent(old, -1)
          map.set(key, cell)
          countSent(cell, 1)
        }
      }),
    remove: (cells) =>
      Effect.sync(() => {
        for (const cell of cells) {
          const map = bySlot.get(cell.slot)
          const old = map?.get(cellKeyOf(cell))
          if (old === undefined) continue
          map?.delete(cellKeyOf(cell))
          countSent(old, -1)
        }
      }),
    setStatus: (cell, status) =>
      Effect.sync(() => {
        const map = bySlot.get(cell.slot)
        if (map?.has(cellKeyOf(cell)) === true) map.set(cellKeyOf(cell), { ...cell, status })
      }),
    activeSlots: Effect.sync(() => [...bySlot].filter(([, cells]) => cells.size > 0).map(([slot]) => slot)),
    inSlot: (slot) => Effect.sync(() => new Map(bySlot.get(slot) ?? [])),
    size: Effect.sync(() => [...bySlot.values()].reduce((sum, cells) => sum + cells.size, 0)),
    sendTimes: (slot) => Effect.sync(() => [...(sentBySlot.get(slot) ?? [])]),
    oldestSubmittedAt: Effect.sync(() => {
      let oldest = Number.POSITIVE_INFINITY
      for (const cells of bySlot.values())
        for (const cell of cells.values()) oldest = Math.min(oldest, cell.submittedAt)
      return Number.isFinite(oldest) ? Option.some(oldest) : Option.none()
    })
  }
})
