import { Effect } from "effect"
import type { RunCount } from "../../api/Api.js"
import type { ColumnId, DocumentId, TableId } from "../../api/Ids.js"
import { jsonObject, ServiceDatabase, type Sql } from "../ServiceDatabase.js"
import { type Admission, admit, type Refused } from "./Admission.js"
import { cancelTask, enqueueTask } from "./EnqueueTask.js"

interface FoundCell {
  readonly id: number
  readonly response: string
  readonly task_id: string
}

const findCell = (sql: Sql, tableId: number, documentId: number, columnId: number) =>
  sql.get<FoundCell>(
    "SELECT * FROM ai_cells WHERE table_id = ? AND document_id = ? AND column_id = ?",
    tableId,
    documentId,
    columnId
  )

/** The one cell of (table, document, column): created on first use, so its id never changes. */
const upsertCell = (sql: Sql, tableId: number, documentId: number, columnId: number, now: string): FoundCell => {
  const found = findCell(sql, tableId, documentId, columnId)
  if (found !== undefined) {
    sql.run("UPDATE ai_cells SET modified_at = ? WHERE id = ?", now, found.id)
    return found
  }
  const id = sql.run(
    `INSERT INTO ai_cells (table_id, document_id, column_id, task_status, modified_at)
     VALUES (?, ?, ?, 'pending', ?)`,
    tableId,
    documentId,
    columnId,
    now
  ).id
  return { id, response: "", task_id: "" }
}

/**
 * A cell as the contract writes it (reference §3.4), built by SQLite itself: replies of thousands of cells are one
 * statement and one string, no per-row objects or encoding.
 */
const cellJson = `json_object('id', id, 'task_status', task_status, 'ai_column_id', column_id,
  'document_id', document_id, 'response', response, 'task_id', task_id, 'meta', json(meta), 'modified_at', modified_at)`

/** The whole cell list of a table, in id order. */
const listJsonSql = `SELECT json_group_array(${cellJson}) AS body FROM (SELECT * FROM ai_cells WHERE table_id = ? ORDER BY id)`

/** The cells of some ids (a JSON array of them), in that order. */
const cellsJsonSql = `SELECT json_group_array(${cellJson}) AS body
  FROM (SELECT c.* FROM json_each(?) j JOIN ai_cells c ON c.id = j.value ORDER BY j.key)`

/** One cell by id. */
const cellByIdJsonSql = `SELECT ${cellJson} AS body FROM ai_cells WHERE id = ?`

/** The cells a run request queued, as the JSON text of the reply. */
interface Queued {
  readonly _tag: "Queued"
  readonly json: string
}

/** AI table cells, the runs that (re)generate them and the per-cell run counts. */
export class CellStore extends Effect.Service<CellStore>()("app/service/CellStore", {
  effect: Effect.gen(function* () {
    const db = yield* ServiceDatabase

    /**
     * Queues a generation for each distinct pair: a new cell, or the existing one reset to `pending` (same id;
     * with `continueResponse` its text is kept and the answer appended). Each pair counts as one run request.
     */
    const run = Effect.fn("CellStore.run")(function* (
      tableId: number,
      pairs: ReadonlyArray<readonly [number, number]>,
      continueResponse: boolean,
      admission: Admission
    ) {
      return yield* db.stamped("run cells", (sql, now): Queued | Refused => {
        // Each pair once, in the order first asked.
        const distinct = new Map<string, readonly [number, number]>()
        for (const pair of pairs) distinct.set(`${pair[0]}:${pair[1]}`, pair)
        const refused = admit(sql, admission, distinct.size)
        if (refused !== undefined) return refused
        const ids: Array<number> = []
        for (const [documentId, columnId] of distinct.values()) {
          const cell = upsertCell(sql, tableId, documentId, columnId, now)
          cancelTask(sql, cell.task_id, now)
          const runs = sql.get<{ runs: number }>(
            `INSERT INTO run_counts (table_id, document_id, column_id, runs) VALUES (?, ?, ?, 1)
             ON CONFLICT DO UPDATE SET runs = runs + 1 RETURNING runs`,
            tableId,
            documentId,
            columnId
          )
          const base = continueResponse ? cell.response : ""
          enqueueTask(sql, {
            kind: "cell",
            targetId: cell.id,
            documentId,
            baseResponse: base,
            continueResponse: base !== "",
            attempt: runs?.runs ?? 1,
            userId: admission.userId,
            now
          })
          ids.push(cell.id)
        }
        const json = sql.get<{ body: string }>(cellsJsonSql, JSON.stringify(ids))?.body ?? "[]"
        return { _tag: "Queued", json }
      })
    })

    /** A cell written by the caller, no AI: `success` at once, no task (`task_id` ""); its JSON text. */
    const put = Effect.fn("CellStore.put")(function* (
      tableId: number,
      input: {
        readonly documentId: number
        readonly columnId: number
        readonly response: string
        readonly meta: Record<string, unknown>
      }
    ) {
      return yield* db.stamped("create cell", (sql, now) => {
        const cell = upsertCell(sql, tableId, input.documentId, input.columnId, now)
        cancelTask(sql, cell.task_id, now)
        sql.run(
          "UPDATE ai_cells SET task_status = 'success', task_id = '', response = ?, meta = ? WHERE id = ?",
          input.response,
          JSON.stringify(input.meta),
          cell.id
        )
        return sql.get<{ body: string }>(cellByIdJsonSql, cell.id)?.body
      })
    })

    /** The whole cell list of a table as the JSON text of the reply. */
    const listJson = (tableId: number) =>
      db.use("list cells", (sql) => sql.get<{ body: string }>(listJsonSql, tableId)?.body ?? "[]")

    /** Run requests per (table, document, column), for the tables of these workspaces. */
    const runCounts = (organizationIds: ReadonlyArray<number>, tableId: number | undefined) =>
      db.use("run counts", (sql) =>
        sql
          .all<{ table_id: number; document_id: number; column_id: number; runs: number; organization_id: number }>(
            `SELECT r.*, t.organization_id FROM run_counts r JOIN ai_tables t ON t.id = r.table_id
             WHERE (? IS NULL OR r.table_id = ?) ORDER BY r.table_id, r.document_id, r.column_id`,
            tableId ?? null,
            tableId ?? null
          )
          .filter((row) => organizationIds.includes(row.organization_id))
          .map(
            (row): RunCount => ({
              ai_table_id: row.table_id as TableId,
              document_id: row.document_id as DocumentId,
              ai_column_id: row.column_id as ColumnId,
              runs: row.runs
            })
          )
      )

    /** What a cell task needs: the document and the column's question, name and language. */
    const work = (cellId: number) =>
      db.use("load cell", (sql) => {
        const found = sql.get<{ document_id: number; query: string; name: string; meta: string }>(
          `SELECT c.document_id, col.query, col.name, col.meta FROM ai_cells c
           JOIN ai_columns col ON col.id = c.column_id WHERE c.id = ?`,
          cellId
        )
        if (found === undefined) return undefined
        const language = jsonObject(found.meta).language
        return {
          documentId: found.document_id,
          query: found.query,
          columnName: found.name,
          language: typeof language === "string" ? language : undefined
        }
      })

    return { run, put, listJson, runCounts, work } as const
  })
}) {}
