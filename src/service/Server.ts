import * as Http from "node:http"
import { HttpApiBuilder, type HttpApp, HttpServer } from "@effect/platform"
import { NodeHttpClient, NodeHttpServer } from "@effect/platform-node"
import { Cause, Effect, Layer, Predicate } from "effect"
import { Api } from "../api/Api.js"
import { ApiDocsLive } from "./ApiDocs.js"
import { Auth } from "./Auth.js"
import { AuthenticationLive } from "./AuthenticationLive.js"
import { faultRandom, injectFaults } from "./Faults.js"
import { guardRequests } from "./HttpGuards.js"
import { AuthHandlers } from "./handlers/AuthHandlers.js"
import { DebugHandlers } from "./handlers/DebugHandlers.js"
import { DocumentHandlers } from "./handlers/DocumentHandlers.js"
import { SessionHandlers } from "./handlers/SessionHandlers.js"
import { TableHandlers } from "./handlers/TableHandlers.js"
import { Ingest } from "./Ingest.js"
import { ServiceDatabase } from "./ServiceDatabase.js"
import { ServiceEngine } from "./ServiceEngine.js"
import { isDataProblem, ServiceStartError } from "./ServiceErrors.js"
import { ServiceSettings, type ServiceSettingsShape, urlHost } from "./ServiceSettings.js"
import { CellStore } from "./store/CellStore.js"
import { DocumentNotes } from "./store/DocumentNotes.js"
import { DocumentStore } from "./store/DocumentStore.js"
import { MessageStore } from "./store/MessageStore.js"
import { OrganizationStore } from "./store/OrganizationStore.js"
import { SessionStore } from "./store/SessionStore.js"
import { TableStore } from "./store/TableStore.js"
import { TaskStore } from "./store/TaskStore.js"
import { TaskPool } from "./TaskPool.js"

const StoresLive = Layer.mergeAll(
  OrganizationStore.Default,
  DocumentStore.Default,
  DocumentNotes.Default,
  TableStore.Default,
  CellStore.Default,
  SessionStore.Default,
  MessageStore.Default,
  TaskStore.Default
).pipe(Layer.provideMerge(ServiceDatabase.Default))

/** Everything but HTTP: database, stores, auth, ingestion, engine and the task pool. */
const ServiceCoreLive = Layer.mergeAll(Ingest.Default, TaskPool.Default, Auth.Default).pipe(
  Layer.provideMerge(StoresLive),
  Layer.provideMerge(ServiceEngine.Default),
  Layer.provide(NodeHttpClient.layer)
)

/** Listens on host:port; at shutdown open connections are cut so in-flight requests stop before the database. */
const HttpServerLive = Layer.unwrapScoped(
  Effect.map(ServiceSettings, (settings) => {
    // Slow clients (slow-loris) hold a socket only so long: headers and bodies have deadlines, checked every second.
    const server = Http.createServer({
      headersTimeout: settings.headersTimeoutMs,
      requestTimeout: settings.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, settings.headersTimeoutMs)
    })
    return Layer.mergeAll(
      Layer.scoped(
        HttpServer.HttpServer,
        Effect.tap(
          NodeHttpServer.make(() => server, { host: settings.host, port: settings.port }),
          () => Effect.addFinalizer(() => Effect.sync(() => server.closeAllConnections()))
        )
      ),
      NodeHttpServer.layerContext
    )
  })
)

const MiddlewareLive = HttpApiBuilder.middleware(
  Api,
  Effect.gen(function* () {
    const settings = yield* ServiceSettings
    const random = yield* faultRandom(settings.seed)
    const uploads = yield* Effect.makeSemaphore(settings.maxUploads)
    return (app: HttpApp.Default) => injectFaults(settings, random)(guardRequests(settings, uploads)(app))
  })
)

const ApiLive = HttpApiBuilder.api(Api).pipe(
  Layer.provide([AuthHandlers, DocumentHandlers, TableHandlers, SessionHandlers, DebugHandlers]),
  Layer.provide(AuthenticationLive)
)

const startError = (settings: ServiceSettingsShape, error: unknown) => {
  const reason = Predicate.isTagged(error, "ServeError")
    ? `cannot listen on ${urlHost(settings.host)}:${settings.port}: ${Predicate.hasProperty(error, "cause") ? String(error.cause) : String(error)}`
    : error instanceof Error
      ? error.message
      : String(error)
  const setting = Predicate.isTagged(error, "ServeError") ? "address" : isDataProblem(error) ? "data" : undefined
  return new ServiceStartError({ reason, cause: error, ...(setting === undefined ? {} : { setting }) })
}

/**
 * The whole service for the `ServiceSettings` provided to it: the HTTP API over the core (database, stores, auth,
 * ingestion, engine, task pool), the server closed before the core. Whoever starts it (`docsweep serve`, the run's
 * embedded service, tests) provides the settings and reaches its services (`Auth`, `Ingest`) through the layer.
 * Anything that keeps it from starting is one ServiceStartError.
 */
export const ServiceLive = Layer.unwrapEffect(
  Effect.map(ServiceSettings, (settings) =>
    HttpApiBuilder.serve().pipe(
      Layer.provide(ApiDocsLive),
      Layer.provide(ApiLive),
      Layer.provide(MiddlewareLive),
      Layer.provideMerge(HttpServerLive),
      Layer.provideMerge(ServiceCoreLive),
      Layer.catchAllCause((cause) => Layer.fail(startError(settings, Cause.squash(cause))))
    )
  )
)

/** Where the started service listens, `http://HOST:PORT` (the port it got when asked for 0), logged once. */
export const serviceUrl = Effect.gen(function* () {
  const settings = yield* ServiceSettings
  const server = yield* HttpServer.HttpServer
  const port = server.address._tag === "TcpAddress" ? server.address.port : settings.port
  const host = urlHost(settings.host)
  yield* Effect.logInfo(`service listening on http://${host}:${port} (data ${settings.dataDir})`)
  return `http://${host}:${port}`
})
