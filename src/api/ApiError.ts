import { HttpApiSchema } from "@effect/platform"
import { Data, Schema } from "effect"

/** `detail` mirrors the `{"detail": ...}` bodies of FastAPI-style services; `request` names the call. */
const replyFields = { detail: Schema.String, request: Schema.optional(Schema.String) }

const describe = (what: string, detail: string, request: string | undefined) =>
  `${request === undefined ? "" : `${request}: `}${what}${detail === "" ? "" : `: ${detail}`}`

/** 401: the bearer token is missing, malformed, wrongly signed or expired. */
export class Unauthorized extends Schema.TaggedError<Unauthorized>()(
  "Unauthorized",
  replyFields,
  HttpApiSchema.annotations({ status: 401 })
) {
  override get message() {
    return describe("unauthorized (401)", this.detail, this.request)
  }
}

/** 403: the token is valid but may not do this (another user's id, another workspace, the plan tier). */
export class Forbidden extends Schema.TaggedError<Forbidden>()(
  "Forbidden",
  replyFields,
  HttpApiSchema.annotations({ status: 403 })
) {
  override get message() {
    return describe("forbidden (403)", this.detail, this.request)
  }
}

/** 404: unknown id, or an object the caller may not see. */
export class NotFound extends Schema.TaggedError<NotFound>()(
  "NotFound",
  replyFields,
  HttpApiSchema.annotations({ status: 404 })
) {
  override get message() {
    return describe("not found (404)", this.detail, this.request)
  }
}

/** 413: the request body is over the service's limit. */
export class PayloadTooLarge extends Schema.TaggedError<PayloadTooLarge>()(
  "PayloadTooLarge",
  replyFields,
  HttpApiSchema.annotations({ status: 413 })
) {
  override get message() {
    return describe("payload too large (413)", this.detail, this.request)
  }
}

/** One element of a 422 body (reference §6): `loc` names the offending field. */
export const ValidationIssue = Schema.Struct({
  loc: Schema.Array(Schema.Union(Schema.String, Schema.Number)),
  msg: Schema.String,
  type: Schema.String,
  ctx: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.Unknown }))
}).annotations({ identifier: "ValidationIssue" })
export type ValidationIssue = typeof ValidationIssue.Type

/** 422 with the reference's bare JSON array body. */
export class ValidationFailed extends Data.TaggedError("ValidationFailed")<{
  readonly errors: ReadonlyArray<ValidationIssue>
  readonly request?: string | undefined
}> {
  override get message() {
    const fields = this.errors.map((issue) => `${issue.loc.join(".")}: ${issue.msg}`).join("; ")
    return describe("validation failed (422)", fields, this.request)
  }
}

/** Encodes a `ValidationFailed` as the bare array the reference shows, and decodes that array back. */
export const ValidationFailedBody = Schema.transform(
  Schema.Array(ValidationIssue),
  Schema.declare((input): input is ValidationFailed => input instanceof ValidationFailed, {
    identifier: "ValidationFailed"
  }),
  { strict: true, decode: (errors) => new ValidationFailed({ errors }), encode: (error) => error.errors }
).annotations(HttpApiSchema.annotations({ status: 422 }))
