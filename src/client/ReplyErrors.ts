import { type Headers, HttpClient, type HttpClientError, type HttpClientResponse } from "@effect/platform"
import { Clock, type Duration, Effect, Either, FiberRef, Match, Option, ParseResult, Predicate, Schema } from "effect"
import { Api } from "../api/Api.js"
import { ValidationIssue } from "../api/ApiError.js"
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
import { decodedBody, ReplyNotJson, ReplyTooLarge } from "./JsonBody.js"
import { bodyUpTo, replyHolding } from "./ReplyBody.js"
import type { Scrub } from "./Scrub.js"
import { shownText } from "./ShownText.js"

const MAX_DETAIL = 300

/** A non-2xx reply, read once: what the decoded error leaves out (Retry-After) and what the fallback reads. */
interface ErrorReply {
  readonly status: number
  readonly headers: Headers.Headers
  readonly text: string
}

/**
 * The error reply of the call running on this fiber (`ServiceClient` scopes it to each call with
 * `Effect.locally`): `HttpApiClient` decodes a declared error from the body alone, and fails without the response
 * when the body is not the contract's.
 */
export const currentErrorReply = FiberRef.unsafeMake<Option.Option<ErrorReply>>(Option.none())

/**
 * How much of an error reply is read: far more than any error the contract declares, while a proxy's page that
 * never ends (or a body past the 512 MB a string may hold, which ended the process) costs no more than this.
 */
const errorBodyLimit = 1024 * 1024

/**
 * The start of an error reply's body, at most `errorBodyLimit` bytes (decompressed when a proxy compressed it); the
 * rest is not read (the socket closes).
 */
const errorBodyText = (response: HttpClientResponse.HttpClientResponse) =>
  Effect.map(bodyUpTo(response, errorBodyLimit), ({ body }) => {
    const start = body.subarray(0, errorBodyLimit)
    const plain = Either.getOrElse(decodedBody(response.headers, start, errorBodyLimit), () => start)
    // A character cut at the limit decodes to U+FFFD.
    return new TextDecoder().decode(plain.subarray(0, errorBodyLimit))
  })

/**
 * Reads each non-2xx reply once, remembers it in `currentErrorReply`, and passes a copy on, so that
 * `HttpApiClient` decodes the errors the contract declares (`Api`'s `addError`) and the fallback still has the body.
 */
export const rememberErrorReplies = (client: HttpClient.HttpClient): HttpClient.HttpClient =>
  HttpClient.transformResponse(
    client,
    Effect.flatMap((response) =>
      response.status >= 200 && response.status < 300
        ? Effect.succeed(response)
        : Effect.gen(function* () {
            const text = yield* errorBodyText(response)
            yield* FiberRef.set(
              currentErrorReply,
              Option.some({ status: response.status, headers: response.headers, text })
            )
            return replyHolding(response, text === "" ? null : text)
          })
    )
  )

/** An error the contract declares, as `HttpApiClient` decodes it from a reply of its status. */
type DeclaredError = typeof Api.errorSchema.Type

const isDeclared = Schema.is(Api.errorSchema)

const parseJson = (text: string): Option.Option<unknown> =>
  Option.liftThrowable((value: string): unknown => JSON.parse(value))(text)

/** Service text made safe to store and print: cut to a readable length, token out, control characters shown. */
const shownDetail = (text: string, clean: Scrub) =>
  shownText(clean(text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text))

/** Whatever body a failed reply has: its `detail` string, or the text; HTML pages are cut to their title. */
const detailOf = (text: string, clean: Scrub) => {
  const trimmed = text.trim()
  if (trimmed.startsWith("<")) {
    const title = /<title>([^<]*)<\/title>/i.exec(trimmed)?.[1]
    return `HTML reply${title === undefined ? "" : ` "${title.trim()}"`}`
  }
  const json = Option.getOrUndefined(parseJson(trimmed))
  const detail = Predicate.hasProperty(json, "detail") ? json.detail : undefined
  return shownDetail(typeof detail === "string" ? detail : trimmed, clean)
}

const decodeIssues = Schema.decodeUnknownOption(Schema.Array(ValidationIssue))

const cleanIssues = (issues: ReadonlyArray<ValidationIssue>, clean: Scrub) =>
  issues.map((issue) => ({
    ...issue,
    loc: issue.loc.map((part) => (typeof part === "string" ? shownText(clean(part)) : part)),
    msg: shownText(clean(issue.msg))
  }))

/** 422 bodies: the reference's bare array, or FastAPI's `{"detail": [...]}` wrapper. */
const issuesOf = (text: string, clean: Scrub) => {
  const json = Option.getOrUndefined(parseJson(text))
  const candidate = Predicate.hasProperty(json, "detail") ? json.detail : json
  const issues = Option.getOrElse(decodeIssues(candidate), () => [
    { loc: [] as ReadonlyArray<string>, msg: text.slice(0, MAX_DETAIL), type: "unparsed" }
  ])
  return cleanIssues(issues, clean)
}

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
