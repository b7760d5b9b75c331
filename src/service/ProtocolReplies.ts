import { type HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect, Schema } from "effect"
import { MethodNotAllowed, NotFound, Unauthorized } from "../api/ApiError.js"
import { allowedMethods } from "./RequestLocations.js"

// Replies whose status HTTP gives rules beyond a body: a 405 lists the methods the path has (RFC 9110 §15.5.6),
// a 401 carries the challenge of the scheme the service takes (RFC 9110 §15.5.2, RFC 6750 §3).

/** The challenge every 401 carries; `error="invalid_token"` when a token was sent and refused (RFC 6750 §3.1). */
export const bearerChallenge = (tokenSent: boolean) =>
  `Bearer realm="docsweep"${tokenSent ? ', error="invalid_token"' : ""}`

/** A request's path for a message: no query string (it may carry a secret), cut short. */
export const pathOf = (url: string): string => {
  const path = url.split("?")[0] ?? url
  return path.length > 120 ? `${path.slice(0, 120)}…` : path
}

/**
 * A request the router has no route for: 405 with `Allow` when the path is an endpoint under other methods,
 * else 404 naming what was not found (the router's own 404 has no body).
 */
export const unroutedReply = (request: HttpServerRequest.HttpServerRequest) => {
  const allowed = allowedMethods(request.url)
  const where = `${request.method} ${pathOf(request.url)}`
  if (allowed.length === 0) return Effect.fail(new NotFound({ detail: `no such endpoint: ${where}` }))
  const detail = `method not allowed: ${where} (allowed: ${allowed.join(", ")})`
  return Effect.succeed(
    HttpServerResponse.unsafeJson(Schema.encodeSync(MethodNotAllowed)(new MethodNotAllowed({ detail })), {
      status: 405,
      headers: { allow: allowed.join(", ") }
    })
  )
}

/** The 401 as the contract declares it, with the `WWW-Authenticate` challenge HTTP requires of every 401. */
export const unauthorizedReply = (error: Unauthorized, request: HttpServerRequest.HttpServerRequest) =>
  HttpServerResponse.unsafeJson(Schema.encodeSync(Unauthorized)(error), {
    status: 401,
    headers: { "www-authenticate": bearerChallenge(request.headers.authorization !== undefined) }
  })
