import { Deferred, Effect, Option } from "effect"
import type { ColumnId, DocumentId, TableId } from "../api/Ids.js"
import type { AiColumn } from "../api/Tables.js"
import type { ClientError } from "../client/ClientError.js"
import { ServiceClient } from "../client/ServiceClient.js"
import type { ColumnRecord, TableRecord } from "../store/CheckpointModel.js"
import { LayoutStore } from "../store/LayoutStore.js"
import type { StoreError } from "../store/StoreError.js"
import { CrashHook } from "./CrashHook.js"
import type { ColumnPlan, TableLayout } from "./PlanRun.js"
import { sendOnce } from "./Reconcile.js"
import { RunContext } from "./RunContext.js"
import type { ServiceUnavailable } from "./RunnerErrors.js"
import { fixedConcurrency, RunnerSettings } from "./RunnerSettings.js"

/** One AI Table as it exists remotely: its id and the id of each pipeline column in it. */
export interface RemoteTable {
  readonly slot: number
  readonly tableId: TableId
  readonly documentIds: ReadonlyArray<number>
  /** Column id by pipeline column name. */
  readonly columns: ReadonlyMap<string, ColumnId>
  /**
   * Column id by name and query key (`askedKey`), every column the checkpoint knows in this table: a pair left in
   * flight before its query changed is looked for in the column its request went to.
   */
  readonly askedIn: ReadonlyMap<string, ColumnId>
}

/** The key of `RemoteTable.askedIn`. */
export const askedKey = (name: string, queryKey: string) => `${queryKey}\u0000${name}`

/**
 * Creates a table, or grows an existing one by the documents added since. Table creation has no list endpoint to
 * reconcile with (reference §4.2: list is UNCONFIRMED), so a kill between the reply and the checkpoint write leaves
 * an empty orphan table; the id is saved the moment the reply arrives to keep that window small. No pair is ever
 * run in an orphan.
 */
const ensureTable = Effect.fn("SetupTables.ensureTable")(function* (table: TableRecord, grown: boolean) {
  const client = yield* ServiceClient
  const layoutStore = yield* LayoutStore
  const { retry } = yield* RunContext
  const { crashAt } = yield* CrashHook
  const settings = yield* RunnerSettings
  const documentIds = table.documentIds as ReadonlyArray<DocumentId>
  if (table.remoteId !== undefined) {
    const tableId = table.remoteId as TableId
    if (grown) {
      yield* retry(client.updateTable(tableId, { document_ids: documentIds }))
      yield* layoutStore.saveTable(table)
    }
    return tableId
  }
  yield* layoutStore.saveTable(table)
  const created = yield* retry(
    client.createTable({
      organization_id: settings.orgId,
      user_id: settings.userId,
      document_ids: documentIds,
      visibility: settings.visibility
    })
  )
  yield* crashAt("table-created")
  yield* layoutStore.saveTable({ ...table, remoteId: created.id })
  return created.id
})

/**
 * The column an earlier create request made for `plan`, among the table's columns no record of the checkpoint owns:
 * the one of its name and query; or, for a service that names columns its own way ("A" created as "A (1)"), the one
 * column asking its query, when no other column of the pipeline asks it.
 */
const createdColumn = (
  columns: ReadonlyArray<AiColumn>,
  plan: ColumnPlan,
  plans: ReadonlyArray<ColumnPlan>,
  owned: ReadonlySet<number>
): Option.Option<AiColumn> => {
  const free = columns.filter((c) => !owned.has(c.id))
  const named = free.find((c) => c.name === plan.name && c.query === plan.query)
  if (named !== undefined) return Option.some(named)
  const asking = free.filter((c) => c.query === plan.query)
  const alone = plans.filter((p) => p.query === plan.query).length === 1
  return alone && asking.length === 1 ? Option.fromNullable(asking[0]) : Option.none()
}

/**
 * Creates the pipeline's columns in one table. Column creation is not idempotent: the intent is saved first, and
 * a column whose intent was left by a killed run (or whose request failed ambiguously) is looked for in the
 * table's column list (`createdColumn`: not already ours, same name and query, or the only one asking the query)
 * before it is created again.
 */
