import { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiSchema, Multipart, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import {
  BadRequest,
  Forbidden,
  InternalServerError,
  NotFound,
  PayloadTooLarge,
  ServiceUnavailable,
  TooManyRequests,
  Unauthorized,
  ValidationFailedBody
} from "./ApiError.js"
import { Authentication } from "./Authentication.js"
import { Document, DocumentListItem } from "./Documents.js"
import { ColumnId, DocumentId, idFromString, OrganizationId, TableId, UserId } from "./Ids.js"
import { AuthReply, AuthRequest, Organization } from "./Organizations.js"
import { sampled, samples } from "./Samples.js"
import { SessionsGroup } from "./SessionsGroup.js"
import { TablesGroup } from "./TablesGroup.js"

export { SessionsGroup } from "./SessionsGroup.js"
export { TablesGroup } from "./TablesGroup.js"

/** Marks what docsweep adds to the reference interface, in the OpenAPI description. */
export const additionMarker = "x-docsweep-addition"

/** Reference §2. `POST /api/auth` is the one operation without a bearer token. */
class AuthGroup extends HttpApiGroup.make("auth")
  .annotate(OpenApi.Description, "Tokens and workspaces (reference §2).")
  .add(
    HttpApiEndpoint.post("login", "/api/auth")
      .annotate(
        OpenApi.Summary,
        "Log in: a bearer token, the user id and the workspaces (reference §2; no token needed)"
      )
      .setPayload(AuthRequest)
      .addSuccess(AuthReply)
  )
  .add(
    HttpApiEndpoint.get("listOrganizations", "/api/user/:user_id/organization/list")
      .annotate(OpenApi.Summary, "The caller's workspaces (reference §2)")
      .setPath(Schema.Struct({ user_id: idFromString(UserId) }))
      .addSuccess(Schema.Array(Organization))
      .middleware(Authentication)
  ) {}

/** The multipart upload body (reference §4.1): `organization_id`, `doctype`, `file`. */
const UploadDocumentBody = HttpApiSchema.Multipart(
  Schema.Struct({
    organization_id: idFromString(OrganizationId),
    doctype: Schema.String.annotations({ description: "the file's type: txt, md, html, pdf or docx" }),
    // One file part; shown as the binary string OpenAPI uses for uploads.
    file: Multipart.SingleFileSchema.annotations({ jsonSchema: { type: "string", format: "binary" } })
  })
)

/** Reference §4.1. */
class DocumentsGroup extends HttpApiGroup.make("documents")
  .annotate(OpenApi.Description, "Upload, read and list documents (reference §4.1).")
  .add(
    HttpApiEndpoint.get("getDocument", "/api/document/:document_id")
      .annotate(OpenApi.Summary, "Read a document, with its annotations, comments and tasks (reference §4.1)")
      .setPath(Schema.Struct({ document_id: idFromString(DocumentId) }))
      .addSuccess(Document)
  )
  .add(
    HttpApiEndpoint.post("uploadDocument", "/api/document/create")
      .annotate(
        OpenApi.Summary,
        "Upload a document as multipart/form-data; replies once its text is extracted (reference §4.1)"
      )
      .setPayload(UploadDocumentBody)
      .addSuccess(DocumentListItem)
  )
  .add(
    HttpApiEndpoint.get("listDocuments", "/api/organization/:organization_id/document/list")
      .annotate(OpenApi.Summary, "A workspace's documents (reference §4.1)")
      .setPath(Schema.Struct({ organization_id: idFromString(OrganizationId) }))
      .addSuccess(Schema.Array(DocumentListItem))
  )
  .middleware(Authentication) {}

/** How many times a run was requested per (table, document, column): the exactly-once tests read it. */
export const RunCount = sampled(
  "RunCount",
  Schema.Struct({ ai_table_id: TableId, document_id: DocumentId, ai_column_id: ColumnId, runs: Schema.Int }),
  samples.runCount
)
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
  .annotate(
    OpenApi.Description,
    "An addition of docsweep, not in the reference interface: present only with `serve --debug-endpoints`."
  )
  .add(
    HttpApiEndpoint.get("runCounts", "/debug/run-counts")
      .annotate(OpenApi.Summary, "How often each (table, document, column) was run; off unless serve --debug-endpoints")
      .annotate(OpenApi.Override, { [additionMarker]: "present only with `docsweep serve --debug-endpoints`" })
      .setUrlParams(Schema.Struct({ ai_table_id: Schema.optional(idFromString(TableId)) }))
      .addSuccess(Schema.Array(RunCount))
  )
  .add(
    HttpApiEndpoint.get("queueStats", "/debug/queue-stats")
      .annotate(
        OpenApi.Summary,
        "The task queue since since_ms: queue wait, answer time, peak pending; off unless serve --debug-endpoints"
      )
      .annotate(OpenApi.Override, { [additionMarker]: "present only with `docsweep serve --debug-endpoints`" })
      .setUrlParams(Schema.Struct({ since_ms: Schema.optional(Schema.NumberFromString) }))
      .addSuccess(QueueStats)
  )
  .middleware(Authentication) {}

const apiDescriptionText = [
  "docsweep's own implementation (`docsweep serve`) of the document-library AI service interface",
  '(public title "Petal API Document", version 1.2.5): documents, AI Tables (one answer per document × column,',
  "generated asynchronously and polled) and chat sessions. Every operation but `POST /api/auth` needs",
  "`Authorization: Bearer <token>`. Errors are JSON: `{detail}` objects, except 422, whose body is a bare array of",
  "`{loc, msg, type}` naming the field. 429 and 503 carry `Retry-After` (seconds). Operations marked",
  "`x-docsweep-addition` are not in the reference interface. Generated from the service's contract (src/api)."
].join(" ")

/** The service's interface, declared once: the local service, the client and the OpenAPI description derive from it. */
export class Api extends HttpApi.make("docsweep")
  .annotateContext(
    OpenApi.annotations({
      title: "docsweep service API",
      version: "1.2.5",
      license: { name: "MIT" },
      description: apiDescriptionText
    })
  )
  .add(AuthGroup)
  .add(DocumentsGroup)
  .add(TablesGroup)
  .add(SessionsGroup)
  .add(DebugGroup)
  .addError(BadRequest)
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .addError(PayloadTooLarge)
  .addError(ValidationFailedBody)
  .addError(TooManyRequests)
  .addError(InternalServerError)
  .addError(ServiceUnavailable) {}
