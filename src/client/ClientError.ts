import { Data, type Duration, type Option } from "effect"
import { Forbidden, NotFound, Unauthorized, ValidationFailed } from "../api/ApiError.js"

export { Forbidden, NotFound, Unauthorized, ValidationFailed }

/** 429: the service throttles; `retryAfter` comes from the Retry-After header (seconds or an HTTP date). */
export class RateLimited extends Data.TaggedError("RateLimited")<{
  readonly request: string
  readonly retryAfter: Option.Option<Duration.Duration>
  readonly detail: string
}> {
  override get message() {
    return `${this.request}: rate limited (429)${this.detail === "" ? "" : `: ${this.detail}`}`
  }
}

/** 5xx: the service failed; worth retrying later. */
export class ServerError extends Data.TaggedError("ServerError")<{
  readonly request: string
  readonly status: number
  readonly detail: string
}> {
  override get message() {
    return `${this.request}: server error (${this.status})${this.detail === "" ? "" : `: ${this.detail}`}`
  }
}

/** Another 4xx (400, 405, 413, ...): the request itself is wrong; retrying will not help. */
export class RequestRejected extends Data.TaggedError("RequestRejected")<{
  readonly request: string
  readonly status: number
  readonly detail: string
}> {
  override get message() {
    return `${this.request}: rejected (${this.status})${this.detail === "" ? "" : `: ${this.detail}`}`
  }
}

/**
 * The request may or may not have reached the service: refused, reset, closed mid-reply or timed out.
 * For non-idempotent calls this is an ambiguous outcome the caller must reconcile.
 */
export class Transport extends Data.TaggedError("Transport")<{
  readonly request: string
  readonly reason: string
  readonly cause?: unknown
}> {
  override get message() {
    return `${this.request}: ${this.reason}`
  }
}

/** A 2xx reply whose body does not match the contract: which endpoint, which field. */
export class UnexpectedReply extends Data.TaggedError("UnexpectedReply")<{
  readonly request: string
  readonly field: string
  readonly detail: string
}> {
  override get message() {
    return `${this.request}: unexpected reply${this.field === "" ? "" : ` at ${this.field}`}: ${this.detail}`
  }
}

export type ClientError =
  | Unauthorized
  | Forbidden
  | NotFound
  | ValidationFailed
  | RateLimited
  | ServerError
  | RequestRejected
  | Transport
  | UnexpectedReply

/** Throttling, server failures and transport faults may succeed later; everything else will not. */
export const isRetryable = (error: ClientError): error is RateLimited | ServerError | Transport =>
  error._tag === "RateLimited" || error._tag === "ServerError" || error._tag === "Transport"
