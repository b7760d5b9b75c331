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

/** Reference §3.2. There is no name field. */
export const AiTable = Schema.Struct({
  id: TableId,
  organization_id: OrganizationId,
  user_id: UserId,
  visibility: Visibility,
  created_at: Timestamp,
  meta: JsonObject,
  document_ids: Schema.optional(Schema.Array(DocumentId))
}).annotations({ identifier: "AiTable" })
export type AiTable = typeof AiTable.Type

/** Reference §3.3. `meta` carries the column's language and model settings. */
export const AiColumn = Schema.Struct({
  id: ColumnId,
  name: Schema.String,
  query: Schema.String,
  order_id: Schema.Number,
  meta: JsonObject,
  modified_at: Timestamp,
  ai_table_id: Schema.optional(TableId)
}).annotations({ identifier: "AiColumn" })
export type AiColumn = typeof AiColumn.Type

/** The three documented values (reference §5); anything else is a terminal failure for clients. */
export const TaskStatus = Schema.String
export const isSettledFailure = (status: string): boolean =>
  status !== "pending" && status !== "running" && status !== "success"

/** Reference §3.4: one cell per (document, column) pair. */
export const AiCell = Schema.Struct({
  id: CellId,
  task_status: TaskStatus,
  ai_column_id: ColumnId,
  document_id: DocumentId,
  response: Schema.String,
  task_id: Schema.String,
  meta: JsonObject,
  modified_at: Timestamp
}).annotations({ identifier: "AiCell" })
export type AiCell = typeof AiCell.Type

export const CreateTableBody = Schema.Struct({
  organization_id: OrganizationId,
  user_id: UserId,
  document_ids: Schema.Array(DocumentId),
  visibility: Schema.optional(Visibility)
}).annotations({ identifier: "CreateTableBody" })
export type CreateTableBody = typeof CreateTableBody.Type

export const UpdateTableBody = Schema.Struct({
  document_ids: Schema.optional(Schema.Array(DocumentId)),
  meta: Schema.optional(JsonObject),
  visibility: Schema.optional(Visibility)
}).annotations({ identifier: "UpdateTableBody" })
export type UpdateTableBody = typeof UpdateTableBody.Type

export const CreateColumnBody = Schema.Struct({
  name: Schema.optional(Schema.String),
  query: Schema.optional(Schema.String),
  meta: Schema.optional(JsonObject),
  order_id: Schema.optional(Schema.Number)
}).annotations({ identifier: "CreateColumnBody" })
export type CreateColumnBody = typeof CreateColumnBody.Type

/** A `[document_id, ai_column_id]` pair, document first (reference §4.2). */
export const CellPair = Schema.Tuple(DocumentId, ColumnId)
export type CellPair = typeof CellPair.Type

export const RunTableBody = Schema.Struct({
  doc_id_col_id: Schema.Array(CellPair),
  continue_response: Schema.optional(Schema.Boolean)
}).annotations({ identifier: "RunTableBody" })
export type RunTableBody = typeof RunTableBody.Type

export const CreateCellBody = Schema.Struct({
  ai_column_id: ColumnId,
  document_id: DocumentId,
  response: Schema.optional(Schema.String),
  meta: Schema.optional(JsonObject)
}).annotations({ identifier: "CreateCellBody" })
export type CreateCellBody = typeof CreateCellBody.Type
