import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../../api/Api.js"
import type { ValidationIssue } from "../../api/ApiError.js"
import { CurrentUser } from "../../api/Authentication.js"
import { ServiceSettings } from "../ServiceSettings.js"
import { CellStore } from "../store/CellStore.js"
import { DocumentStore } from "../store/DocumentStore.js"
import { TableStore } from "../store/TableStore.js"
import { TaskPool } from "../TaskPool.js"
import {
  failIfAny,
  invalid,
  notFound,
  requireKnownDocuments,
  requireOrganization,
  requireSelf,
  requireVisible
} from "./Access.js"
import { tooManyTasks } from "./TooManyTasks.js"

/** Reference §4.2: tables, columns, runs and cells. */
export const TableHandlers = HttpApiBuilder.group(Api, "tables", (handlers) =>
  Effect.gen(function* () {
    const tables = yield* TableStore
    const cells = yield* CellStore
    const documents = yield* DocumentStore
    const pool = yield* TaskPool
    const settings = yield* ServiceSettings

    const visibleTable = (tableId: number) =>
      Effect.flatMap(tables.find(tableId), (row) => requireVisible(row, `AI table ${tableId}`))

    /** Table rows must be one or more documents of the table's workspace. */
    const checkDocuments = (organizationId: number, documentIds: ReadonlyArray<number>) =>
      Effect.gen(function* () {
        if (documentIds.length === 0)
          return yield* Effect.fail(invalid(["body", "document_ids"], "must hold at least one document"))
        yield* requireKnownDocuments(documents, organizationId, documentIds)
      })

    /**
     * Queues the pairs and wakes the pool. The reply is encoded in one synchronous step (cells have no
     * transformed fields, so their JSON is the contract's): a step-wise encode of thousands of cells would
     * compete with the workers it just woke.
     */
    const runPairs = (tableId: number, pairs: ReadonlyArray<readonly [number, number]>, continueResponse: boolean) =>
      Effect.gen(function* () {
        const user = yield* CurrentUser
        const queued = yield* cells.run(tableId, pairs, continueResponse, {
          userId: user.userId,
          maxOpen: settings.maxPending
        })
        if (queued._tag === "Refused") return yield* tooManyTasks(queued)
        const reply = HttpServerResponse.unsafeJson(queued.cells)
        yield* pool.notify
        return reply
      })

    return handlers
      .handle("createTable", ({ payload }) =>
        Effect.gen(function* () {
          yield* requireSelf(payload.user_id)
          yield* requireOrganization(payload.organization_id)
          yield* checkDocuments(payload.organization_id, payload.document_ids)
          return yield* tables.create({
            organizationId: payload.organization_id,
            userId: payload.user_id,
            documentIds: payload.document_ids,
            visibility: payload.visibility ?? "shared"
          })
        })
      )
      .handle("updateTable", ({ path, payload }) =>
        Effect.gen(function* () {
          const table = yield* visibleTable(path.ai_table_id)
          if (payload.document_ids !== undefined) yield* checkDocuments(table.organization_id, payload.document_ids)
          return yield* tables.update(path.ai_table_id, {
            documentIds: payload.document_ids,
            meta: payload.meta,
            visibility: payload.visibility
          })
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
          return cell ?? (yield* Effect.dieMessage("the cell vanished while it was written"))
        })
      )
      .handle("listCells", ({ path }) =>
        Effect.gen(function* () {
          yield* visibleTable(path.ai_table_id)
          const body = yield* cells.listJson(path.ai_table_id)
          return HttpServerResponse.text(body, { contentType: "application/json" })
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
