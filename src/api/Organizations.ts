import { Schema } from "effect"
import { JsonObject, OrganizationId, Timestamp, UserId } from "./Ids.js"

/** A Workspace; the API calls it organization (reference §2). */
export const Organization = Schema.Struct({
  id: OrganizationId,
  created_at: Timestamp,
  modified_at: Timestamp,
  modified_by: Schema.Int,
  description: Schema.String,
  is_personal: Schema.Boolean,
  meta: JsonObject,
  schema: Schema.Array(JsonObject),
  name: Schema.optional(Schema.String),
  user_id: Schema.optional(UserId)
}).annotations({ identifier: "Organization" })
export type Organization = typeof Organization.Type

export const AuthRequest = Schema.Struct({
  email: Schema.String,
  password: Schema.String
}).annotations({ identifier: "AuthRequest" })
export type AuthRequest = typeof AuthRequest.Type

/** `POST /api/auth` reply: the bearer token, the caller's id and Workspaces with roles in the same order. */
export const AuthReply = Schema.Struct({
  access_token: Schema.String,
  id: UserId,
  organization_ids: Schema.Array(OrganizationId),
  organization_roles: Schema.Array(Schema.String)
}).annotations({ identifier: "AuthReply" })
export type AuthReply = typeof AuthReply.Type
