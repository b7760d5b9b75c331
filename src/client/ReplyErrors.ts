import type { HttpClientError } from "@effect/platform"
import { Clock, type Duration, Effect, Match, Option, ParseResult, Predicate, Schema } from "effect"
import { Api } from "../api/Api.js"
import { retryAfterWait } from "../api/RetryAfter.js"
import {
  type ClientError,
  Forbidden,
  NotFound,
  RateLimited,
  RequestRejected,
  ServerError,
  Transport,
  Unauthorized,
  UnexpectedReply,
  ValidationFailed
} from "./ClientError.js"
import { connectionError } from "./ConnectionErrors.js"
import type { ErrorReply } from "./ErrorReply.js"
import { ReplyNotJson, ReplyTooLarge } from "./JsonBody.js"
import type { Scrub } from "./Scrub.js"
import { cleanIssues, detailOf, issuesOf, shownDetail } from "./ShownDetail.js"
import { shownText } from "./ShownText.js"

/** An error the contract declares, as `HttpApiClient` decodes it from a reply of its status. */
type DeclaredError = typeof Api.errorSchema.Type

const isDeclared = Schema.is(Api.errorSchema)

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3); none when absent or unreadable. */
export const parseRetryAfter = (value: string | undefined, nowMillis: number): Option.Option<Duration.Duration> =>
  Option.fromNullable(retryAfterWait(value, nowMillis))

const retryAfterOf = (reply: ErrorReply) =>
  Effect.map(Clock.currentTimeMillis, (now) => parseRetryAfter(reply.headers["retry-after"], now))

/** A declared error, decoded by `HttpApiClient`: the client error it is, with what the reply's headers add. */
const fromDeclared = (request: string, reply: ErrorReply, clean: Scrub, error: DeclaredError) =>
  Effect.map(retryAfterOf(reply), (retryAfter): ClientError => {
    const { status } = reply
    const shown = (declared: { readonly detail: string }) => shownDetail(declared.detail, clean)
    return Match.value(error).pipe(
      Match.tagsExhaustive({
        BadRequest: (e): ClientError => new RequestRejected({ request, status, detail: shown(e) }),
        Unauthorized: (e) => new Unauthorized({ request, detail: shown(e) }),
        Forbidden: (e) => new Forbidden({ request, detail: shown(e) }),
        NotFound: (e) => new NotFound({ request, detail: shown(e) }),
        PayloadTooLarge: (e) => new RequestRejected({ request, status, detail: shown(e) }),
        ValidationFailed: (e) => new ValidationFailed({ request, errors: cleanIssues(e.errors, clean) }),
        TooManyRequests: (e) => new RateLimited({ request, detail: shown(e), retryAfter }),
        InternalServerError: (e) => new ServerError({ request, status, detail: shown(e) }),
        ServiceUnavailable: (e) => new ServerError({ request, status, detail: shown(e) }),
        // The platform's own 400 for a request it could not decode.
        HttpApiDecodeError: (e) => new RequestRejected({ request, status, detail: shownDetail(e.message, clean) })
      })
    )
  })

/**
 * The one fallback: a reply whose body is not the contract's error for its status (an HTML page from a proxy,
 * plain text, another service's JSON such as FastAPI's `{"detail": ...}`) is read by its status alone.
 */
const fromStatus = (request: string, reply: ErrorReply, clean: Scrub) =>
  Effect.map(retryAfterOf(reply), (retryAfter): ClientError => {
    const { status, text } = reply
    if (status === 422) return new ValidationFailed({ errors: issuesOf(text, clean), request })
    const detail = detailOf(text, clean)
    if (status === 401) return new Unauthorized({ detail, request })
    if (status === 403) return new Forbidden({ detail, request })
    if (status === 404) return new NotFound({ detail, request })
    if (status === 429) return new RateLimited({ request, detail, retryAfter })
    if (status >= 500) return new ServerError({ request, status, detail })
    // 408: the service, or a proxy before it, gave up waiting for the request; asking again is how to go on. Whether
    // the service had it is not said, so it counts as a lost reply.
    if (status === 408) return new ServerError({ request, status, detail })
    const location = reply.headers.location
    if (status >= 300 && status < 400 && location !== undefined) {
      // Not followed: the bearer token would go wherever it points, another host included.
      const where = shownDetail(location, clean)
      return new RequestRejected({
        request,
        status,
        detail: `redirected to ${where}; set the base URL to where it points`
      })
    }
    return new RequestRejected({ request, status, detail })
  })

/** A reply that does not match the contract: its first issue's field (below `at`, such as a list index). */
export const mismatch = (
  request: string,
  error: ParseResult.ParseError,
  clean: Scrub,
  at: ReadonlyArray<PropertyKey> = []
): UnexpectedReply => {
  const first = ParseResult.ArrayFormatter.formatErrorSync(error)[0]
  return new UnexpectedReply({
    request,
    field: shownText([...at, ...(first?.path ?? [])].map(String).join(".")),
    detail: shownText(clean(first?.message ?? error.message))
  })
}

export const notJson = (request: string): UnexpectedReply =>
  new UnexpectedReply({ request, field: "", detail: "the body is not JSON" })

const isHttpClientError = (u: unknown): u is HttpClientError.HttpClientError =>
  Predicate.isTagged(u, "RequestError") || Predicate.isTagged(u, "ResponseError")

/** A failure with no error reply: a 2xx body that does not fit, or the connection. */
const fromTransport = (request: string, clean: Scrub, error: unknown): ClientError => {
  if (ParseResult.isParseError(error)) return mismatch(request, error, clean)
  if (!isHttpClientError(error)) {
    return new UnexpectedReply({ request, field: "", detail: shownText(clean(String(error))) })
  }
  if (error._tag === "ResponseError" && error.cause instanceof ReplyTooLarge) {
    const detail = `the body is larger than ${error.cause.limit / 2 ** 20} MiB; the rest was not read`
    return new UnexpectedReply({ request, field: "", detail })
  }
  if (error._tag === "ResponseError" && error.cause instanceof ReplyNotJson) {
    return new UnexpectedReply({ request, field: "", detail: shownDetail(error.cause.problem, clean) })
  }
  if (error._tag === "ResponseError" && error.reason === "Decode" && error.cause instanceof SyntaxError) {
    return notJson(request)
  }
  if (error._tag === "ResponseError" && error.reason === "EmptyBody") {
    return new UnexpectedReply({ request, field: "", detail: "the body is empty" })
  }
  if (error._tag === "RequestError") return connectionError(request, error.cause)
  return new Transport({ request, reason: "connection lost while reading the reply", cause: error.cause })
}

/**
 * Maps every way a call can fail to one tagged client error: a declared error decoded by `HttpApiClient`, another
 * error reply through the fallback, a 2xx body that does not match, or the connection.
 */
export const toClientError = (
  request: string,
  clean: Scrub,
  reply: Option.Option<ErrorReply>,
  error: unknown
): Effect.Effect<ClientError> =>
  Option.match(reply, {
    onNone: () => Effect.succeed(fromTransport(request, clean, error)),
    onSome: (reply) =>
      isDeclared(error) ? fromDeclared(request, reply, clean, error) : fromStatus(request, reply, clean)
  })