const ensureColumns = Effect.fn("SetupTables.ensureColumns")(function* (
  slot: number,
  tableId: TableId,
  plans: ReadonlyArray<ColumnPlan>,
  stored: ReadonlyArray<ColumnRecord>
) {
  const client = yield* ServiceClient
  const layoutStore = yield* LayoutStore
  const { crashAt } = yield* CrashHook
  const owned = new Set(stored.flatMap((column) => (column.remoteId === undefined ? [] : [column.remoteId])))
  const ensure = (plan: ColumnPlan) =>
    Effect.gen(function* () {
      const record = stored.find((c) => c.tableSlot === slot && c.name === plan.name && c.queryKey === plan.queryKey)
      if (record?.remoteId !== undefined) return [plan.name, record.remoteId as ColumnId] as const
      const intent: ColumnRecord = { tableSlot: slot, ...plan, remoteId: undefined }
      if (record === undefined) yield* layoutStore.saveColumn(intent)
      const adopt = Effect.map(client.listColumns(tableId), (columns) => createdColumn(columns, plan, plans, owned))
      const send = client.createColumn(tableId, {
        name: plan.name,
        query: plan.query,
        meta: plan.meta,
        order_id: plan.orderId
      })
      const column = yield* sendOnce(send, adopt, { ambiguous: record !== undefined })
      if (column.name !== plan.name)
        yield* Effect.logWarning(
          `column "${plan.name}" is named "${column.name}" on the service (table ${tableId}); its answers are reported as "${plan.name}"`
        )
      yield* crashAt("column-created")
      yield* layoutStore.saveColumn({ ...intent, remoteId: column.id })
      owned.add(column.id)
      return [plan.name, column.id] as const
    })
  // Columns carry their order (order_id), so they are created side by side.
  const ids = new Map(yield* Effect.forEach(plans, ensure, { concurrency: fixedConcurrency.columns }))
  return ids
})

type SetupError = ClientError | ServiceUnavailable | StoreError

/** The run's tables, set up in slot order ahead of need: `table(slot)` waits until that one is ready. */
export interface TableGate {
  readonly table: (slot: number) => Effect.Effect<RemoteTable, SetupError>
}

/**
 * Starts setting up (creating, growing or adopting) the tables of `slots` and their columns in a fiber of the
 * current scope. The submitter starts on the first table while the next ones are set up: the setup of a large run
 * (hundreds of column creations) no longer delays its first answers. A table whose setup failed fails whoever waits
 * for it.
 */
export const startTableSetup = Effect.fn("SetupTables.startTableSetup")(function* (
  layout: TableLayout,
  plans: ReadonlyArray<ColumnPlan>,
  slots: ReadonlySet<number>
) {
  const layoutStore = yield* LayoutStore
  const stored = yield* layoutStore.columns()
  const tables = layout.tables.filter((table) => slots.has(table.slot))
  const gates = new Map<number, Deferred.Deferred<RemoteTable, SetupError>>()
  for (const table of tables) gates.set(table.slot, yield* Deferred.make<RemoteTable, SetupError>())
  const setup = (table: TableRecord) =>
    Effect.gen(function* () {
      const tableId = yield* ensureTable(table, layout.grown.has(table.slot))
      const columns = yield* ensureColumns(table.slot, tableId, plans, stored)
      const askedIn = new Map(
        stored.flatMap((column) =>
          column.tableSlot === table.slot && column.remoteId !== undefined
            ? [[askedKey(column.name, column.queryKey), column.remoteId as ColumnId] as const]
            : []
        )
      )
      for (const plan of plans) {
        const id = columns.get(plan.name)
        if (id !== undefined) askedIn.set(askedKey(plan.name, plan.queryKey), id)
      }
      return { slot: table.slot, tableId, documentIds: table.documentIds, columns, askedIn } satisfies RemoteTable
    })
  yield* Effect.forkScoped(
    Effect.forEach(
      tables,
      (table) => {
        const gate = gates.get(table.slot)
        return gate === undefined
          ? Effect.void
          : Effect.flatMap(Effect.exit(setup(table)), (exit) => Deferred.done(gate, exit))
      },
      { concurrency: fixedConcurrency.tables, discard: true }
    )
  )
  return {
    table: (slot) => {
      const gate = gates.get(slot)
      return gate === undefined ? Effect.dieMessage(`table slot ${slot} was not planned`) : Deferred.await(gate)
    }
  } satisfies TableGate
})
