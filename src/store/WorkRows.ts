import type BetterSqlite3 from "better-sqlite3"
import type { CellKey, CellState, ChatKey, ResultFields, SyncCounts, SyncOptions } from "./CheckpointModel.js"
import { stateCounts } from "./StoreRows.js"
import { decideSync, type StoredPair, type SyncWrite, type WantedPair } from "./SyncRules.js"

/**
 * What cells and chat messages share in the checkpoint: both are units of work keyed in their own table, synced
 * against what the pipeline wants, written intent before request, and appended to an answer history once they end.
 * Only the key and the columns of their own differ, so the statements below are built from the table's definition.
 */
interface WorkTable<K> {
  /** Where results that ended (success or failure) are appended, oldest first. */
  readonly history: "answers" | "chat_answers"
  /** The key's columns, the fields of a key that hold them and their SQL types, in order. */
  readonly key: ReadonlyArray<readonly [column: string, field: keyof K & string, type: "INTEGER" | "TEXT"]>
  /** What the sync reads of a stored unit besides its state: chat messages have no table slot or query key. */
  readonly synced: string
}

/** The unit tables, each with the key it is stored by. */
interface UnitKeys {
  readonly cells: CellKey
  readonly chat_messages: ChatKey
}

type UnitTable = keyof UnitKeys

const workTables: { readonly [T in UnitTable]: WorkTable<UnitKeys[T]> } = {
  cells: {
    history: "answers",
    key: [
      ["document_id", "documentId", "INTEGER"],
      ["column_name", "columnName", "TEXT"]
    ],
    synced: "table_slot, query_key"
  },
  chat_messages: {
    history: "chat_answers",
    key: [
      ["chat_name", "chatName", "TEXT"],
      ["session_key", "sessionKey", "TEXT"],
      ["position", "position", "INTEGER"]
    ],
    // No table slot or query key: a message in flight whose key changed (its question, its documents or, with
    // use_history, an earlier question) is asked again at once (a use_history session in that state starts over).
    synced: "0 AS table_slot, NULL AS query_key"
  }
}

/** What a unit's stored row tells the sync; `query_key` only cells have. */
export interface StoredRow {
  readonly state: string
  readonly dependency_key: string
  readonly table_slot: number
  readonly query_key: string | null
  readonly wanted: number
}

/** The row parameters of a result (`null` for what is absent). */
export const resultRow = <K>(key: K, result: ResultFields) => ({
  ...key,
  state: result.state,
  response: result.response ?? null,
  error: result.error ?? null,
  at: result.at,
  seconds: result.seconds ?? null,
  runId: result.runId
})

/** A result's row for the unit keyed `K`: what the unit's update and its history entry are written from. */
type ResultRow<K> = ReturnType<typeof resultRow<K>>

/** The parameters of a listing: wanted units unless `includeUnwanted`, optionally of some states. */
export const filterParams = (filter: {
  readonly includeUnwanted?: boolean
  readonly states?: ReadonlyArray<CellState>
}) => ({
  all: filter.includeUnwanted === true ? 1 : 0,
  states: filter.states === undefined ? null : JSON.stringify(filter.states)
})

/** The SQL condition of `filterParams` over the table aliased `alias`. */
export const filterCondition = (alias: string) =>
  `(@all = 1 OR ${alias}.wanted = 1) AND (@states IS NULL OR ${alias}.state IN (SELECT value FROM json_each(@states)))`

/** Wanted units of `table` by state: the counts of every summary. */
export const stateCountsOf = (sqlite: BetterSqlite3.Database, table: UnitTable) => {
  const counts = sqlite.prepare<[], { state: string; count: number }>(
    `SELECT state, COUNT(*) AS count FROM ${table} WHERE wanted = 1 GROUP BY state`
  )
  return () => stateCounts(counts.all())
}

/** What a run records as its counts when it ends: cells by state, then chats as `chats.<state>` when there are any. */
export const runCountsOf = (sqlite: BetterSqlite3.Database) => {
  const cellCounts = stateCountsOf(sqlite, "cells")
  const chatCounts = stateCountsOf(sqlite, "chat_messages")
  return (): Record<string, number> => {
    const chats = chatCounts()
    const hasChats = Object.values(chats).some((count) => count > 0)
    const chatEntries = hasChats ? Object.entries(chats).map(([k, v]) => [`chats.${k}`, v]) : []
    return { ...cellCounts(), ...Object.fromEntries(chatEntries) }
  }
}

/**
 * Units the checkpoint already holds answered, or asked with the request in flight, at another key of the same table
 * (a chat message moved within its session, see MovedAnswers): `found` tells them, given the row stored at their own
 * key, and how they count; `takeOver` copies the answer or the request there. The sync rules do not see them.
 */
