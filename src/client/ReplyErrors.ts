import type { HttpClientError, HttpClientResponse } from "@effect/platform"
import { Clock, Duration, Effect, Option, ParseResult, Redacted, Schema } from "effect"
import { ValidationIssue } from "../api/ApiError.js"
import { shownText } from "./ShownText.js"
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

const MAX_DETAIL = 300

type Scrub = (text: string) => string

/** Reads whatever body a failed reply has; HTML pages and long bodies are cut to a readable line. */
const readDetail = (response: HttpClientResponse.HttpClientResponse, clean: Scrub) =>
  response.text.pipe(
    Effect.map((text) => {
      const trimmed = text.trim()
      if (trimmed.startsWith("<")) {
        const title = /<title>([^<]*)<\/title>/i.exec(trimmed)?.[1]
        return `HTML reply${title === undefined ? "" : ` "${title.trim()}"`}`
      }
      const detail = Option.getOrUndefined(parseJson(trimmed))
      const text_ = typeof detail === "object" && detail !== null && "detail" in detail ? detail.detail : undefined
      const shown = typeof text_ === "string" ? text_ : trimmed
      return shownText(clean(shown.length > MAX_DETAIL ? `${shown.slice(0, MAX_DETAIL)}…` : shown))
    }),
    Effect.orElseSucceed(() => "")
  )

const parseJson = (text: string): Option.Option<unknown> =>
  Option.liftThrowable((value: string): unknown => JSON.parse(value))(text)

const decodeIssues = Schema.decodeUnknownOption(Schema.Array(ValidationIssue))

/** 422 bodies: the reference's bare array, or FastAPI's `{"detail": [...]}` wrapper. */
const readIssues = (response: HttpClientResponse.HttpClientResponse, clean: Scrub) =>
  response.text.pipe(
    Effect.map((text) => {
      const json = Option.getOrUndefined(parseJson(text))
      const candidate = typeof json === "object" && json !== null && "detail" in json ? json.detail : json
      const issues = Option.getOrElse(decodeIssues(candidate), () => [
        { loc: [] as ReadonlyArray<string>, msg: text.slice(0, MAX_DETAIL), type: "unparsed" }
      ])
      return issues.map((issue) => ({
        ...issue,
        loc: issue.loc.map((part) => (typeof part === "string" ? shownText(clean(part)) : part)),
        msg: shownText(clean(issue.msg))
      }))
    }),
    Effect.orElseSucceed(() => [])
  )

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export const parseRetryAfter = (value: string | undefined, nowMillis: number): Option.Option<Duration.Duration> => {
  if (value === undefined || value.trim() === "") return Option.none()
  const trimmed = value.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Option.some(Duration.seconds(Number(trimmed)))
  const at = Date.parse(trimmed)
  if (Number.isNaN(at)) return Option.none()
  return Option.some(Duration.millis(Math.max(0, at - nowMillis)))
}

const fromStatus = (request: string, response: HttpClientResponse.HttpClientResponse, clean: Scrub) =>
  Effect.gen(function* () {
    const status = response.status
    if (status === 422) return new ValidationFailed({ errors: yield* readIssues(response, clean), request })
    const detail = yield* readDetail(response, clean)
    if (status === 401) return new Unauthorized({ detail, request })
    if (status === 403) return new Forbidden({ detail, request })
    if (status === 404) return new NotFound({ detail, request })
    if (status === 429) {
      const now = yield* Clock.currentTimeMillis
      return new RateLimited({ request, detail, retryAfter: parseRetryAfter(response.headers["retry-after"], now) })
    }
    if (status >= 500) return new ServerError({ request, status, detail })
    return new RequestRejected({ request, status, detail })
  })

const isJsonSyntaxError = (cause: unknown) => cause instanceof SyntaxError

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

/** Maps every way a call can fail to one tagged client error. */
export const toClientError =
  (request: string, clean: Scrub) => (error: HttpClientError.HttpClientError | ParseResult.ParseError) => {
    if (ParseResult.isParseError(error)) return Effect.succeed<ClientError>(mismatch(request, error, clean))
    if (error._tag === "ResponseError" && error.reason === "StatusCode")
      return fromStatus(request, error.response, clean)
    if (error._tag === "ResponseError" && error.reason === "Decode" && isJsonSyntaxError(error.cause)) {
      return Effect.succeed<ClientError>(notJson(request))
    }
    if (error._tag === "ResponseError" && error.reason === "EmptyBody") {
      return Effect.succeed<ClientError>(new UnexpectedReply({ request, field: "", detail: "the body is empty" }))
    }
    const reason =
      error._tag === "RequestError" ? describeTransport(error.cause) : "connection lost while reading the reply"
    return Effect.succeed<ClientError>(new Transport({ request, reason, cause: error.cause }))
  }

const describeTransport = (cause: unknown): string => {
  const code = typeof cause === "object" && cause !== null && "code" in cause ? String(cause.code) : undefined
  if (code === "ECONNREFUSED") return "connection refused"
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "connection reset"
  if (code === "ENOTFOUND") return "host not found"
  return code === undefined ? "request failed" : `request failed (${code})`
}

/** Removes the token from text that came from the wire: a hostile or buggy server could echo it back. */
export const tokenScrubber = (token: Redacted.Redacted<string> | undefined) => {
  const secret = token === undefined ? "" : Redacted.value(token)
  // A JWT's signature alone is as good as a secret to a forger: it goes too, wherever it stands.
  const signature = secret.split(".").length === 3 ? (secret.split(".")[2] ?? "") : ""
  const parts = [secret, ...(signature.length >= 16 ? [signature] : [])].filter((part) => part !== "")
  return (text: string): string =>
    parts.reduce(
      (scrubbed, part) => (scrubbed.includes(part) ? scrubbed.split(part).join("<redacted>") : scrubbed),
      text
    )
}

/**
 * Every string of a decoded reply with the token taken out: a service may echo the Authorization header in an
 * answer or an error (`meta.error`), and what the client returns is stored in the checkpoint, reported and printed.
 */
export const scrubStrings =
  (clean: (text: string) => string) =>
  <A>(value: A): A => {
    const walk = (node: unknown): unknown => {
      if (typeof node === "string") return clean(node)
      if (Array.isArray(node)) return node.map(walk)
      if (node !== null && typeof node === "object" && Object.getPrototypeOf(node) === Object.prototype)
        return Object.fromEntries(Object.entries(node).map(([key, inner]) => [key, walk(inner)]))
      return node
    }
    return walk(value) as A
  }
