import { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiSchema, Multipart } from "@effect/platform"
import { Schema } from "effect"
import { Forbidden, NotFound, PayloadTooLarge, Unauthorized, ValidationFailedBody } from "./ApiError.js"
import { Authentication } from "./Authentication.js"
import { Document, DocumentListItem } from "./Documents.js"
import { ColumnId, DocumentId, idFromString, OrganizationId, SessionId, SuccessReply, TableId, UserId } from "./Ids.js"
import { AuthReply, AuthRequest, Organization } from "./Organizations.js"
import {
  ChatMessage,
  CreateMessageBody,
  CreateMessageReply,
  CreateSessionBody,
  Session,
  SessionListParams,
  UpdateSessionBody
} from "./Sessions.js"
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
const SessionPath = Schema.Struct({ ai_session_id: idFromString(SessionId) })

/** Reference §2. `POST /api/auth` is the one operation without a bearer token. */
export class AuthGroup extends HttpApiGroup.make("auth")
  .add(HttpApiEndpoint.post("login", "/api/auth").setPayload(AuthRequest).addSuccess(AuthReply))
  .add(
    HttpApiEndpoint.get("listOrganizations", "/api/user/:user_id/organization/list")
      .setPath(Schema.Struct({ user_id: idFromString(UserId) }))
      .addSuccess(Schema.Array(Organization))
      .middleware(Authentication)
  ) {}

/** The multipart upload body (reference §4.1): `organization_id`, `doctype`, `file`. */
export const UploadDocumentBody = HttpApiSchema.Multipart(
  Schema.Struct({
    organization_id: Schema.compose(Schema.NumberFromString, OrganizationId),
    doctype: Schema.String,
    file: Multipart.SingleFileSchema
  })
)

/** Reference §4.1. */
export class DocumentsGroup extends HttpApiGroup.make("documents")
  .add(
    HttpApiEndpoint.get("getDocument", "/api/document/:document_id")
      .setPath(Schema.Struct({ document_id: idFromString(DocumentId) }))
      .addSuccess(Document)
  )
  .add(
    HttpApiEndpoint.post("uploadDocument", "/api/document/create")
      .setPayload(UploadDocumentBody)
      .addSuccess(DocumentListItem)
  )
  .add(
    HttpApiEndpoint.get("listDocuments", "/api/organization/:organization_id/document/list")
      .setPath(Schema.Struct({ organization_id: idFromString(OrganizationId) }))
      .addSuccess(Schema.Array(DocumentListItem))
  )
  .middleware(Authentication) {}

/** Reference §4.2. Get/list/delete of tables are UNCONFIRMED there and not declared. */
export class TablesGroup extends HttpApiGroup.make("tables")
  .add(HttpApiEndpoint.post("createTable", "/api/ai/table/create").setPayload(CreateTableBody).addSuccess(AiTable))
  .add(
    HttpApiEndpoint.post("updateTable", "/api/ai/table/:ai_table_id/update")
      .setPath(TablePath)
      .setPayload(UpdateTableBody)
      .addSuccess(AiTable)
  )
  .add(
    HttpApiEndpoint.post("createColumn", "/api/ai/table/:ai_table_id/column/create")
      .setPath(TablePath)
      .setPayload(CreateColumnBody)
      .addSuccess(AiColumn)
  )
  .add(
    HttpApiEndpoint.get("listColumns", "/api/ai/table/:ai_table_id/column/list")
      .setPath(TablePath)
      .addSuccess(Schema.Array(AiColumn))
  )
  .add(
    HttpApiEndpoint.post("runTable", "/api/ai/table/:ai_table_id/run")
      .setPath(TablePath)
      .setPayload(RunTableBody)
      .addSuccess(Schema.Array(AiCell))
  )
  .add(
    HttpApiEndpoint.post("runColumn", "/api/ai/table/:ai_table_id/column/:ai_column_id/run")
      .setPath(Schema.Struct({ ai_table_id: idFromString(TableId), ai_column_id: idFromString(ColumnId) }))
      .addSuccess(Schema.Array(AiCell))
  )
  .add(
    HttpApiEndpoint.post("createCell", "/api/ai/table/:ai_table_id/cell/create")
      .setPath(TablePath)
      .setPayload(CreateCellBody)
      .addSuccess(AiCell)
  )
  .add(
    HttpApiEndpoint.get("listCells", "/api/ai/table/:ai_table_id/cell/list")
      .setPath(TablePath)
      .addSuccess(Schema.Array(AiCell))
  )
  .middleware(Authentication) {}

