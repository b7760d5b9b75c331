import { type HttpApp, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { NodeHttpServerRequest } from "@effect/platform-node"
import { Effect, Random, Schema } from "effect"
import { InternalServerError, ServiceUnavailable, TooManyRequests } from "../api/ApiError.js"
import { isDocumentation } from "./ApiDocs.js"
import type { ServiceSettingsShape } from "./ServiceSettings.js"

/**
 * What `--fault-rate` does to a request it hits, each equally likely:
 * - `500`, `503`, `429` (with `Retry-After: 1`): answered at once, the request is NOT processed;
 * - `drop`: the connection is closed without a reply. Half of drops happen BEFORE processing (nothing
 *   happened), half AFTER it (the request took effect but the client never hears so: the ambiguous case a
 *   client must reconcile before retrying a non-idempotent call);
 * - `delay`: the request waits `--fault-delay-ms` before it is processed; a client that gives up during the
 *   wait closes the connection, which cancels the request before it did anything.
 */
type FaultKind = "status500" | "status503" | "status429" | "dropBefore" | "dropAfter" | "delay"

/** Picks the fault for two uniform draws in [0, 1). */
export const pickFault = (kind: number, half: number): FaultKind => {
  const slot = Math.min(4, Math.floor(kind * 5))
  if (slot === 0) return "status500"
  if (slot === 1) return "status503"
  if (slot === 2) return "status429"
  if (slot === 3) return half < 0.5 ? "dropBefore" : "dropAfter"
  return "delay"
}

/** Fault replies are the errors the contract declares for these statuses, so clients decode them as described. */
const FaultReply = Schema.Union(InternalServerError, ServiceUnavailable, TooManyRequests)

const reply = (status: 500 | 503 | 429, error: typeof FaultReply.Type) =>
  HttpServerResponse.unsafeJson(Schema.encodeSync(FaultReply)(error), {
    status,
    headers: status === 500 ? {} : { "retry-after": "1" }
  })

const detail = (what: string) => ({ detail: `injected fault (--fault-rate): ${what}` })

const dropConnection = (request: HttpServerRequest.HttpServerRequest) =>
  Effect.sync(() => NodeHttpServerRequest.toIncomingMessage(request).socket.destroy())

/**
 * Fault injection for testing clients. Every request draws from one `Random` (seeded by `--seed`, so a
 * sequential client sees the same faults each run); the debug endpoints and the documentation are never hit.
 */
export const injectFaults =
  (settings: ServiceSettingsShape, random: Random.Random) =>
  <E>(app: HttpApp.Default<E>): HttpApp.Default<E> =>
    settings.faultRate <= 0
      ? app
      : Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          const hit = yield* random.next
          const kind = pickFault(yield* random.next, yield* random.next)
          if (hit >= settings.faultRate || request.url.startsWith("/debug/") || isDocumentation(request.url))
            return yield* app
          yield* Effect.logDebug(`injected fault ${kind} on ${request.method} ${request.url.split("?")[0]}`)
          switch (kind) {
            case "status500":
              return reply(500, new InternalServerError(detail("internal server error")))
            case "status503":
              return reply(503, new ServiceUnavailable(detail("service unavailable")))
            case "status429":
              return reply(429, new TooManyRequests(detail("too many requests")))
            case "dropBefore":
              yield* dropConnection(request)
              return HttpServerResponse.empty({ status: 500 })
            case "dropAfter": {
              const processed = yield* Effect.exit(app)
              yield* dropConnection(request)
              return yield* processed
            }
            case "delay":
              yield* Effect.sleep(settings.faultDelay)
              return yield* app
          }
        })

/** The fault stream: seeded when `--seed` is given, else from the default random service. */
export const faultRandom = (seed: number | undefined): Effect.Effect<Random.Random> =>
  seed === undefined ? Random.randomWith(Effect.succeed) : Effect.succeed(Random.make(seed))
