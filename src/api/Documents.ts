import { Schema } from "effect"
import { DocumentId, JsonObject, OrganizationId, Timestamp, UserId } from "./Ids.js"
import { sampled, samples } from "./Samples.js"

/** Reference §3.1 sub-records. */
export const UserSimple = Schema.Struct({
  id: UserId,
  name: Schema.optional(Schema.String)
}).annotations({ identifier: "UserSimple" })
export type UserSimple = typeof UserSimple.Type

export const Annotation = Schema.Struct({
  id: Schema.Int,
  type: Schema.String,
  description: Schema.String,
  document_id: DocumentId,
  user_id: UserId,
  comment_count: Schema.Int,
  is_hidden: Schema.Boolean,
  use_ocr: Schema.Boolean,
  created_at: Timestamp,
  modified_at: Timestamp,
  modified_by: Schema.Int
}).annotations({ identifier: "Annotation" })
export type Annotation = typeof Annotation.Type

export const Comment = Schema.Struct({
  id: Schema.Int,
  annotation_id: Schema.Int,
  user_id: UserId,
  user: UserSimple,
  content: Schema.String,
  created_at: Timestamp,
  modified_at: Timestamp,
  modified_by: Schema.Int
}).annotations({ identifier: "Comment" })
export type Comment = typeof Comment.Type

export const DocumentResourceStats = Schema.Struct({
  file_size: Schema.Int,
  file_list: Schema.optional(Schema.Unknown),
  file_size_by_mime_type: Schema.optional(Schema.Unknown),
  file_size_by_res_type: Schema.optional(Schema.Unknown)
}).annotations({ identifier: "DocumentResourceStats" })
export type DocumentResourceStats = typeof DocumentResourceStats.Type

export const SuggestedTag = Schema.Struct({
  id: Schema.Int,
  organization_id: OrganizationId,
  name: Schema.String,
  color: Schema.String,
  document_count: Schema.Int
}).annotations({ identifier: "SuggestedTag" })
export type SuggestedTag = typeof SuggestedTag.Type

/** A queued job. Only `id` is required by the reference; its `status` values are not documented. */
export const Task = Schema.Struct({
  id: Schema.String,
  args_json: Schema.optional(Schema.String),
  created_at: Schema.optional(Schema.Unknown),
  updated_at: Schema.optional(Schema.Unknown),
  function: Schema.optional(Schema.String),
  module: Schema.optional(Schema.String),
  group_id: Schema.optional(Schema.String),
  parent_id: Schema.optional(Schema.Int),
  parent_table: Schema.optional(Schema.String),
  nrequeue: Schema.optional(Schema.Int),
  runtime: Schema.optional(Schema.Number),
  status: Schema.optional(Schema.String),
  traceback: Schema.optional(Schema.String)
}).annotations({ identifier: "Task" })
export type Task = typeof Task.Type

/** Document processing codes of the `status` map (reference §3.1). */
export const DocumentStatusCode = { notStarted: 0, inProgress: 1, completed: 2, error: 3 } as const

const documentFields = {
  id: DocumentId,
  organization_id: OrganizationId,
  user: UserSimple,
  created_at: Timestamp,
  modified_at: Timestamp,
  /** `-1` means the system. */
  modified_by: Schema.Int,
  is_trash: Schema.Boolean,
  use_ocr: Schema.Boolean,
  meta: JsonObject,
  csl: JsonObject,
  ui: JsonObject,
  status: Schema.Record({ key: Schema.String, value: Schema.Int }),
  tag_ids: Schema.Array(Schema.Int),
  annotation_ids: Schema.Array(Schema.Int),
  doctype: Schema.String,
  file_size: Schema.Int,
  pages: Schema.Int,
  resource_size: Schema.Int,
  file_resource_size: Schema.Int,
  filename: Schema.optional(Schema.String)
}

/** Document, upload/list shape (reference §3.1): the read shape without its optional extras. */
export const DocumentListItem = sampled("DocumentListItem", Schema.Struct(documentFields), samples.documentListItem)
export type DocumentListItem = typeof DocumentListItem.Type

/** Document, read shape (`DocumentReadResponse`). */
export const Document = sampled(
  "Document",
  Schema.Struct({
    ...documentFields,
    annotations: Schema.optional(Schema.Array(Annotation)),
    comments: Schema.optional(Schema.Array(Comment)),
    keywords: Schema.optional(Schema.Array(Schema.Unknown)),
    ranking: Schema.optional(Schema.Int),
    snippet: Schema.optional(Schema.String),
    span: Schema.optional(Schema.Array(Schema.Int)),
    resource_stats: Schema.optional(DocumentResourceStats),
    suggested_tags: Schema.optional(Schema.Array(SuggestedTag)),
    tasks: Schema.optional(Schema.Array(Task))
  }),
  samples.document
)
export type Document = typeof Document.Type

/**
 * One local file put onto the service as a document without the upload endpoint (`docs add`, a run's embedded
 * service): the document it became, or why it did not. Both sides name it here, as they name the endpoints' records.
 */
export interface IngestOutcome {
  readonly path: string
  readonly document?: DocumentListItem | undefined
  readonly error?: string | undefined
}
