import { Effect } from "effect"
import type { ColumnId, TableId, Visibility } from "../../api/Ids.js"
import type { AiColumn, AiTable } from "../../api/Tables.js"
import { insertRow, jsonObject, ServiceDatabase, type Sql } from "../ServiceDatabase.js"
import { cancelTask } from "./EnqueueTask.js"
import {
  insertMember,
  type MemberChanges,
  type MemberRow,
  memberDocumentIds,
  memberFields,
  memberRow,
  updateMember
} from "./MemberDocuments.js"

interface ColumnRow {
  readonly id: number
  readonly table_id: number
  readonly name: string
  readonly query: string
  readonly order_id: number
  readonly meta: string
  readonly modified_at: string
}

/** The table as the reply shows it, or undefined when there is none. */
const readTable = (sql: Sql, tableId: number): AiTable | undefined => {
  const row = memberRow<MemberRow>(sql, "table", tableId)
  return row === undefined ? undefined : { id: row.id as TableId, ...memberFields(sql, "table", row) }
}

const toColumn = (row: ColumnRow): AiColumn => ({
  id: row.id as ColumnId,
  name: row.name,
  query: row.query,
  order_id: row.order_id,
  meta: jsonObject(row.meta),
  modified_at: row.modified_at,
  ai_table_id: row.table_id as TableId
})

interface NewTable {
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
      return yield* db.stamped("create table", (sql, now) => readTable(sql, insertMember(sql, "table", input, now)))
    })

    /** The table for access checks, or undefined. */
    const find = (tableId: number) => db.use("find table", (sql) => memberRow<MemberRow>(sql, "table", tableId))

    /** New rows, meta or visibility; dropping a document deletes its cells (reference §4.2). */
    const update = Effect.fn("TableStore.update")(function* (tableId: number, input: MemberChanges) {
      return yield* db.stamped("update table", (sql, now) => {
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
        }
        updateMember(sql, "table", tableId, input)
        return readTable(sql, tableId)
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
      return yield* db.stamped("create column", (sql, now) => {
        const last = sql.get<{ last: number | null }>(
          "SELECT max(order_id) AS last FROM ai_columns WHERE table_id = ?",
          tableId
        )
        const orderId = input.orderId ?? (last?.last === null || last === undefined ? 1 : Math.floor(last.last) + 1)
        const row = {
          table_id: tableId,
          name: input.name,
          query: input.query,
          order_id: orderId,
          meta: JSON.stringify(input.meta),
          modified_at: now
        }
        return toColumn({ id: insertRow(sql, "ai_columns", row), ...row })
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
