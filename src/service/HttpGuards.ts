import type { IncomingMessage } from "node:http"
import type { HttpApp } from "@effect/platform"
import { HttpIncomingMessage, HttpServerRequest, HttpServerResponse, Multipart } from "@effect/platform"
import { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import { NodeHttpServerRequest } from "@effect/platform-node"
import { Cause, Effect, Option, Predicate, Schema } from "effect"
import {
  BadRequest,
  type InternalServerError,
  type NotFound,
  type PayloadTooLarge,
  TooManyRequests,
  Unauthorized,
  type ValidationFailed
} from "../api/ApiError.js"
import { checkJsonDepth } from "./JsonDepth.js"
import { unauthorizedReply, unroutedReply } from "./ProtocolReplies.js"
import { bodyDefect, tooLarge, unexpectedDefect } from "./RequestDefects.js"
import { isUpload } from "./RequestLocations.js"
import type { ServiceSettingsShape } from "./ServiceSettings.js"
import { toValidationFailed } from "./ValidationFailures.js"

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
