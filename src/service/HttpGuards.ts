import type { IncomingMessage } from "node:http"
import type { HttpApp } from "@effect/platform"
import { HttpIncomingMessage, HttpServerRequest, HttpServerResponse, Multipart } from "@effect/platform"
import { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import { NodeHttpServerRequest } from "@effect/platform-node"
import { Cause, Effect, Option, Predicate, Schema } from "effect"
import {
  BadRequest,
  InternalServerError,
  type NotFound,
  PayloadTooLarge,
  TooManyRequests,
  Unauthorized,
  ValidationFailed,
  type ValidationIssue
} from "../api/ApiError.js"
import { unauthorizedReply, unroutedReply } from "./ProtocolReplies.js"
import { fieldLocation, isUpload } from "./RequestLocations.js"
import type { ServiceSettingsShape } from "./ServiceSettings.js"

const issueType = (tag: string): string => {
  switch (tag) {
    case "Missing":
      return "missing"
    case "Unexpected":
      return "extra_forbidden"
    case "Type":
      return "type_error"
    default:
      return "value_error"
  }
}

/** The built-in 400 decode error becomes the reference's 422 array, each `loc` starting path, query or body. */
const toValidationFailed = (error: HttpApiDecodeError, method: string, url: string) => {
  const issues: ReadonlyArray<{
    readonly _tag: string
    readonly path: ReadonlyArray<PropertyKey>
    readonly message: string
  }> = error.issues.length === 0 ? [{ _tag: "Type", path: [], message: error.message }] : error.issues
  return new ValidationFailed({
    errors: mergeAlternatives(
      issues.map((issue): ValidationIssue => {
        const path = issue.path.filter((part): part is string | number => typeof part !== "symbol")
        const loc = [fieldLocation(method, url, path[0]), ...path]
        return { loc, msg: readable(issue.message), type: issueType(issue._tag) }
      })
    )
  })
}

/** Schema's type names are for developers; say what JSON was expected, and keep echoed values short. */
const readable = (message: string): string => {
  if (message.includes("PersistedFile")) return "Expected exactly one file"
  const text = message
    .replace(/^Expected ReadonlyArray<.*>, actual/s, "Expected an array, actual")
    .replace(/^Expected \{ readonly \[x: string\]: unknown \}, actual/, "Expected an object, actual")
    .replace(/^Expected Int & between\(.*\) & Brand<.*>, actual/, "Expected a 32-bit integer, actual")
    // A whole body of the wrong kind (null, an array, a string: JSON sent as text/plain) names the body's Schema.
    .replace(/^Expected [A-Z]\w*(?:Body|Request), actual/, "Expected a JSON object, actual")
  return text.length > 200 ? `${text.slice(0, 200)}…` : text
}

const expectedActual = /^Expected (.*), actual (.*)$/s

/**
 * A union (an optional field, a literal set, a lenient boolean) reports one issue per member at the same
 * place: "Expected "shared", actual …", "Expected "private", actual …", "Expected undefined, actual …".
 * Report one: `Expected "shared" or "private", actual "public"`.
 */
const mergeAlternatives = (issues: ReadonlyArray<ValidationIssue>): Array<ValidationIssue> => {
  const byPlace = new Map<string, Array<ValidationIssue>>()
  for (const issue of issues) {
    const key = JSON.stringify(issue.loc)
    byPlace.set(key, [...(byPlace.get(key) ?? []), issue])
  }
  return [...byPlace.values()].flatMap((all) => {
    const defined = all.filter((issue) => !issue.msg.startsWith("Expected undefined,"))
    const group = defined.length === 0 ? all : defined
    const first = group[0]
    if (first === undefined || group.length === 1) return group
    const parts = group.map((issue) => expectedActual.exec(issue.msg))
    const actual = parts[0]?.[2]
    if (parts.some((part) => part === null || part[2] !== actual)) return group
    const expected = parts.flatMap((part) => (part === null || part[1] === "undefined" ? [] : [part[1]]))
    return [{ ...first, msg: `Expected ${expected.join(" or ")}, actual ${actual}` }]
  })
}

const hasTag = (value: unknown, tag: string): value is { readonly _tag: string; readonly [key: string]: unknown } =>
  typeof value === "object" && value !== null && "_tag" in value && value._tag === tag

const tooLarge = (limit: number) =>
  new PayloadTooLarge({ detail: `the request body is over the service's ${limit}-byte limit` })

/**
 * Failures of reading the body are defects inside HttpApiBuilder (it `orDie`s them): an over-limit body,
 * malformed JSON or multipart. Answer them as 413 / 422 instead of 500.
 */
const bodyDefect = (defect: unknown, limit: number): Option.Option<PayloadTooLarge | ValidationFailed> => {
  if (hasTag(defect, "RequestError")) {
    const cause = defect.cause
    if (cause instanceof Error && cause.message === "maxBytes exceeded") return Option.some(tooLarge(limit))
    return Option.some(
      new ValidationFailed({ errors: [{ loc: ["body"], msg: "the body is not valid JSON", type: "json_invalid" }] })
    )
  }
  // multipasta emits a multipart/form-data content type without a boundary as an "error" event with no
  // listener, which Node throws as ERR_UNHANDLED_ERROR carrying the event's value in `context`.
  if (Predicate.hasProperty(defect, "context") && hasTag(defect.context, "InvalidBoundary"))
    return Option.some(
      new ValidationFailed({
        errors: [{ loc: ["body"], msg: "a multipart/form-data body needs a boundary parameter", type: "value_error" }]
      })
    )
  if (hasTag(defect, "MultipartError")) {
    const reason = String(defect.reason)
    if (reason === "FileTooLarge" || reason === "FieldTooLarge" || reason === "BodyTooLarge")
      return Option.some(tooLarge(limit))
    return Option.some(
      new ValidationFailed({
        errors: [{ loc: ["body"], msg: `unreadable multipart body (${reason})`, type: "value_error" }]
      })
    )
  }
  return Option.none()
}

/** A defect that is not a prepared response: a bug or a failed store. Logged, answered as the declared 500. */
const unexpectedDefect = (defect: unknown): Effect.Effect<never, InternalServerError> =>
  Effect.zipRight(
    Effect.logError("request failed", Cause.die(defect)),
    Effect.fail(new InternalServerError({ detail: "internal error (the service log has the cause)" }))
  )

/** Deepest JSON nesting a body may have: decoding deeper structures recurses past the stack. */
const maxJsonDepth = 64

/** How deeply `text` nests arrays and objects (strings skipped), counting only up to `limit` + 1. */
export const jsonDepth = (text: string, limit = maxJsonDepth): number => {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let index = 0; index < text.length && deepest <= limit; index++) {
    const char = text.charCodeAt(index)
    if (inString) {
      if (char === 0x5c) index++
      else if (char === 0x22) inString = false
    } else if (char === 0x22) inString = true
    else if (char === 0x5b || char === 0x7b) deepest = Math.max(deepest, ++depth)
    else if (char === 0x5d || char === 0x7d) depth--
  }
  return deepest
}

