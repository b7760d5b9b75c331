import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authentication } from "./Authentication.js"
import { ColumnId, idFromString, TableId } from "./Ids.js"
import {
  AiCell,
  AiColumn,
  AiTable,
  CreateCellBody,
  CreateColumnBody,
  CreateTableBody,
  RunTableBody,
  UpdateTableBody
} from "./Tables.js"

const TablePath = Schema.Struct({ ai_table_id: idFromString(TableId) })

/** Reference §4.2. Get/list/delete of tables are UNCONFIRMED there and not declared. */
export class TablesGroup extends HttpApiGroup.make("tables")
  .annotate(
    OpenApi.Description,
    "AI Tables: one answer per document × column, generated asynchronously and polled (reference §4.2)."
  )
  .add(
    HttpApiEndpoint.post("createTable", "/api/ai/table/create")
      .annotate(OpenApi.Summary, "Create an AI Table over documents (reference §4.2)")
      .setPayload(CreateTableBody)
      .addSuccess(AiTable)
  )
  .add(
    HttpApiEndpoint.post("updateTable", "/api/ai/table/:ai_table_id/update")
      .annotate(
        OpenApi.Summary,
        "Change a table's documents, meta or visibility; a dropped document's cells go (reference §4.2)"
      )
      .setPath(TablePath)
      .setPayload(UpdateTableBody)
      .addSuccess(AiTable)
  )
  .add(
    HttpApiEndpoint.post("createColumn", "/api/ai/table/:ai_table_id/column/create")
      .annotate(OpenApi.Summary, "Add a column: a question asked of every document (reference §4.2)")
      .setPath(TablePath)
      .setPayload(CreateColumnBody)
      .addSuccess(AiColumn)
  )
  .add(
    HttpApiEndpoint.get("listColumns", "/api/ai/table/:ai_table_id/column/list")
      .annotate(OpenApi.Summary, "A table's columns (reference §4.2)")
      .setPath(TablePath)
      .addSuccess(Schema.Array(AiColumn))
  )
  .add(
    HttpApiEndpoint.post("runTable", "/api/ai/table/:ai_table_id/run")
      .annotate(
        OpenApi.Summary,
        "Run [document_id, ai_column_id] pairs: create or regenerate their cells, answered asynchronously (§4.2)"
      )
      .setPath(TablePath)
      .setPayload(RunTableBody)
      .addSuccess(Schema.Array(AiCell))
  )
  .add(
    HttpApiEndpoint.post("runColumn", "/api/ai/table/:ai_table_id/column/:ai_column_id/run")
      .annotate(OpenApi.Summary, "Run every cell of one column, creating the missing ones (reference §4.2)")
      .setPath(Schema.Struct({ ai_table_id: idFromString(TableId), ai_column_id: idFromString(ColumnId) }))
      .addSuccess(Schema.Array(AiCell))
  )
  .add(
    HttpApiEndpoint.post("createCell", "/api/ai/table/:ai_table_id/cell/create")
      .annotate(OpenApi.Summary, "Write a cell without the AI (reference §4.2)")
      .setPath(TablePath)
      .setPayload(CreateCellBody)
      .addSuccess(AiCell)
  )
  .add(
    HttpApiEndpoint.get("listCells", "/api/ai/table/:ai_table_id/cell/list")
      .annotate(OpenApi.Summary, "Every cell of a table: poll it until each task_status is success (reference §4.2)")
      .setPath(TablePath)
      .addSuccess(Schema.Array(AiCell))
  )
  .middleware(Authentication) {}
