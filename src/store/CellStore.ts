import { Effect } from "effect"
import type {
  CellFilter,
  CellKey,
  CellResult,
  CellIntent,
  CellSubmitted,
  PendingCell,
  SyncCounts,
  SyncOptions,
  WantedCell
} from "./CheckpointModel.js"
import type { Database } from "./Database.js"
import { type CellRow, stateCounts, toCell } from "./StoreRows.js"
import { decideSync, type SyncAction } from "./SyncRules.js"

interface PendingRow {
  readonly document_id: number
  readonly column_name: string
  readonly table_slot: number
  readonly remote_task_id: string | null
  readonly remote_sign: string | null
}

interface Existing {
  readonly dependency_key: string
  readonly table_slot: number
  readonly query_key: string | null
  readonly state: string
  readonly wanted: number
}

/** The (document, column) pairs: sync against the pipeline, intent before request, results and their history. */
export const makeCellStore = ({ attempt, sqlite }: Database) => {
  // A sync looks each wanted pair up by its key and remembers the pairs it saw in a temporary table, so a run of
  // 100,000 pairs never holds the checkpoint's rows (or a set of their keys) in memory.
  sqlite.exec(
    `CREATE TEMP TABLE IF NOT EXISTS sync_seen (document_id INTEGER NOT NULL, column_name TEXT NOT NULL,
       PRIMARY KEY (document_id, column_name)) WITHOUT ROWID`
  )
  const existing = sqlite.prepare<[CellKey], Existing>(
    `SELECT dependency_key, table_slot, query_key, state, wanted FROM cells
     WHERE document_id = @documentId AND column_name = @columnName`
  )
  const see = sqlite.prepare<[CellKey]>(
    "INSERT OR IGNORE INTO temp.sync_seen (document_id, column_name) VALUES (@documentId, @columnName)"
  )
  const forgetSeen = sqlite.prepare("DELETE FROM temp.sync_seen")
  const unwantUnseen = sqlite.prepare(
    `UPDATE cells SET wanted = 0 WHERE wanted = 1 AND NOT EXISTS (SELECT 1 FROM temp.sync_seen s
       WHERE s.document_id = cells.document_id AND s.column_name = cells.column_name)`
  )
  const insert = sqlite.prepare<[Omit<WantedCell, "queryKey"> & { queryKey: string | null }]>(
    `INSERT INTO cells (document_id, column_name, dependency_key, table_slot, query_key, state, wanted)
     VALUES (@documentId, @columnName, @dependencyKey, @tableSlot, @queryKey, 'pending', 1)`
  )
  const keep = sqlite.prepare<[{ documentId: number; columnName: string; queryKey: string | null }]>(
    `UPDATE cells SET wanted = 1, query_key = COALESCE(@queryKey, query_key)
     WHERE document_id = @documentId AND column_name = @columnName`
  )
  // A valid answer moved to another table slot: the answer stays, the remote ids of the old slot go.
  const move = sqlite.prepare<[{ documentId: number; columnName: string; tableSlot: number }]>(
    `UPDATE cells SET wanted = 1, table_slot = @tableSlot, remote_cell_id = NULL, remote_task_id = NULL,
       stale_task_id = NULL, remote_sign = NULL, stale_sign = NULL WHERE document_id = @documentId AND column_name = @columnName`
  )
  const reset = sqlite.prepare<
    [Omit<WantedCell, "queryKey"> & { queryKey: string | null; fresh: number; clearRemote: number }]
  >(
    `UPDATE cells SET wanted = 1, state = 'pending', dependency_key = @dependencyKey, table_slot = @tableSlot,
       query_key = COALESCE(@queryKey, query_key), response = NULL, error = NULL, intent_at = NULL,
       submitted_at = NULL, finished_at = NULL, seconds = NULL,
       attempts = CASE WHEN @fresh = 1 THEN 0 ELSE attempts END,
       remote_cell_id = CASE WHEN @clearRemote = 1 THEN NULL ELSE remote_cell_id END,
       remote_task_id = CASE WHEN @clearRemote = 1 THEN NULL ELSE remote_task_id END,
       stale_task_id = CASE WHEN @clearRemote = 1 THEN NULL ELSE stale_task_id END,
       remote_sign = CASE WHEN @clearRemote = 1 THEN NULL ELSE remote_sign END,
       stale_sign = CASE WHEN @clearRemote = 1 THEN NULL ELSE stale_sign END
     WHERE document_id = @documentId AND column_name = @columnName`
  )
  const select = sqlite.prepare<[{ all: number; slot: number | null; states: string | null }], CellRow>(
    `SELECT c.* FROM cells c LEFT JOIN documents d ON d.id = c.document_id
     WHERE (@all = 1 OR c.wanted = 1) AND (@slot IS NULL OR c.table_slot = @slot)
       AND (@states IS NULL OR c.state IN (SELECT value FROM json_each(@states)))
     ORDER BY d.position IS NULL, d.position, c.rowid`
  )
  // Only what the queue keeps of a pair that waits: a run of 100,000 pairs holds these, not whole records.
  const waiting = sqlite.prepare<[], PendingRow>(
    `SELECT c.document_id, c.column_name, c.table_slot, c.remote_task_id, c.remote_sign
     FROM cells c LEFT JOIN documents d ON d.id = c.document_id
     WHERE c.wanted = 1 AND c.state = 'pending' ORDER BY d.position IS NULL, d.position, c.rowid`
  )
  const counts = sqlite.prepare<[], { state: string; count: number }>(
    "SELECT state, COUNT(*) AS count FROM cells WHERE wanted = 1 GROUP BY state"
  )
  const submitting = sqlite.prepare<[CellKey & { runId: number; at: string; staleSign: string | null }]>(
    `UPDATE cells SET state = 'submitting', intent_at = @at, attempts = attempts + 1,
       stale_task_id = remote_task_id, stale_sign = COALESCE(@staleSign, remote_sign), run_id = @runId, error = NULL
     WHERE document_id = @documentId AND column_name = @columnName`
  )
  const submitted = sqlite.prepare<
    [CellKey & { remoteCellId: number; remoteTaskId: string | null; remoteSign: string | null; at: string }]
  >(
    `UPDATE cells SET state = 'submitted', remote_cell_id = @remoteCellId, remote_task_id = @remoteTaskId,
       remote_sign = @remoteSign, submitted_at = @at WHERE document_id = @documentId AND column_name = @columnName`
  )
  const revert = sqlite.prepare<[CellKey]>(
    `UPDATE cells SET state = 'pending', attempts = MAX(attempts - 1, 0), intent_at = NULL
     WHERE document_id = @documentId AND column_name = @columnName AND state = 'submitting'`
  )
  const result = sqlite.prepare<[ResultRow & { remoteSign: string | null }]>(
    `UPDATE cells SET state = @state, response = @response, error = @error, seconds = @seconds, run_id = @runId,
       remote_sign = COALESCE(@remoteSign, remote_sign),
       finished_at = CASE WHEN @state = 'pending' THEN NULL ELSE @at END
     WHERE document_id = @documentId AND column_name = @columnName`
  )
  const history = sqlite.prepare<[ResultRow]>(
    `INSERT INTO answers (run_id, document_id, column_name, state, response, error, at)
     VALUES (@runId, @documentId, @columnName, @state, @response, @error, @at)`
  )

  // `sameKey`: a pair kept while stale (in flight) must keep the query key its remote cell was asked under.
  const apply = (action: SyncAction, wanted: WantedCell, sameKey: boolean) => {
    const queryKey = sameKey || action._tag !== "keep" ? (wanted.queryKey ?? null) : null
    switch (action._tag) {
      case "none":
        return undefined
      case "insert":
        return insert.run({ ...wanted, queryKey })
      case "keep":
        return keep.run({ documentId: wanted.documentId, columnName: wanted.columnName, queryKey })
      case "move":
        return move.run({ documentId: wanted.documentId, columnName: wanted.columnName, tableSlot: wanted.tableSlot })
      case "reset":
        return reset.run({ ...wanted, queryKey, fresh: action.fresh ? 1 : 0, clearRemote: action.clearRemote ? 1 : 0 })
    }
  }

  /** The sync's decisions for every wanted pair (duplicates count once); `write`: apply them too. */
  const decideAll = (wanted: Iterable<WantedCell>, options: SyncOptions, write: boolean): SyncCounts => {
    const tally = { total: 0, alreadyAnswered: 0, toRun: 0, inFlight: 0, skipped: 0 }
    forgetSeen.run()
    for (const cell of wanted) {
      if (see.run({ documentId: cell.documentId, columnName: cell.columnName }).changes === 0) continue
      const old = existing.get({ documentId: cell.documentId, columnName: cell.columnName })
      const stored = old && {
        state: old.state,
        dependencyKey: old.dependency_key,
        tableSlot: old.table_slot,
        queryKey: old.query_key ?? undefined
      }
      const decision = decideSync(stored, cell, options)
      tally.total += 1
      tally[decision.counted] += 1
      // A re-run of an unchanged pipeline writes nothing.
      const unchanged = old?.wanted === 1 && (cell.queryKey === undefined || cell.queryKey === old.query_key)
      if (write && (decision.action._tag !== "keep" || !unchanged))
        apply(decision.action, cell, stored?.dependencyKey === cell.dependencyKey)
    }
    if (write) unwantUnseen.run()
    forgetSeen.run()
    return tally
  }
  const sync = sqlite.transaction((wanted: Iterable<WantedCell>, options: SyncOptions) =>
    decideAll(wanted, options, true)
  )
  const plan = sqlite.transaction((wanted: Iterable<WantedCell>, options: SyncOptions) =>
    decideAll(wanted, options, false)
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
    for (const key of keys) revert.run({ documentId: key.documentId, columnName: key.columnName })
  })
  const resultsAll = sqlite.transaction((updates: ReadonlyArray<CellResult>) => {
    for (const update of updates) {
      const row: ResultRow = {
        documentId: update.documentId,
        columnName: update.columnName,
        state: update.state,
        response: update.response ?? null,
        error: update.error ?? null,
        at: update.at,
        seconds: update.seconds ?? null,
        runId: update.runId
      }
      result.run({ ...row, remoteSign: update.remoteSign ?? null })
      if (update.state !== "pending") history.run(row)
    }
  })

  return {
    /** Reconciles the stored pairs with the pipeline's wanted pairs (one transaction); see SyncRules. */
    syncCells: Effect.fn("CheckpointStore.syncCells")(function* (wanted: Iterable<WantedCell>, options: SyncOptions) {
      return yield* attempt("syncCells", () => sync.immediate(wanted, options))
    }),
    /** What `syncCells` would report, written nowhere (dry run, `--max-cells`): the same rules, the same lookups. */
    planCells: Effect.fn("CheckpointStore.planCells")(function* (wanted: Iterable<WantedCell>, options: SyncOptions) {
      return yield* attempt("planCells", () => plan.deferred(wanted, options))
    }),
    /** Cells in document order (wanted ones unless `includeUnwanted`), optionally by state and table slot. */
    cells: Effect.fn("CheckpointStore.cells")(function* (filter: CellFilter = {}) {
      const params = {
        all: filter.includeUnwanted === true ? 1 : 0,
        slot: filter.tableSlot ?? null,
        states: filter.states === undefined ? null : JSON.stringify(filter.states)
      }
      return yield* attempt("cells", () => select.all(params).map(toCell))
    }),
    /**
     * The wanted `pending` pairs in document order, with only what sending them needs. `name` returns the one
     * string kept for a column name, so 100,000 pairs share a few dozen strings instead of holding a copy each.
     */
    pendingCells: Effect.fn("CheckpointStore.pendingCells")(function* (name: (columnName: string) => string) {
      return yield* attempt("pendingCells", () =>
        waiting.all().map(
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
    cellCounts: Effect.fn("CheckpointStore.cellCounts")(function* () {
      return yield* attempt("cellCounts", () => stateCounts(counts.all()))
    }),
    /** Writes the intent (committed before returning): `submitting`, attempts + 1, staleTaskId := remoteTaskId. */
    markSubmitting: Effect.fn("CheckpointStore.markSubmitting")(function* (
      keys: ReadonlyArray<CellIntent>,
      runId: number,
      at: string
    ) {
      yield* attempt("markSubmitting", () => markSubmittingAll.immediate(keys, runId, at))
    }),
    /** The run request landed: `submitted` with the remote cell and task ids. */
    markSubmitted: Effect.fn("CheckpointStore.markSubmitted")(function* (updates: ReadonlyArray<CellSubmitted>) {
      yield* attempt("markSubmitted", () => markSubmittedAll.immediate(updates))
    }),
    /** The request certainly did not land: back to `pending`, attempts - 1. */
    revertSubmitting: Effect.fn("CheckpointStore.revertSubmitting")(function* (keys: ReadonlyArray<CellKey>) {
      yield* attempt("revertSubmitting", () => revertAll.immediate(keys))
    }),
    /** Results in one transaction; each success or failure is also appended to the answer history. */
    markResults: Effect.fn("CheckpointStore.markResults")(function* (updates: ReadonlyArray<CellResult>) {
      yield* attempt("markResults", () => resultsAll.immediate(updates))
    })
  } as const
}

interface ResultRow extends CellKey {
  readonly state: string
  readonly response: string | null
  readonly error: string | null
  readonly at: string
  readonly seconds: number | null
  readonly runId: number
}
