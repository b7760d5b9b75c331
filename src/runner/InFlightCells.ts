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
  /** Epoch millis of the oldest request in flight. */
  readonly oldestSubmittedAt: Effect.Effect<Option.Option<number>>
}

export const cellKeyOf = (cell: Pick<Intent, "documentId" | "columnId">) => pairKey(cell.documentId, cell.columnId)

export const makeInFlightCells: Effect.Effect<InFlightCells> = Effect.sync(() => {
  const bySlot = new Map<number, Map<string, InFlightCell>>()
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
        for (const cell of cells) slotMap(cell.slot).set(cellKeyOf(cell), cell)
      }),
    remove: (cells) =>
      Effect.sync(() => {
        for (const cell of cells) bySlot.get(cell.slot)?.delete(cellKeyOf(cell))
      }),
    setStatus: (cell, status) =>
      Effect.sync(() => {
        const map = bySlot.get(cell.slot)
        if (map?.has(cellKeyOf(cell)) === true) map.set(cellKeyOf(cell), { ...cell, status })
      }),
    activeSlots: Effect.sync(() => [...bySlot].filter(([, cells]) => cells.size > 0).map(([slot]) => slot)),
    inSlot: (slot) => Effect.sync(() => new Map(bySlot.get(slot) ?? [])),
    size: Effect.sync(() => [...bySlot.values()].reduce((sum, cells) => sum + cells.size, 0)),
    oldestSubmittedAt: Effect.sync(() => {
      let oldest = Number.POSITIVE_INFINITY
      for (const cells of bySlot.values())
        for (const cell of cells.values()) oldest = Math.min(oldest, cell.submittedAt)
      return Number.isFinite(oldest) ? Option.some(oldest) : Option.none()
    })
  }
})
