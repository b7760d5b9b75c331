import { Context, type Duration, Effect, Layer, Option, type Redacted } from "effect"
import type { Plan } from "../../src/api/Authentication.js"
import type { IngestOutcome } from "../../src/api/Documents.js"
import { OrganizationId, UserId } from "../../src/api/Ids.js"
import { Auth } from "../../src/service/Auth.js"
import { Ingest } from "../../src/service/Ingest.js"
import { ServiceLive, serviceUrl } from "../../src/service/Server.js"
import { ServiceSettings, type ServiceSettingsShape } from "../../src/service/ServiceSettings.js"

/** The service started in a test's scope, with the handles only a test in the same process has. */
export interface RunningService {
  readonly baseUrl: string
  readonly port: number
  /** The service's layer as built: its `Auth`, `Ingest` and stores, for layers built on it. */
  readonly context: Context.Context<Layer.Layer.Success<typeof ServiceLive>>
  /** A token signed with this service's secret; plan `basic`, 24 h unless given. */
  readonly mintToken: (
    userId: number,
    organizationId: number,
    plan?: Plan,
    ttl?: Duration.DurationInput
  ) => Effect.Effect<Redacted.Redacted<string>>
  /** Stores each readable file as a document of the workspace, as `docs add` does. */
  readonly ingestFiles: (
    paths: ReadonlyArray<string>,
    organizationId: number,
    userId: number
  ) => Effect.Effect<ReadonlyArray<IngestOutcome>, unknown>
}

/** Starts the service (`ServiceLive`) with `settings`; it stops (server, workers, database) with the scope. */
export const startService = (settings: ServiceSettingsShape) =>
  Effect.gen(function* () {
    const context = yield* Layer.build(ServiceLive.pipe(Layer.provide(Layer.succeed(ServiceSettings, settings))))
    const baseUrl = yield* serviceUrl.pipe(Effect.provide(context), Effect.provideService(ServiceSettings, settings))
    const auth = Context.get(context, Auth)
    const ingest = Context.get(context, Ingest)
    const running: RunningService = {
      baseUrl,
      port: Number(new URL(baseUrl).port),
      context,
      mintToken: (userId, organizationId, plan = "basic", ttl) =>
        auth.mint(
          { userId: UserId.make(userId), organizationIds: [OrganizationId.make(organizationId)], plan },
          Option.fromNullable(ttl)
        ),
      ingestFiles: (paths, organizationId, userId) => ingest.ingestFiles(paths, organizationId, userId)
    }
    return running
  })