/** Reference §4.3. */
export class SessionsGroup extends HttpApiGroup.make("sessions")
  .add(
    HttpApiEndpoint.post("createSession", "/api/ai/session/create").setPayload(CreateSessionBody).addSuccess(Session)
  )
  .add(
    HttpApiEndpoint.get("listSessions", "/api/ai/session/list")
      .setUrlParams(SessionListParams)
      .addSuccess(Schema.Array(Session))
  )
  .add(HttpApiEndpoint.get("getSession", "/api/ai/session/:ai_session_id").setPath(SessionPath).addSuccess(Session))
  .add(
    HttpApiEndpoint.post("updateSession", "/api/ai/session/:ai_session_id/update")
      .setPath(SessionPath)
      .setPayload(UpdateSessionBody)
      .addSuccess(Session)
  )
  .add(
    HttpApiEndpoint.del("deleteSession", "/api/ai/session/:ai_session_id/delete")
      .setPath(SessionPath)
      .addSuccess(SuccessReply)
  )
  .add(
    HttpApiEndpoint.post("resetSession", "/api/ai/session/:ai_session_id/reset")
      .setPath(SessionPath)
      .addSuccess(SuccessReply)
  )
  .add(
    HttpApiEndpoint.post("createMessage", "/api/ai/session/:ai_session_id/qa/create")
      .setPath(SessionPath)
      .setPayload(CreateMessageBody)
      .addSuccess(CreateMessageReply)
  )
  .add(
    HttpApiEndpoint.get("listMessages", "/api/ai/session/:ai_session_id/qa/list")
      .setPath(SessionPath)
      .addSuccess(Schema.Array(ChatMessage))
  )
  .middleware(Authentication) {}

/** How many times a run was requested per (table, document, column): the exactly-once tests read it. */
export const RunCount = Schema.Struct({
  ai_table_id: TableId,
  document_id: DocumentId,
  ai_column_id: ColumnId,
  runs: Schema.Int
})
export type RunCount = typeof RunCount.Type

/** Milliseconds: mean and a few percentiles. */
const Percentiles = Schema.Struct({ mean: Schema.Number, p50: Schema.Number, p95: Schema.Number, max: Schema.Number })

/**
 * The task queue of the local service since a moment: how clients load it. Queue wait runs from a task's
 * submission to a worker taking it; pending counts tasks submitted and not yet taken.
 */
export const QueueStats = Schema.Struct({
  since_ms: Schema.Number,
  tasks: Schema.Int,
  answered: Schema.Int,
  peak_pending: Schema.Int,
  queue_wait_ms: Percentiles,
  answer_ms: Percentiles,
  answers_per_second: Schema.Number
})
export type QueueStats = typeof QueueStats.Type

/** Not part of the hosted service: only `docsweep serve --debug-endpoints` answers these. */
export class DebugGroup extends HttpApiGroup.make("debug")
  .add(
    HttpApiEndpoint.get("runCounts", "/debug/run-counts")
      .setUrlParams(Schema.Struct({ ai_table_id: Schema.optional(idFromString(TableId)) }))
      .addSuccess(Schema.Array(RunCount))
  )
  .add(
    HttpApiEndpoint.get("queueStats", "/debug/queue-stats")
      .setUrlParams(Schema.Struct({ since_ms: Schema.optional(Schema.NumberFromString) }))
      .addSuccess(QueueStats)
  )
  .middleware(Authentication) {}

/** The service's interface, declared once: the local service and the client both derive from it. */
export class Api extends HttpApi.make("docsweep")
  .add(AuthGroup)
  .add(DocumentsGroup)
  .add(TablesGroup)
  .add(SessionsGroup)
  .add(DebugGroup)
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .addError(PayloadTooLarge)
  .addError(ValidationFailedBody) {}
