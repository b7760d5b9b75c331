import { type Duration, Effect, Either, Layer, Stream } from "effect"
import { OrganizationId, UserId } from "../api/Ids.js"
import { ClientSettings } from "../client/ClientSettings.js"
import type { EffectiveConfig } from "../pipeline/EffectiveConfig.js"
import { type AddedFile, addedFile, DocumentIngest, readBytes } from "../runner/DocumentIngest.js"
import type { Shard } from "../runner/Keys.js"
import { LocalFileError } from "../runner/RunnerErrors.js"
import { RunnerSettings } from "../runner/RunnerSettings.js"
import { Auth } from "../service/Auth.js"
import type { EngineChoice } from "../service/engine/EngineSettings.js"
import { Ingest } from "../service/Ingest.js"
import { ServiceLive, serviceUrl } from "../service/Server.js"
import { ServiceSettings, shardDocumentIdBase } from "../service/ServiceSettings.js"

/** Ids the embedded service uses when the pipeline, the environment and the flags name none. */
const defaultUser = UserId.make(1)
const defaultWorkspace = OrganizationId.make(1)

/**
 * The user and workspace a run on its embedded service works as: those configured, else 1, since the service is the
 * run's own. Resolved once; the runner, the token and the ingestion all use these.
 */
export const embeddedIdentity = (service: Pick<EffectiveConfig["service"], "userId" | "orgId">) => ({
  userId: service.userId ?? defaultUser,
  orgId: service.orgId ?? defaultWorkspace
})

/** Local files go straight into the embedded service's ingestion, one after the other, instead of uploaded. */
export const EmbeddedIngest = Layer.effect(
  DocumentIngest,
  Effect.map(Ingest, (ingest) => ({
    addFiles: (files) =>
      Stream.unwrap(
        Effect.map(RunnerSettings, (settings) =>
          Stream.mapEffect(Stream.fromIterable(files), (file) =>
            Effect.gen(function* () {
              // Read here, so the run remembers the file by the bytes the service was given.
              const read = yield* Effect.either(readBytes(file.path))
              if (Either.isLeft(read)) return { path: file.path, error: read.left.reason } satisfies AddedFile
              const outcome = yield* ingest
                .ingestBytes(file.path, read.right, settings.orgId, settings.userId)
                .pipe(Effect.mapError((cause) => new LocalFileError({ path: file.path, cause })))
              return addedFile(outcome, read.right)
            })
          )
        )
      )
  }))
)

/**
 * The service a run talks to when no base URL is configured: the local service started in this process on
 * 127.0.0.1 (a free port, data in `dataDir`), reached over HTTP like any other with a token it mints itself (the
 * advanced plan, so multi-document chats work out of the box), its files handed to its ingestion. Shard runs number
 * their documents in the shard's own range, so shards merge cleanly. It stops with the layer.
 */
export const EmbeddedServiceLive = (input: {
  readonly dataDir: string
  readonly engine: EngineChoice
  readonly shard: Shard | undefined
  readonly userId: UserId
  readonly orgId: OrganizationId
  /** Limit for one request (`run.request_timeout`). */
  readonly timeout: Duration.Duration
}) => {
  const client = Layer.effect(
    ClientSettings,
    Effect.gen(function* () {
      const baseUrl = yield* serviceUrl
      const auth = yield* Auth
      const token = yield* auth.mint({ userId: input.userId, organizationIds: [input.orgId], plan: "advanced" })
      yield* Effect.logInfo(`embedded local service on ${baseUrl} (data under ${input.dataDir})`)
      return { baseUrl, token, timeout: input.timeout }
    })
  )
  return Layer.merge(client, EmbeddedIngest).pipe(
    Layer.provide(ServiceLive),
    Layer.provide(
      ServiceSettings.layer({
        host: "127.0.0.1",
        port: 0,
        dataDir: input.dataDir,
        engine: input.engine,
        documentIdBase: input.shard === undefined ? undefined : shardDocumentIdBase(input.shard)
      })
    )
  )
}
