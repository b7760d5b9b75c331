import { Schema } from "effect"
import { JsonObject, OrganizationId, Timestamp, UserId } from "./Ids.js"
import { sampled, samples } from "./Samples.js"

/** A Workspace; the API calls it organization (reference §2). */
export const Organization = sampled(
  "Organization",
  Schema.Struct({
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
  }),
  samples.organization
)
export type Organization = typeof Organization.Type

export const AuthRequest = sampled(
  "AuthRequest",
  Schema.Struct({
    email: Schema.String,
    password: Schema.String
  }),
  samples.authRequest
)
export type AuthRequest = typeof AuthRequest.Type

/** `POST /api/auth` reply: the bearer token, the caller's id and Workspaces with roles in the same order. */
export const AuthReply = sampled(
  "AuthReply",
  Schema.Struct({
    access_token: Schema.String,
    id: UserId,
    organization_ids: Schema.Array(OrganizationId),
    organization_roles: Schema.Array(Schema.String)
  }),
  samples.authReply
)
export type AuthReply = typeof AuthReply.Type
