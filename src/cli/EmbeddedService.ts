import { Effect, type Redacted } from "effect"
import type { EffectiveConfig } from "../pipeline/EffectiveConfig.js"
import type { IngestFiles } from "../runner/Uploads.js"
import type { EngineChoice } from "../service/engine/EngineSettings.js"
import { startService } from "../service/Server.js"
import { resolveServiceSettings } from "../service/ServiceSettings.js"

/** Ids the embedded service uses when the pipeline and the environment name none. */
const defaultUser = 1
const defaultWorkspace = 1

/** Document ids each embedded shard service may use; int32 ids leave room for 200 shards. */
export const documentIdsPerShard = 10_000_000

export interface ServiceConnection {
  readonly baseUrl: string
  readonly token: Redacted.Redacted<string> | undefined
  readonly userId: number | undefined
  readonly orgId: number | undefined
  /** Embedded mode: files are ingested directly instead of uploaded. */
  readonly ingest: IngestFiles | undefined
  readonly embedded: boolean
}

/**
 * The service a run talks to: the configured one, or — with no base URL — the local service started in this
 * process on 127.0.0.1 (a free port, data in `dataDir`) with a token it mints itself. The embedded token
 * has the advanced plan, so multi-document chats work out of the box. The service stops with the scope.
 */
export const connectService = (input: {
  readonly effective: EffectiveConfig
  /** Where the embedded service keeps its data: `<output dir>/service` for a run. */
  readonly dataDir: string
  readonly engine: EngineChoice
  /** Shard runs: each embedded service numbers its documents in its own range, so shards merge cleanly. */
  readonly shard?: { readonly index: number; readonly count: number } | undefined
}) =>
  Effect.gen(function* () {
    const { service } = input.effective
    if (service.baseUrl !== undefined) {
      return {
        baseUrl: service.baseUrl,
        token: service.token,
        userId: service.userId,
        orgId: service.orgId,
        ingest: undefined,
        embedded: false
      } satisfies ServiceConnection
    }
    const userId = service.userId ?? input.effective.pipeline.user_id ?? defaultUser
    const orgId = service.orgId ?? input.effective.pipeline.workspace ?? defaultWorkspace
    const running = yield* startService(
      resolveServiceSettings({
        host: "127.0.0.1",
        port: 0,
        dataDir: input.dataDir,
        engine: input.engine,
        documentIdBase: input.shard === undefined ? undefined : (input.shard.index - 1) * documentIdsPerShard
      })
    )
    const token = yield* running.mintToken(userId, orgId, "advanced")
    yield* Effect.logInfo(`embedded local service on ${running.baseUrl} (data under ${input.dataDir})`)
    return {
      baseUrl: running.baseUrl,
      token,
      userId,
      orgId,
      ingest: (paths) => running.ingestFiles(paths, orgId, userId),
      embedded: true
    } satisfies ServiceConnection
  })

/** Never prints the token: only whether one is set. */
export const describeConnection = (connection: ServiceConnection) =>
  `${connection.embedded ? "embedded local service" : "service"} ${connection.baseUrl}` +
  (connection.token === undefined ? " (no token)" : "")
