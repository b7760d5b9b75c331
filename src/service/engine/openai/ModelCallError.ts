import { STATUS_CODES } from "node:http"
import { Data, Duration, Either, Predicate, Redacted, Schema } from "effect"
import { EngineFailure } from "../AnswerEngine.js"

/** The endpoint answered with a non-2xx status; `retryAfter` is how long its Retry-After header asked to wait. */
export class ModelRefused extends Data.TaggedError("ModelRefused")<{
  readonly status: number
  readonly body: string
  readonly retryAfter?: Duration.Duration | undefined
}> {}

/** No connection to the endpoint, or it broke before the response headers. */
export class ModelUnreachable extends Data.TaggedError("ModelUnreachable")<{
  readonly detail: string
  readonly cause: unknown
}> {}

/** The endpoint sent no response headers, or no stream data, within the timeout. */
export class ModelTimeout extends Data.TaggedError("ModelTimeout")<{ readonly after: Duration.Duration }> {}

/** The response stream broke or reported an error after it started. */
export class ModelStreamError extends Data.TaggedError("ModelStreamError")<{
  readonly detail: string
  readonly cause?: unknown
}> {}

export type ModelCallError = ModelRefused | ModelUnreachable | ModelTimeout | ModelStreamError

/** Rate limits, overload and server faults may pass; other 4xx (bad key, bad model name) will not. */
export const isRetryable = (error: ModelCallError): boolean =>
  error._tag === "ModelUnreachable" ||
  error._tag === "ModelTimeout" ||
  (error._tag === "ModelRefused" && (error.status === 408 || error.status === 429 || error.status >= 500))

const codeDetails: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name lookup failed",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
  UND_ERR_SOCKET: "connection reset"
}

const errorCode = (cause: unknown): string | undefined => {
  if (Predicate.hasProperty(cause, "code") && typeof cause.code === "string") return cause.code
  // undici and AggregateError (several resolved addresses) keep the system error one level down
  if (Predicate.hasProperty(cause, "cause")) return errorCode(cause.cause)
  if (Predicate.hasProperty(cause, "errors") && Array.isArray(cause.errors)) return errorCode(cause.errors[0])
  return undefined
}

/** A short human phrase for a transport failure: "connection refused", "host not found". */
export const transportDetail = (cause: unknown): string => {
  const code = errorCode(cause)
  if (code !== undefined) return codeDetails[code] ?? code
  return Predicate.hasProperty(cause, "message") && typeof cause.message === "string" ? cause.message : "network error"
}

const ErrorBody = Schema.parseJson(
  Schema.Struct({
    error: Schema.Union(Schema.String, Schema.Struct({ message: Schema.String }))
  })
)
const decodeErrorBody = Schema.decodeUnknownEither(ErrorBody)

const maxBodyChars = 200

/** The useful part of an error body: OpenAI's `error.message` when present, else the text, squeezed and cut. */
const shortBody = (body: string): string => {
  const decoded = decodeErrorBody(body)
  const text = Either.isRight(decoded)
    ? typeof decoded.right.error === "string"
      ? decoded.right.error
      : decoded.right.error.message
    : body
  const squeezed = text.replace(/\s+/g, " ").trim()
  return squeezed.length > maxBodyChars ? `${squeezed.slice(0, maxBodyChars)}…` : squeezed
}

/** The endpoint address as it may be shown: user info in the URL is dropped. */
export const displayUrl = (url: string): string => url.replace(/\/\/[^/@]*@/, "//")

const describe = (error: ModelCallError, url: string): string => {
  switch (error._tag) {
    case "ModelRefused": {
      const status = `${error.status} ${STATUS_CODES[error.status] ?? ""}`.trim()
      const body = shortBody(error.body)
      return `model endpoint refused: ${status}${body === "" ? "" : ` — ${body}`}`
    }
    case "ModelUnreachable":
      return `model endpoint unreachable at ${displayUrl(url)}: ${error.detail}`
    case "ModelTimeout":
      return `model endpoint at ${displayUrl(url)} did not respond within ${Duration.format(error.after)}`
    case "ModelStreamError":
      return `model answer stream failed: ${error.detail}`
  }
}

/**
 * The failure kept on the task. The key is scrubbed from the text because endpoints echo it back ("Incorrect
 * API key provided: sk-…"), before the body is cut to its first characters (a key straddling the cut would
 * leave its head), and the HTTP request (whose headers hold the key) never becomes the cause.
 */
export const toEngineFailure = (
  error: ModelCallError,
  url: string,
  apiKey: Redacted.Redacted | undefined
): EngineFailure => {
  const key = apiKey === undefined ? "" : Redacted.value(apiKey)
  const scrub = (text: string) => (key.length >= 4 ? text.split(key).join("[redacted]") : text)
  const scrubbed =
    error._tag === "ModelRefused"
      ? new ModelRefused({ status: error.status, body: scrub(error.body), retryAfter: error.retryAfter })
      : error._tag === "ModelStreamError"
        ? new ModelStreamError({ detail: scrub(error.detail), cause: error.cause })
        : error
  const reason = scrub(describe(scrubbed, url))
  return new EngineFailure({ reason, cause: scrubbed._tag === "ModelRefused" ? { status: scrubbed.status } : scrubbed })
}
