import { Schema } from "effect"
import {
  DocumentId,
  idFromString,
  JsonObject,
  LenientBoolean,
  MessageId,
  OrganizationId,
  SessionId,
  Timestamp,
  UserId,
  Visibility
} from "./Ids.js"
import { sampled, samples } from "./Samples.js"

/** Reference §3.5. */
export const Session = sampled(
  "Session",
  Schema.Struct({
    id: SessionId,
    organization_id: OrganizationId,
    user_id: UserId,
    is_multidoc: Schema.Boolean,
    visibility: Visibility,
    created_at: Timestamp,
    meta: JsonObject,
    document_ids: Schema.optional(Schema.Array(DocumentId))
  }),
  samples.session
)
export type Session = typeof Session.Type

/** Reference §3.6: a chat message ("qa"); `response` may be partial while `running`. */
export const ChatMessage = sampled(
  "ChatMessage",
  Schema.Struct({
    id: MessageId,
    task_status: Schema.String,
    query: Schema.String,
    response: Schema.optional(Schema.String),
    ai_session_id: SessionId,
    user_id: UserId,
    created_at: Timestamp,
    task_id: Schema.String,
    meta: JsonObject,
    user_rating: Schema.String
  }),
  samples.message
)
export type ChatMessage = typeof ChatMessage.Type

const EitherMessageReply = Schema.Union(ChatMessage, Schema.Array(ChatMessage))

/**
 * The create-message reply: one object (seed, chat guide) or an array of full records (public OpenAPI page).
 * Reference §8.3; clients accept either. docsweep's service sends the one object, and its description says so:
 * `suspend` keeps HttpApi from splitting the union into separate replies, which would drop that annotation.
 */
export const CreateMessageReply = Schema.suspend(() => EitherMessageReply).annotations({
  jsonSchema: { $ref: "#/components/schemas/ChatMessage" }
})
export type CreateMessageReply = typeof CreateMessageReply.Type

/** The record with the highest id (ids grow as the service creates records): the newest. */
export const newest = <A extends { readonly id: number }>(records: ReadonlyArray<A>): A | undefined =>
  records.reduce<A | undefined>(
    (found, record) => (found === undefined || record.id > found.id ? record : found),
    undefined
  )

/**
 * Picks the created message out of either reply shape (reference §8.3). From a list — the session's messages, in an
 * order the reference does not give — the item carrying every `meta` entry the request sent, else the newest (highest
 * id) asking its query: a question asked again (a retry) is in the list twice, and position says nothing. Else the
 * newest item.
 */
export const createdMessage = (
  reply: CreateMessageReply,
  sent: { readonly query: string; readonly meta?: { readonly [key: string]: unknown } | undefined }
): ChatMessage | undefined => {
  if (!Array.isArray(reply)) return reply as ChatMessage
  const items = reply as ReadonlyArray<ChatMessage>
  const entries = Object.entries(sent.meta ?? {})
  const carries = (message: ChatMessage) =>
    entries.length > 0 && entries.every(([key, value]) => JSON.stringify(message.meta[key]) === JSON.stringify(value))
  return items.find(carries) ?? newest(items.filter((message) => message.query === sent.query)) ?? newest(items)
}

export const CreateSessionBody = sampled(
  "CreateSessionBody",
  Schema.Struct({
    organization_id: OrganizationId,
    user_id: UserId,
    is_multidoc: LenientBoolean,
    document_ids: Schema.optional(Schema.Array(DocumentId)),
    visibility: Schema.optional(Visibility),
    meta: Schema.optional(JsonObject)
  }),
  samples.createSession
)
export type CreateSessionBody = typeof CreateSessionBody.Type

export const UpdateSessionBody = sampled(
  "UpdateSessionBody",
  Schema.Struct({
    document_ids: Schema.optional(Schema.Array(DocumentId)),
    meta: Schema.optional(JsonObject),
    visibility: Schema.optional(Visibility)
  }),
  samples.updateSession
)
export type UpdateSessionBody = typeof UpdateSessionBody.Type

export const CreateMessageBody = sampled(
  "CreateMessageBody",
  Schema.Struct({
    query: Schema.String,
    chat_model: Schema.optional(Schema.String),
    language: Schema.optional(Schema.String),
    restrict_to_context: Schema.optional(LenientBoolean),
    use_context: Schema.optional(LenientBoolean),
    use_cells: Schema.optional(LenientBoolean),
    use_history: Schema.optional(LenientBoolean),
    use_meta: Schema.optional(LenientBoolean),
    meta: Schema.optional(JsonObject)
  }),
  samples.createMessage
)
export type CreateMessageBody = typeof CreateMessageBody.Type

export const SessionListParams = Schema.Struct({
  organization_id: idFromString(OrganizationId),
  document_id: Schema.optional(idFromString(DocumentId))
})