export interface AskedElsewhere<W> {
  readonly found: (unit: W, old: StoredRow | undefined) => "alreadyAnswered" | "inFlight" | undefined
  readonly takeOver: (unit: W) => void
}

/** The statements and the sync loop of a unit table, the same for both; see `WorkTable`. */
export const makeWorkRows = <T extends UnitTable>(sqlite: BetterSqlite3.Database, table: T) => {
  type K = UnitKeys[T]
  const spec: WorkTable<K> = workTables[table]
  const columns = spec.key.map(([column]) => column).join(", ")
  const params = spec.key.map(([, field]) => `@${field}`).join(", ")
  // better-sqlite3 binds only the named parameters a statement has, so a unit (or a result row) passes as its key.
  const where = `WHERE ${spec.key.map(([column, field]) => `${column} = @${field}`).join(" AND ")}`

  // A sync looks each wanted unit up by its key and remembers the keys it saw in a temporary table, so a run of
  // 100,000 pairs never holds the checkpoint's rows (or a set of their keys) in memory.
  const seen = `temp.sync_seen_${table}`
  // Typed as in the table, so the lookups of `unwantUnseen` use the temporary table's key.
  const typed = spec.key.map(([column, , type]) => `${column} ${type} NOT NULL`).join(", ")
  sqlite.exec(`CREATE TEMP TABLE IF NOT EXISTS sync_seen_${table} (${typed}, PRIMARY KEY (${columns})) WITHOUT ROWID`)
  const see = sqlite.prepare(`INSERT OR IGNORE INTO ${seen} (${columns}) VALUES (${params})`)
  const forgetSeen = sqlite.prepare(`DELETE FROM ${seen}`)
  const unwantUnseen = sqlite.prepare(
    `UPDATE ${table} SET wanted = 0 WHERE wanted = 1 AND NOT EXISTS (SELECT 1 FROM ${seen} s
       WHERE ${spec.key.map(([column]) => `s.${column} = ${table}.${column}`).join(" AND ")})`
  )
  const stored = sqlite.prepare<[K], StoredRow>(
    `SELECT state, dependency_key, ${spec.synced}, wanted FROM ${table} ${where}`
  )
  const revert = sqlite.prepare(
    `UPDATE ${table} SET state = 'pending', attempts = MAX(attempts - 1, 0), intent_at = NULL ${where}
       AND state = 'submitting'`
  )
  const history = sqlite.prepare(
    `INSERT INTO ${spec.history} (run_id, ${columns}, state, response, error, at)
     VALUES (@runId, ${params}, @state, @response, @error, @at)`
  )

  /**
   * Decides every wanted unit once (duplicates count once) by the sync rules and, with `write`, applies the
   * decisions and marks the units no longer wanted. `apply` gets the stored row (undefined: a new unit) and is
   * called only when something changes: a re-run of an unchanged pipeline writes nothing.
   */
  const sync = <W extends K & WantedPair>(
    wanted: Iterable<W>,
    options: SyncOptions & { readonly write: boolean },
    apply: (action: SyncWrite, unit: W, old: StoredRow | undefined) => void,
    elsewhere?: AskedElsewhere<W>
  ): SyncCounts => {
    const tally = { total: 0, alreadyAnswered: 0, toRun: 0, inFlight: 0, skipped: 0 }
    const rules = { onlyFailed: options.onlyFailed }
    forgetSeen.run()
    for (const unit of wanted) {
      if (see.run(unit).changes === 0) continue
      const old = stored.get(unit)
      const moved = elsewhere?.found(unit, old)
      if (moved !== undefined) {
        tally.total += 1
        tally[moved] += 1
        if (options.write) elsewhere?.takeOver(unit)
        continue
      }
      const pair: StoredPair | undefined = old && {
        state: old.state,
        dependencyKey: old.dependency_key,
        tableSlot: old.table_slot,
        queryKey: old.query_key ?? undefined
      }
      const decision = decideSync(pair, unit, rules)
      tally.total += 1
      tally[decision.counted] += 1
      const unchanged = old?.wanted === 1 && (unit.queryKey === undefined || unit.queryKey === old.query_key)
      if (options.write && decision.action._tag !== "none" && (decision.action._tag !== "keep" || !unchanged))
        apply(decision.action, unit, old)
    }
    if (options.write) unwantUnseen.run()
    forgetSeen.run()
    return tally
  }

  return {
    where,
    sync,
    counts: stateCountsOf(sqlite, table),
    /** The request certainly did not land: back to `pending`, attempts - 1. */
    revert: (key: K) => revert.run(key),
    /** Appends an ended result to the history: the row `resultRow` built for the unit's own update. */
    remember: (row: ResultRow<K>) => history.run(row)
  } as const
}
