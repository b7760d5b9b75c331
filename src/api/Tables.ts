import { Schema } from "effect"
import {
  CellId,
  ColumnId,
  DocumentId,
  JsonObject,
  OrganizationId,
  TableId,
  Timestamp,
  UserId,
  Visibility
} from "./Ids.js"
import { sampled, samples } from "./Samples.js"

/** Reference §3.2. There is no name field. */
export const AiTable = sampled(
  "AiTable",
  Schema.Struct({
    id: TableId,
    organization_id: OrganizationId,
    user_id: UserId,
    visibility: Visibility,
    created_at: Timestamp,
    meta: JsonObject,
    document_ids: Schema.optional(Schema.Array(DocumentId))
  }),
  samples.table
)
export type AiTable = typeof AiTable.Type

/** Reference §3.3. `meta` carries the column's language and model settings. */
export const AiColumn = sampled(
  "AiColumn",
  Schema.Struct({
    id: ColumnId,
    name: Schema.String,
    query: Schema.String,
    order_id: Schema.Number,
    meta: JsonObject,
    modified_at: Timestamp,
    ai_table_id: Schema.optional(TableId)
  }),
  samples.column
)
export type AiColumn = typeof AiColumn.Type

/** The three documented values (reference §5); anything else is a terminal failure for clients. */
const TaskStatus = Schema.String
export const isSettledFailure = (status: string): boolean =>
  status !== "pending" && status !== "running" && status !== "success"

/** Reference §3.4: one cell per (document, column) pair. */
export const AiCell = sampled(
  "AiCell",
  Schema.Struct({
    id: CellId,
    task_status: TaskStatus,
    ai_column_id: ColumnId,
    document_id: DocumentId,
    response: Schema.String,
    task_id: Schema.String,
    meta: JsonObject,
    modified_at: Timestamp
  }),
  samples.cell
)
export type AiCell = typeof AiCell.Type

export const CreateTableBody = sampled(
  "CreateTableBody",
  Schema.Struct({
    organization_id: OrganizationId,
    user_id: UserId,
    document_ids: Schema.Array(DocumentId),
    visibility: Schema.optional(Visibility)
  }),
  samples.createTable
)
export type CreateTableBody = typeof CreateTableBody.Type

export const UpdateTableBody = sampled(
  "UpdateTableBody",
  Schema.Struct({
    document_ids: Schema.optional(Schema.Array(DocumentId)),
    meta: Schema.optional(JsonObject),
    visibility: Schema.optional(Visibility)
  }),
  samples.updateTable
)
export type UpdateTableBody = typeof UpdateTableBody.Type

export const CreateColumnBody = sampled(
  "CreateColumnBody",
  Schema.Struct({
    name: Schema.optional(Schema.String),
    query: Schema.optional(Schema.String),
    meta: Schema.optional(JsonObject),
    // Finite: JSON.parse reads 1e400 as Infinity, which would be written back as `order_id: null`.
    order_id: Schema.optional(Schema.Finite)
  }),
  samples.createColumn
)
export type CreateColumnBody = typeof CreateColumnBody.Type

/** A `[document_id, ai_column_id]` pair, document first (reference §4.2). */
export const CellPair = Schema.Tuple(DocumentId, ColumnId)
export type CellPair = typeof CellPair.Type

export const RunTableBody = sampled(
  "RunTableBody",
  Schema.Struct({
    doc_id_col_id: Schema.Array(CellPair),
    continue_response: Schema.optional(Schema.Boolean)
  }),
  samples.runTable
)
export type RunTableBody = typeof RunTableBody.Type

export const CreateCellBody = sampled(
  "CreateCellBody",
  Schema.Struct({
    ai_column_id: ColumnId,
    document_id: DocumentId,
    response: Schema.optional(Schema.String),
    meta: Schema.optional(JsonObject)
  }),
  samples.createCell
)
export type CreateCellBody = typeof CreateCellBody.Type
