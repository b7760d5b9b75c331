import * as Http from "node:http"
import { HttpApiBuilder, type HttpApp, HttpServer } from "@effect/platform"
import { NodeHttpClient, NodeHttpServer } from "@effect/platform-node"
import { Cause, Context, type Duration, Effect, Layer, Option, Predicate, type Redacted, type Scope } from "effect"
import { Api } from "../api/Api.js"
import type { Plan } from "../api/Authentication.js"
import type { OrganizationId, UserId } from "../api/Ids.js"
import { ApiDocsLive } from "./ApiDocs.js"
import { Auth } from "./Auth.js"
import { AuthenticationLive } from "./AuthenticationLive.js"
import { faultRandom, injectFaults } from "./Faults.js"
import { AuthHandlers } from "./handlers/AuthHandlers.js"
import { DebugHandlers } from "./handlers/DebugHandlers.js"
import { DocumentHandlers } from "./handlers/DocumentHandlers.js"
import { SessionHandlers } from "./handlers/SessionHandlers.js"
import { TableHandlers } from "./handlers/TableHandlers.js"
import { guardRequests } from "./HttpGuards.js"
import { Ingest, type IngestOutcome } from "./Ingest.js"
import { ServiceDatabase } from "./ServiceDatabase.js"
import { ServiceEngine } from "./ServiceEngine.js"
import { ServiceStartError } from "./ServiceErrors.js"
import { ServiceSettings, type ServiceSettingsShape } from "./ServiceSettings.js"
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
export const ServiceCoreLive = Layer.mergeAll(Ingest.Default, TaskPool.Default, Auth.Default).pipe(
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

/** The whole service for these settings: HTTP API over the core, the server closed before the core. */
export const serviceLayer = (settings: ServiceSettingsShape) =>
  HttpApiBuilder.serve().pipe(
    Layer.provide(ApiDocsLive),
    Layer.provide(ApiLive),
    Layer.provide(MiddlewareLive),
    Layer.provideMerge(HttpServerLive),
    Layer.provideMerge(ServiceCoreLive),
    Layer.provideMerge(Layer.succeed(ServiceSettings, settings))
  )

const startError = (settings: ServiceSettingsShape, error: unknown) => {
  const tag = Predicate.hasProperty(error, "_tag") ? error._tag : undefined
  const reason =
    tag === "ServeError"
      ? `cannot listen on ${settings.host}:${settings.port}: ${Predicate.hasProperty(error, "cause") ? String(error.cause) : String(error)}`
      : error instanceof Error
        ? error.message
        : String(error)
  return new ServiceStartError({ reason, cause: error })
}

/** A running service: where it listens, and in-process access for the CLI and the runner. */
export interface RunningService {
  readonly baseUrl: string
  readonly port: number
  /** A token signed with this service's secret; plan `basic`, 24 h unless given. */
  readonly mintToken: (
    userId: number,
    organizationId: number,
    plan?: Plan,
    ttl?: Duration.DurationInput
  ) => Effect.Effect<Redacted.Redacted<string>>
  /** `docs add`: stores each readable file as a document of the workspace; failures are reported per path. */
  readonly ingestFiles: (
    paths: ReadonlyArray<string>,
    organizationId: number,
    userId: number
  ) => Effect.Effect<ReadonlyArray<IngestOutcome>>
}

/** Starts the service in this process; it stops (server, workers, database) when the scope closes. */
export const startService = (
  settings: ServiceSettingsShape
): Effect.Effect<RunningService, ServiceStartError, Scope.Scope> =>
  Effect.gen(function* () {
    const context = yield* Layer.build(serviceLayer(settings)).pipe(
      Effect.catchAllCause((cause) => Effect.fail(startError(settings, Cause.squash(cause))))
    )
    const server = Context.get(context, HttpServer.HttpServer)
    const auth = Context.get(context, Auth)
    const ingest = Context.get(context, Ingest)
    const port = server.address._tag === "TcpAddress" ? server.address.port : settings.port
    const host = settings.host.includes(":") ? `[${settings.host}]` : settings.host
    yield* Effect.logInfo(`service listening on http://${host}:${port} (data ${settings.dataDir})`)
    return {
      baseUrl: `http://${host}:${port}`,
      port,
      mintToken: (userId, organizationId, plan = "basic", ttl) =>
        auth.mint(
          { userId: userId as UserId, organizationIds: [organizationId as OrganizationId], plan },
          Option.fromNullable(ttl)
        ),
      ingestFiles: (paths, organizationId, userId) => ingest.ingestFiles(paths, organizationId, userId)
    }
  })
