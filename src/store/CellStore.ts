import { Effect } from "effect"
import { CheckpointDatabase } from "./CheckpointDatabase.js"
import type {
  CellFilter,
  CellIntent,
  CellKey,
  CellResult,
  CellSubmitted,
  PendingCell,
  SyncOptions,
  WantedCell
} from "./CheckpointModel.js"
import { mapRows } from "./StoreRows.js"
import type { SyncWrite } from "./SyncRules.js"
import { type CellRow, toCell } from "./WorkRecords.js"
import { filterCondition, filterParams, makeWorkRows, resultRow } from "./WorkRows.js"

interface PendingRow {
  readonly document_id: number
  readonly column_name: string
  readonly table_slot: number
  readonly remote_task_id: string | null
  readonly remote_sign: string | null
}

type WantedRow = Omit<WantedCell, "queryKey"> & { readonly queryKey: string | null }

/**
 * The (document, column) pairs of the checkpoint: sync against the pipeline, intent before request, results and
 * their history. The sync and the history are those of every unit of work (WorkRows); the remote ids are the cells'.
 */
export class CellStore extends Effect.Service<CellStore>()("app/store/CellStore", {
  effect: Effect.gen(function* () {
    const { attempt, sqlite } = yield* CheckpointDatabase
    const rows = makeWorkRows(sqlite, "cells")
    const { where } = rows
    const insert = sqlite.prepare<[WantedRow]>(
      `INSERT INTO cells (document_id, column_name, dependency_key, table_slot, query_key, state, wanted)
       VALUES (@documentId, @columnName, @dependencyKey, @tableSlot, @queryKey, 'pending', 1)`
    )
    const keep = sqlite.prepare<[CellKey & { queryKey: string | null }]>(
      `UPDATE cells SET wanted = 1, query_key = COALESCE(@queryKey, query_key) ${where}`
    )
    // A valid answer moved to another table slot: the answer stays, the remote ids of the old slot go.
    const move = sqlite.prepare<[CellKey & { tableSlot: number }]>(
      `UPDATE cells SET wanted = 1, table_slot = @tableSlot, remote_cell_id = NULL, remote_task_id = NULL,
         stale_task_id = NULL, remote_sign = NULL, stale_sign = NULL ${where}`
    )
    const reset = sqlite.prepare<[WantedRow & { fresh: number; clearRemote: number }]>(
      `UPDATE cells SET wanted = 1, state = 'pending', dependency_key = @dependencyKey, table_slot = @tableSlot,
         query_key = COALESCE(@queryKey, query_key), response = NULL, error = NULL, intent_at = NULL,
         submitted_at = NULL, finished_at = NULL, seconds = NULL,
         attempts = CASE WHEN @fresh = 1 THEN 0 ELSE attempts END,
         remote_cell_id = CASE WHEN @clearRemote = 1 THEN NULL ELSE remote_cell_id END,
         remote_task_id = CASE WHEN @clearRemote = 1 THEN NULL ELSE remote_task_id END,
         stale_task_id = CASE WHEN @clearRemote = 1 THEN NULL ELSE stale_task_id END,
         remote_sign = CASE WHEN @clearRemote = 1 THEN NULL ELSE remote_sign END,
         stale_sign = CASE WHEN @clearRemote = 1 THEN NULL ELSE stale_sign END ${where}`
    )
    const select = sqlite.prepare<[{ all: number; slot: number | null; states: string | null }], CellRow>(
      `SELECT c.* FROM cells c LEFT JOIN documents d ON d.id = c.document_id
       WHERE ${filterCondition("c")} AND (@slot IS NULL OR c.table_slot = @slot)
       ORDER BY d.position IS NULL, d.position, c.rowid`
    )
    // Only what the queue keeps of a pair that waits: a run of 100,000 pairs holds these, not whole records.
    const waiting = sqlite.prepare<[], PendingRow>(
      `SELECT c.document_id, c.column_name, c.table_slot, c.remote_task_id, c.remote_sign
       FROM cells c LEFT JOIN documents d ON d.id = c.document_id
       WHERE c.wanted = 1 AND c.state = 'pending' ORDER BY d.position IS NULL, d.position, c.rowid`
    )
    const submitting = sqlite.prepare<[CellKey & { runId: number; at: string; staleSign: string | null }]>(
      `UPDATE cells SET state = 'submitting', intent_at = @at, attempts = attempts + 1,
         stale_task_id = remote_task_id, stale_sign = COALESCE(@staleSign, remote_sign), run_id = @runId, error = NULL
       ${where}`
    )
    const submitted = sqlite.prepare<
      [CellKey & { remoteCellId: number; remoteTaskId: string | null; remoteSign: string | null; at: string }]
    >(
      `UPDATE cells SET state = 'submitted', remote_cell_id = @remoteCellId, remote_task_id = @remoteTaskId,
         remote_sign = @remoteSign, submitted_at = @at ${where}`
    )
    const result = sqlite.prepare(
      `UPDATE cells SET state = @state, response = @response, error = @error, seconds = @seconds, run_id = @runId,
         remote_sign = COALESCE(@remoteSign, remote_sign),
         finished_at = CASE WHEN @state = 'pending' THEN NULL ELSE @at END ${where}`
    )

    const apply = (action: SyncWrite, wanted: WantedCell, old: { readonly dependency_key: string } | undefined) => {
      const key = { documentId: wanted.documentId, columnName: wanted.columnName }
      // A pair kept while stale (in flight) must keep the query key its remote cell was asked under.
      const sameKey = old?.dependency_key === wanted.dependencyKey
      const queryKey = sameKey || action._tag !== "keep" ? (wanted.queryKey ?? null) : null
      switch (action._tag) {
        case "insert":
          insert.run({ ...wanted, queryKey })
          return
        case "keep":
          keep.run({ ...key, queryKey })
          return
        case "move":
          move.run({ ...key, tableSlot: wanted.tableSlot })
          return
        case "reset":
          reset.run({ ...wanted, queryKey, fresh: action.fresh ? 1 : 0, clearRemote: action.clearRemote ? 1 : 0 })
      }
    }
    const sync = sqlite.transaction((wanted: Iterable<WantedCell>, options: SyncOptions) =>
      rows.sync(wanted, { ...options, write: true }, apply)
    )
    const plan = sqlite.transaction((wanted: Iterable<WantedCell>, options: SyncOptions) =>
      rows.sync(wanted, { ...options, write: false }, apply)
    )
    const markSubmittingAll = sqlite.transaction((keys: ReadonlyArray<CellIntent>, runId: number, at: string) => {
      for (const key of keys) {
        const { documentId, columnName } = key
        submitting.run({ documentId, columnName, runId, at, staleSign: key.staleSign ?? null })
      }
    })
    const markSubmittedAll = sqlite.transaction((updates: ReadonlyArray<CellSubmitted>) => {
      for (const update of updates) {
        const { documentId, columnName, remoteCellId, at } = update
        const remoteTaskId = update.remoteTaskId ?? null
        submitted.run({ documentId, columnName, remoteCellId, remoteTaskId, remoteSign: update.remoteSign ?? null, at })
      }
    })
    const revertAll = sqlite.transaction((keys: ReadonlyArray<CellKey>) => {
      for (const key of keys) rows.revert(key)
    })
    const resultsAll = sqlite.transaction((updates: ReadonlyArray<CellResult>) => {
      for (const update of updates) {
        // One row for the cell's update and its history entry (which binds only its own parameters).
        const key = {
          documentId: update.documentId,
          columnName: update.columnName,
          remoteSign: update.remoteSign ?? null
        }
        const row = resultRow(key, update)
        result.run(row)
        if (update.state !== "pending") rows.remember(row)
      }
    })

    return {
      /** Reconciles the stored pairs with the pipeline's wanted pairs (one transaction); see SyncRules. */
      syncCells: Effect.fn("CellStore.syncCells")(function* (wanted: Iterable<WantedCell>, options: SyncOptions) {
        return yield* attempt("syncCells", () => sync.immediate(wanted, options))
      }),
      /** What `syncCells` would report, written nowhere (dry run, `--max-cells`): the same rules, the same lookups. */
      planCells: Effect.fn("CellStore.planCells")(function* (wanted: Iterable<WantedCell>, options: SyncOptions) {
        return yield* attempt("planCells", () => plan.deferred(wanted, options))
      }),
      /** Cells in document order (wanted ones unless `includeUnwanted`), optionally by state and table slot. */
      cells: Effect.fn("CellStore.cells")(function* (filter: CellFilter = {}) {
        const params = { ...filterParams(filter), slot: filter.tableSlot ?? null }
        return yield* attempt("cells", () => mapRows(select.iterate(params), toCell))
      }),
      /**
       * The wanted `pending` pairs in document order, with only what sending them needs. Each column name is kept
       * once, so 100,000 pairs share a few dozen strings instead of holding a copy each.
       */
      pendingCells: Effect.fn("CellStore.pendingCells")(function* () {
        const names = new Map<string, string>()
        const name = (text: string) => {
          const kept = names.get(text)
          if (kept !== undefined) return kept
          names.set(text, text)
          return text
        }
        return yield* attempt("pendingCells", () =>
          mapRows(
            waiting.iterate(),
            (row): PendingCell => ({
              documentId: row.document_id,
              columnName: name(row.column_name),
              tableSlot: row.table_slot,
              remoteTaskId: row.remote_task_id ?? undefined,
              remoteSign: row.remote_sign ?? undefined
            })
          )
        )
      }),
      /** Wanted pairs of the latest sync, by state. */
      cellCounts: Effect.fn("CellStore.cellCounts")(function* () {
        return yield* attempt("cellCounts", rows.counts)
      }),
      /** Writes the intent (committed before returning): `submitting`, attempts + 1, staleTaskId := remoteTaskId. */
      markSubmitting: Effect.fn("CellStore.markSubmitting")(function* (
        keys: ReadonlyArray<CellIntent>,
        runId: number,
        at: string
      ) {
        yield* attempt("markSubmitting", () => markSubmittingAll.immediate(keys, runId, at))
      }),
      /** The run request landed: `submitted` with the remote cell and task ids. */
      markSubmitted: Effect.fn("CellStore.markSubmitted")(function* (updates: ReadonlyArray<CellSubmitted>) {
        yield* attempt("markSubmitted", () => markSubmittedAll.immediate(updates))
      }),
      /** The request certainly did not land: back to `pending`, attempts - 1. */
      revertSubmitting: Effect.fn("CellStore.revertSubmitting")(function* (keys: ReadonlyArray<CellKey>) {
        yield* attempt("revertSubmitting", () => revertAll.immediate(keys))
      }),
      /** Results in one transaction; each success or failure is also appended to the answer history. */
      markResults: Effect.fn("CellStore.markResults")(function* (updates: ReadonlyArray<CellResult>) {
        yield* attempt("markResults", () => resultsAll.immediate(updates))
      })
    } as const
  })
}) {}
