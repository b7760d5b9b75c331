import { HttpApiSchema } from "@effect/platform"
import { Data, Schema } from "effect"
import { sampled, samples } from "./Samples.js"

/** `detail` mirrors the `{"detail": ...}` bodies of FastAPI-style services; `request` names the call. */
const replyFields = { detail: Schema.String, request: Schema.optional(Schema.String) }

const describe = (what: string, detail: string, request: string | undefined) =>
  `${request === undefined ? "" : `${request}: `}${what}${detail === "" ? "" : `: ${detail}`}`

/** 400: a body the service cannot read at all (cut short, or nested too deeply to decode). */
export class BadRequest extends Schema.TaggedError<BadRequest>()(
  "BadRequest",
  replyFields,
  HttpApiSchema.annotations({
    status: 400,
    description:
      "A body that cannot be read: a multipart upload cut short before its closing boundary, or JSON nested deeper than 64 levels."
  })
) {
  override get message() {
    return describe("bad request (400)", this.detail, this.request)
  }
}

/** 401: the bearer token is missing, malformed, wrongly signed or expired. */
export class Unauthorized extends Schema.TaggedError<Unauthorized>()(
  "Unauthorized",
  replyFields,
  HttpApiSchema.annotations({
    status: 401,
    description: "The bearer token is missing, malformed, wrongly signed or expired (or, for /api/auth, the password)."
  })
) {
  override get message() {
    return describe("unauthorized (401)", this.detail, this.request)
  }
}

/** 403: the token is valid but may not do this (another user's id, another workspace, the plan tier). */
export class Forbidden extends Schema.TaggedError<Forbidden>()(
  "Forbidden",
  replyFields,
  HttpApiSchema.annotations({
    status: 403,
    description: "The token may not do this: another user's id, a workspace it does not name, or the plan tier."
  })
) {
  override get message() {
    return describe("forbidden (403)", this.detail, this.request)
  }
}

/** 404: unknown id, or an object the caller may not see. */
export class NotFound extends Schema.TaggedError<NotFound>()(
  "NotFound",
  replyFields,
  HttpApiSchema.annotations({
    status: 404,
    description: "Unknown id, or an object the caller may not see (another workspace's, or another user's private one)."
  })
) {
  override get message() {
    return describe("not found (404)", this.detail, this.request)
  }
}

/**
 * 405: the path is an endpoint, the method is not one of its methods (the reply's `Allow` header lists them).
 * Not declared on any operation: it answers requests for operations that do not exist.
 */
export class MethodNotAllowed extends Schema.TaggedError<MethodNotAllowed>()(
  "MethodNotAllowed",
  replyFields,
  HttpApiSchema.annotations({ status: 405 })
) {
  override get message() {
    return describe("method not allowed (405)", this.detail, this.request)
  }
}

/** 413: the request body is over the service's limit. */
export class PayloadTooLarge extends Schema.TaggedError<PayloadTooLarge>()(
  "PayloadTooLarge",
  replyFields,
  HttpApiSchema.annotations({
    status: 413,
    description: "The request body is over the limit: 1 MiB, uploads 100 MiB unless `serve --upload-limit-mb` says."
  })
) {
  override get message() {
    return describe("payload too large (413)", this.detail, this.request)
  }
}

/** 429: too many requests; `Retry-After` says when to ask again (the local service: `--fault-rate` only). */
export class TooManyRequests extends Schema.TaggedError<TooManyRequests>()(
  "TooManyRequests",
  replyFields,
  HttpApiSchema.annotations({
    status: 429,
    description:
      "Too many requests: ask again after Retry-After seconds. The local service answers it under --fault-rate, and " +
      "when a run request or message would take the user past serve --max-pending (refused whole, nothing queued)."
  })
) {
  override get message() {
    return describe("too many requests (429)", this.detail, this.request)
  }
}

/** 500: the service failed; the request may or may not have been processed. */
export class InternalServerError extends Schema.TaggedError<InternalServerError>()(
  "InternalServerError",
  replyFields,
  HttpApiSchema.annotations({
    status: 500,
    description: "The service failed while answering (or `serve --fault-rate` injected the failure)."
  })
) {
  override get message() {
    return describe("internal server error (500)", this.detail, this.request)
  }
}

/** 503: the service cannot answer now; `Retry-After` says when to ask again. */
export class ServiceUnavailable extends Schema.TaggedError<ServiceUnavailable>()(
  "ServiceUnavailable",
  replyFields,
  HttpApiSchema.annotations({
    status: 503,
    description: "The service cannot answer now: ask again after Retry-After seconds (the local service: --fault-rate)."
  })
) {
  override get message() {
    return describe("service unavailable (503)", this.detail, this.request)
  }
}

/** The replies that carry a `Retry-After` header (delta-seconds). */
export const retryAfterErrors = [TooManyRequests, ServiceUnavailable] as const

/** One element of a 422 body (reference §6): `loc` names the offending field. */
export const ValidationIssue = sampled(
  "ValidationIssue",
  Schema.Struct({
    loc: Schema.Array(Schema.Union(Schema.String, Schema.Number)),
    msg: Schema.String,
    type: Schema.String,
    ctx: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.Unknown }))
  }),
  samples.validationIssue
)
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
  Schema.Array(ValidationIssue).annotations({
    examples: [[Schema.decodeSync(ValidationIssue)(samples.validationIssue)]]
  }),
  Schema.declare((input): input is ValidationFailed => input instanceof ValidationFailed, {
    identifier: "ValidationFailed"
  }),
  { strict: true, decode: (errors) => new ValidationFailed({ errors }), encode: (error) => error.errors }
).annotations(
  HttpApiSchema.annotations({
    status: 422,
    description: "The request does not fit: a bare JSON array (no wrapper) of issues, each naming its field in `loc`."
  })
)
