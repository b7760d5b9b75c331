import { Effect } from "effect"
import type { ColumnId, DocumentId, TableId, Visibility } from "../../api/Ids.js"
import type { AiColumn, AiTable } from "../../api/Tables.js"
import { jsonObject, nowIso, ServiceDatabase, type Sql } from "../ServiceDatabase.js"
import { memberDocumentIds, type OwnedRow, ownerFields, setMemberDocuments } from "./MemberDocuments.js"
import { cancelTask } from "./TaskStore.js"

interface TableRow extends OwnedRow {
  readonly meta: string
  readonly created_at: string
}

interface ColumnRow {
  readonly id: number
  readonly table_id: number
  readonly name: string
  readonly query: string
  readonly order_id: number
  readonly meta: string
  readonly modified_at: string
}

const toTable = (sql: Sql, row: TableRow): AiTable => ({
  id: row.id as TableId,
  ...ownerFields(row),
  created_at: row.created_at,
  meta: jsonObject(row.meta),
  document_ids: memberDocumentIds(sql, "table", row.id) as Array<DocumentId>
})

const toColumn = (row: ColumnRow): AiColumn => ({
  id: row.id as ColumnId,
  name: row.name,
  query: row.query,
  order_id: row.order_id,
  meta: jsonObject(row.meta),
  modified_at: row.modified_at,
  ai_table_id: row.table_id as TableId
})

export interface NewTable {
  readonly organizationId: number
  readonly userId: number
  readonly documentIds: ReadonlyArray<number>
  readonly visibility: Visibility
}

/** AI tables, their rows (documents) and columns. Cells live in `CellStore`. */
export class TableStore extends Effect.Service<TableStore>()("app/service/TableStore", {
  effect: Effect.gen(function* () {
    const db = yield* ServiceDatabase

    const create = Effect.fn("TableStore.create")(function* (input: NewTable) {
      const now = yield* nowIso
      return yield* db.transaction("create table", (sql) => {
        const id = sql.run(
          "INSERT INTO ai_tables (organization_id, user_id, visibility, created_at) VALUES (?, ?, ?, ?)",
          input.organizationId,
          input.userId,
          input.visibility,
          now
        ).id
        setMemberDocuments(sql, "table", id, input.documentIds)
        return toTable(sql, row(sql, id))
      })
    })

    /** The table for access checks, or undefined. */
    const find = (tableId: number) =>
      db.use("find table", (sql) => sql.get<OwnedRow>("SELECT * FROM ai_tables WHERE id = ?", tableId))

    /** New rows, meta or visibility; dropping a document deletes its cells (reference §4.2). */
    const update = Effect.fn("TableStore.update")(function* (
      tableId: number,
      input: {
        readonly documentIds?: ReadonlyArray<number> | undefined
        readonly meta?: Record<string, unknown> | undefined
        readonly visibility?: Visibility | undefined
      }
    ) {
      const now = yield* nowIso
      return yield* db.transaction("update table", (sql) => {
        if (input.documentIds !== undefined) {
          const kept = new Set(input.documentIds)
          const dropped = memberDocumentIds(sql, "table", tableId).filter((id) => !kept.has(id))
          for (const documentId of dropped) {
            const cells = sql.all<{ task_id: string }>(
              "SELECT task_id FROM ai_cells WHERE table_id = ? AND document_id = ?",
              tableId,
              documentId
            )
            for (const cell of cells) cancelTask(sql, cell.task_id, now)
            sql.run("DELETE FROM ai_cells WHERE table_id = ? AND document_id = ?", tableId, documentId)
          }
          setMemberDocuments(sql, "table", tableId, input.documentIds)
        }
        if (input.meta !== undefined) {
          sql.run("UPDATE ai_tables SET meta = ? WHERE id = ?", JSON.stringify(input.meta), tableId)
        }
        if (input.visibility !== undefined) {
          sql.run("UPDATE ai_tables SET visibility = ? WHERE id = ?", input.visibility, tableId)
        }
        return toTable(sql, row(sql, tableId))
      })
    })

    /** A column; `order_id` defaults to one past the table's last. */
    const createColumn = Effect.fn("TableStore.createColumn")(function* (
      tableId: number,
      input: {
        readonly name: string
        readonly query: string
        readonly meta: Record<string, unknown>
        readonly orderId: number | undefined
      }
    ) {
      const now = yield* nowIso
      return yield* db.transaction("create column", (sql) => {
        const last = sql.get<{ last: number | null }>(
          "SELECT max(order_id) AS last FROM ai_columns WHERE table_id = ?",
          tableId
        )
        const orderId = input.orderId ?? (last?.last === null || last === undefined ? 1 : Math.floor(last.last) + 1)
        const id = sql.run(
          "INSERT INTO ai_columns (table_id, name, query, order_id, meta, modified_at) VALUES (?, ?, ?, ?, ?, ?)",
          tableId,
          input.name,
          input.query,
          orderId,
          JSON.stringify(input.meta),
          now
        ).id
        const meta = JSON.stringify(input.meta)
        return toColumn({
          id,
          table_id: tableId,
          name: input.name,
          query: input.query,
          order_id: orderId,
          meta,
          modified_at: now
        })
      })
    })

    const columns = (tableId: number) =>
      db.use("list columns", (sql) =>
        sql.all<ColumnRow>("SELECT * FROM ai_columns WHERE table_id = ? ORDER BY order_id, id", tableId).map(toColumn)
      )

    const documentIds = (tableId: number) =>
      db.use("table documents", (sql) => memberDocumentIds(sql, "table", tableId))

    return { create, find, update, createColumn, columns, documentIds } as const
  })
}) {}

/** The row of a table this transaction has just written or checked. */
const row = (sql: Sql, tableId: number): TableRow =>
  sql.get<TableRow>("SELECT * FROM ai_tables WHERE id = ?", tableId) ?? {
    id: tableId,
    organization_id: 0,
    user_id: 0,
    visibility: "shared",
    meta: "{}",
    created_at: ""
  }