const tooDeep = new BadRequest({ detail: `the JSON body is nested deeper than ${maxJsonDepth} levels` })

/** JSON bodies are read (and cached by the request) before the API decodes them, to refuse deep nesting as 400. */
const checkJsonDepth = (request: HttpServerRequest.HttpServerRequest) =>
  (request.headers["content-type"] ?? "").includes("json")
    ? request.text.pipe(
        // A body that cannot be read is answered as the API's own read would be (see `bodyDefect`).
        Effect.orDie,
        Effect.flatMap((text) => (jsonDepth(text) > maxJsonDepth ? Effect.fail(tooDeep) : Effect.void))
      )
    : Effect.void

const boundaryOf = (contentType: string): string | undefined => /boundary="?([^";]+)"?/i.exec(contentType)?.[1]

/**
 * Watches an upload's body for ending without its closing boundary (`--BOUNDARY--`). The multipart reader would
 * wait for the rest forever, holding the socket, a fiber and a temporary file; so the 400 is written straight to
 * the socket, which is then closed: the server interrupts the request's fiber when its connection closes
 * unanswered, and the upload's scope removes the temporary file. Returns the function that stops watching.
 */
const watchCutShort = (incoming: IncomingMessage, contentType: string) => {
  const closing = Buffer.from(`--${boundaryOf(contentType) ?? ""}--`)
  let tail = Buffer.alloc(0)
  let closed = false
  const onData = (chunk: Buffer) => {
    if (closed) return
    const seen = Buffer.concat([tail, chunk])
    closed = seen.includes(closing)
    tail = seen.subarray(Math.max(0, seen.length - closing.length))
  }
  const onEnd = () => {
    if (closed) return
    const detail = "the multipart body ended before its closing boundary"
    const body = JSON.stringify(Schema.encodeSync(BadRequest)(new BadRequest({ detail })))
    incoming.socket.end(
      "HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\nconnection: close\r\n" +
        `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
    )
  }
  // Paused first, so that watching the chunks does not start the flow before the multipart reader is piped.
  if (incoming.readableFlowing !== true) incoming.pause()
  incoming.on("data", onData)
  incoming.once("end", onEnd)
  return () => {
    incoming.off("data", onData)
    incoming.off("end", onEnd)
  }
}

/** A 429 as the contract declares it (its body the `TooManyRequests` error), saying when to try again. */
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  HttpServerResponse.unsafeJson(Schema.encodeSync(TooManyRequests)(new TooManyRequests({ detail })), {
    status: 429,
    headers: { "retry-after": String(retryAfterSeconds) }
  })

const busyUploads = (limit: number) =>
  tooManyRequests(`too many uploads at once: at most ${limit} are read together (serve --max-uploads)`, 1)

/**
 * Uploads: at most `maxUploads` read at once (one more is answered 429 with a Retry-After), and a body cut short
 * is answered 400 at once (`watchCutShort`). The multipart reader's temporary files get a scope of their own, so
 * they are removed when the upload ends, even when no reply can be written (the request's own scope closes only
 * after its reply is written, which never happens for a client that is gone).
 */
const guardUpload = <E, R>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>,
  request: HttpServerRequest.HttpServerRequest,
  settings: ServiceSettingsShape,
  uploads: Effect.Semaphore
) =>
  uploads
    .withPermitsIfAvailable(1)(
      Effect.suspend(() => {
        const contentType = request.headers["content-type"] ?? ""
        // Only a multipart body is watched: the watcher pauses the stream, which the platform's JSON and text
        // readers would wait on forever (no reply until the request timeout, the upload slot held meanwhile).
        if (!/^\s*multipart\/form-data\b/i.test(contentType) || boundaryOf(contentType) === undefined)
          return Effect.scoped(app)
        const stop = watchCutShort(NodeHttpServerRequest.toIncomingMessage(request), contentType)
        return Effect.scoped(app).pipe(Effect.ensuring(Effect.sync(stop)))
      })
    )
    .pipe(Effect.map(Option.getOrElse(() => busyUploads(settings.maxUploads))))

/**
 * Request limits and error shapes around the API: bodies over the limit answer 413 before they are read
 * (uploads have their own limit), decode failures answer 422 naming the field, no bad input ends in 500, and
 * a 500 has the declared JSON body.
 */
export const guardRequests =
  (settings: ServiceSettingsShape, uploads: Effect.Semaphore) =>
  (
    app: HttpApp.Default
  ): HttpApp.Default<BadRequest | NotFound | PayloadTooLarge | ValidationFailed | InternalServerError> =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const upload = isUpload(request.method, request.url)
      const limit = upload ? settings.uploadLimitBytes : settings.bodyLimitBytes
      const length = Number(request.headers["content-length"] ?? "0")
      if (Number.isFinite(length) && length > limit) return yield* Effect.fail(tooLarge(limit))
      const guarded = upload
        ? guardUpload(app, request, settings, uploads)
        : Effect.zipRight(checkJsonDepth(request), app)
      return yield* guarded.pipe(
        HttpIncomingMessage.withMaxBodySize(Option.some(limit)),
        Multipart.withMaxFileSize(Option.some(limit)),
        Multipart.withMaxFieldSize(limit),
        Effect.catchAllCause(
          (
            cause
          ): Effect.Effect<
            HttpServerResponse.HttpServerResponse,
            BadRequest | NotFound | PayloadTooLarge | ValidationFailed | InternalServerError
          > => {
            const failure: Option.Option<unknown> = Cause.failureOption(cause)
            if (Option.isSome(failure) && failure.value instanceof BadRequest) return Effect.fail(failure.value)
            if (Option.isSome(failure) && failure.value instanceof Unauthorized)
              return Effect.succeed(unauthorizedReply(failure.value, request))
            if (Option.isSome(failure) && Predicate.isTagged(failure.value, "RouteNotFound"))
              return unroutedReply(request)
            if (Option.isSome(failure) && failure.value instanceof HttpApiDecodeError)
              return Effect.fail(toValidationFailed(failure.value, request.method, request.url))
            const defect = Cause.dieOption(cause)
            const mapped = Option.flatMap(defect, (value) => bodyDefect(value, limit))
            if (Option.isSome(mapped)) return Effect.fail(mapped.value)
            if (Option.isSome(defect) && !HttpServerResponse.isServerResponse(defect.value))
              return unexpectedDefect(defect.value)
            return Effect.failCause(cause)
          }
        )
      )
    })
