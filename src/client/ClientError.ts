import { Data, type Duration, type Option, Predicate } from "effect"
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

/** 5xx (or 408, a request timeout): the service failed; worth retrying later. */
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

/**
 * The request never reached the service: the connection was refused, or the host name did not resolve. Nothing was
 * sent, so sending it again cannot ask anything twice (unlike `Transport`, which may have been processed).
 */
export class Unreachable extends Data.TaggedError("Unreachable")<{
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

/** Throttling, server failures and transport faults: they may succeed later. */
export type RetryableError = RateLimited | ServerError | Transport | Unreachable

/** The request may have been processed although no answer came: the reply was lost, or the server broke. */
type AmbiguousError = ServerError | Transport

/** 4xx: the service refused the request before doing anything; asking again will not help. */
type RejectedError = Unauthorized | Forbidden | NotFound | ValidationFailed | RequestRejected

/** Every way a call of `ServiceClient` can fail. */
export type ClientError = RejectedError | RetryableError | UnexpectedReply

/** The kind each union above gives a tag: `kinds` must agree with the unions, so the two cannot drift apart. */
type KindOfTag<Tag extends ClientError["_tag"]> = Tag extends RejectedError["_tag"]
  ? "rejected"
  : Tag extends RateLimited["_tag"]
    ? "throttled"
    : Tag extends AmbiguousError["_tag"]
      ? "ambiguous"
      : Tag extends Unreachable["_tag"]
        ? "unsent"
        : "unexpected"

/**
 * Each client error sorted by what a caller can do about it: the one list of tags. A new error that is not listed
 * here, or listed under another kind than its union says, does not compile, and the guards below follow from it.
 */
const kinds = {
  Unauthorized: "rejected",
  Forbidden: "rejected",
  NotFound: "rejected",
  ValidationFailed: "rejected",
  RequestRejected: "rejected",
  RateLimited: "throttled",
  ServerError: "ambiguous",
  Transport: "ambiguous",
  Unreachable: "unsent",
  UnexpectedReply: "unexpected"
} as const satisfies { readonly [Tag in ClientError["_tag"]]: KindOfTag<Tag> }

type Kind = (typeof kinds)[ClientError["_tag"]]

const tagKinds: ReadonlyArray<readonly [string, Kind]> = Object.entries(kinds)

const kindOf = (u: unknown): Kind | undefined => tagKinds.find(([tag]) => Predicate.isTagged(u, tag))?.[1]

/** Any failure of `ServiceClient` (what the runner turns into run stops). */
export const isClientError = (u: unknown): u is ClientError => kindOf(u) !== undefined

/** Throttling, server failures and transport faults may succeed later; everything else will not. */
export const isRetryable = (u: unknown): u is RetryableError => {
  const kind = kindOf(u)
  return kind === "throttled" || kind === "ambiguous" || kind === "unsent"
}

/** A failure after which the request may have been processed (see `AmbiguousError`). */
export const isAmbiguous = (u: unknown): u is AmbiguousError => kindOf(u) === "ambiguous"

/** A 4xx reply: the service refused the request before doing anything. */
export const isRejection = (u: unknown): u is RejectedError => kindOf(u) === "rejected"

/**
 * A failure after which the request certainly did nothing: refused (4xx), throttled (429), or never sent. Pairs of
 * such a request can be asked later without looking at the service first.
 */
export const isCertainlyUndone = (u: unknown): boolean => {
  const kind = kindOf(u)
  return kind === "rejected" || kind === "throttled" || kind === "unsent"
}

/** A 429: the service asks to slow down (and maybe says when to come back). */
export const isRateLimited = (u: unknown): u is RateLimited => Predicate.isTagged(u, "RateLimited")
