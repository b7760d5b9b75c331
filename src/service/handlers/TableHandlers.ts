import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../../api/Api.js"
import type { ValidationIssue } from "../../api/ApiError.js"
import { CellStore } from "../store/CellStore.js"
import { TableStore } from "../store/TableStore.js"
import {
  failIfAny,
  invalid,
  notFound,
  requireKnownDocuments,
  requireOrganization,
  requireSelf,
  visible
} from "./Access.js"
import { queueTasks } from "./QueueTasks.js"

/** Reference §4.2: tables, columns, runs and cells. */
export const TableHandlers = HttpApiBuilder.group(Api, "tables", (handlers) =>
  Effect.gen(function* () {
    const tables = yield* TableStore
    const cells = yield* CellStore
    const visibleTable = visible(tables.find, "AI table")

    /** Table rows must be one or more documents of the table's workspace. */
    const checkDocuments = (organizationId: number, documentIds: ReadonlyArray<number>) =>
      Effect.gen(function* () {
        if (documentIds.length === 0)
          return yield* Effect.fail(invalid(["body", "document_ids"], "must hold at least one document"))
        yield* requireKnownDocuments(organizationId, documentIds)
      })

    /** Queues the pairs and answers the queued cells, their JSON written by the store in the same transaction. */
    const runPairs = (tableId: number, pairs: ReadonlyArray<readonly [number, number]>, continueResponse: boolean) =>
      queueTasks(
        (admission) => cells.run(tableId, pairs, continueResponse, admission),
        (queued) => Effect.succeed(jsonReply(queued.json))
      )

    return handlers
      .handle("createTable", ({ payload }) =>
        Effect.gen(function* () {
          yield* requireSelf(payload.user_id)
          yield* requireOrganization(payload.organization_id)
          yield* checkDocuments(payload.organization_id, payload.document_ids)
          const created = yield* tables.create({
            organizationId: payload.organization_id,
            userId: payload.user_id,
            documentIds: payload.document_ids,
            visibility: payload.visibility ?? "shared"
          })
          return created ?? (yield* Effect.dieMessage("the table vanished while it was created"))
        })
      )
      .handle("updateTable", ({ path, payload }) =>
        Effect.gen(function* () {
          const table = yield* visibleTable(path.ai_table_id)
          if (payload.document_ids !== undefined) yield* checkDocuments(table.organization_id, payload.document_ids)
          const updated = yield* tables.update(path.ai_table_id, {
            documentIds: payload.document_ids,
            meta: payload.meta,
            visibility: payload.visibility
          })
          return updated ?? (yield* Effect.dieMessage("the table vanished while it was updated"))
        })
      )
      .handle("createColumn", ({ path, payload }) =>
        Effect.gen(function* () {
          yield* visibleTable(path.ai_table_id)
          if (payload.query === undefined || payload.query.trim() === "")
            return yield* Effect.fail(invalid(["body", "query"], "query must be a non-empty question", "missing"))
          return yield* tables.createColumn(path.ai_table_id, {
            name: payload.name ?? "",
            query: payload.query,
            meta: payload.meta ?? {},
            orderId: payload.order_id
          })
        })
      )
      .handle("listColumns", ({ path }) =>
        Effect.zipRight(visibleTable(path.ai_table_id), tables.columns(path.ai_table_id))
      )
      .handle("runTable", ({ path, payload }) =>
        Effect.gen(function* () {
          yield* visibleTable(path.ai_table_id)
          const rows = new Set(yield* tables.documentIds(path.ai_table_id))
          const columns = new Set((yield* tables.columns(path.ai_table_id)).map((column) => column.id as number))
          yield* failIfAny(
            payload.doc_id_col_id.flatMap(
              ([documentId, columnId], index): Array<ValidationIssue> => [
                ...(rows.has(documentId)
                  ? []
                  : [issue(index, 0, `document ${documentId} is not a row of AI table ${path.ai_table_id}`)]),
                ...(columns.has(columnId)
                  ? []
                  : [issue(index, 1, `column ${columnId} is not a column of AI table ${path.ai_table_id}`)])
              ]
            )
          )
          return yield* runPairs(path.ai_table_id, payload.doc_id_col_id, payload.continue_response ?? false)
        })
      )
      .handle("runColumn", ({ path }) =>
        Effect.gen(function* () {
          yield* visibleTable(path.ai_table_id)
          const columns = yield* tables.columns(path.ai_table_id)
          if (!columns.some((column) => column.id === path.ai_column_id))
            return yield* Effect.fail(notFound(`column ${path.ai_column_id} of AI table ${path.ai_table_id}`))
          const rows = yield* tables.documentIds(path.ai_table_id)
          return yield* runPairs(
            path.ai_table_id,
            rows.map((documentId) => [documentId, path.ai_column_id] as const),
            false
          )
        })
      )
      .handle("createCell", ({ path, payload }) =>
        Effect.gen(function* () {
          yield* visibleTable(path.ai_table_id)
          const rows = yield* tables.documentIds(path.ai_table_id)
          const columns = yield* tables.columns(path.ai_table_id)
          yield* failIfAny([
            ...(rows.includes(payload.document_id)
              ? []
              : [field("document_id", `document ${payload.document_id} is not a row of this AI table`)]),
            ...(columns.some((column) => column.id === payload.ai_column_id)
              ? []
              : [field("ai_column_id", `column ${payload.ai_column_id} is not a column of this AI table`)])
          ])
          const cell = yield* cells.put(path.ai_table_id, {
            documentId: payload.document_id,
            columnId: payload.ai_column_id,
            response: payload.response ?? "",
            meta: payload.meta ?? {}
          })
          return jsonReply(cell ?? (yield* Effect.dieMessage("the cell vanished while it was written")))
        })
      )
      .handle("listCells", ({ path }) =>
        Effect.gen(function* () {
          yield* visibleTable(path.ai_table_id)
          return jsonReply(yield* cells.listJson(path.ai_table_id))
        })
      )
  })
)

const issue = (index: number, position: 0 | 1, msg: string): ValidationIssue => ({
  loc: ["body", "doc_id_col_id", index, position],
  msg,
  type: "value_error"
})

const field = (name: string, msg: string): ValidationIssue => ({ loc: ["body", name], msg, type: "value_error" })

/** A reply whose JSON the store wrote (cells: their JSON is the contract's, see the service's `CellStore`). */
const jsonReply = (json: string) => HttpServerResponse.text(json, { contentType: "application/json" })
