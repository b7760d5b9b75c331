import { Context, Duration, Layer, Redacted } from "effect"
import type { AnswerEngine } from "./engine/AnswerEngine.js"
import type { EngineChoice } from "./engine/EngineSettings.js"

/** Resolved settings of one service instance (`docsweep serve` flags, or the runner's embedded service). */
export interface ServiceSettingsShape {
  readonly host: string
  /** 0 picks a free port. */
  readonly port: number
  /** Holds `service.sqlite` (WAL) and the uploaded files. */
  readonly dataDir: string
  /** Size of the task pool. */
  readonly workers: number
  readonly engine: EngineChoice
  /** Replaces the engine `engine` names: for embedding and tests. */
  readonly answerEngine?: AnswerEngine | undefined
  /** Fraction of requests that fail at random (500, 503, 429, dropped connection, delayed reply). */
  readonly faultRate: number
  /** How long a "delayed reply" fault waits before the request is processed. */
  readonly faultDelay: Duration.Duration
  /** Fraction of tasks that end in `failure` on their first attempt. */
  readonly failRate: number
  /** Makes faults and task failures reproducible; random when absent. */
  readonly seed?: number | undefined
  readonly debugEndpoints: boolean
  /**
   * Most tasks one user may have pending or running (`--max-pending`); a run request or message that would pass it
   * is refused whole with 429 and a Retry-After estimated from the queue. Undefined: no cap.
   */
  readonly maxPending?: number | undefined
  /** Limit of a JSON (or any non-upload) request body; over it the reply is 413. */
  readonly bodyLimitBytes: number
  /** Limit of a document upload (`POST /api/document/create`). */
  readonly uploadLimitBytes: number
  /** Uploads read at once; one more is answered 429 with a Retry-After (each holds a socket and a temporary file). */
  readonly maxUploads: number
  /** A request whose headers have not all arrived after this long is answered 408 and its socket closed. */
  readonly headersTimeoutMs: number
  /** A request whose body has not all arrived after this long is answered 408 and its socket closed. */
  readonly requestTimeoutMs: number
  /**
   * First document id minus one. Embedded services of different shards number their documents in disjoint ranges,
   * so shard checkpoints can be merged without two documents sharing an id.
   */
  readonly documentIdBase?: number | undefined
  /** JWT signing secret; when absent one is created once and kept in the data directory. */
  readonly secret?: Redacted.Redacted<string> | undefined
}

export class ServiceSettings extends Context.Tag("app/service/ServiceSettings")<
  ServiceSettings,
  ServiceSettingsShape
>() {
  /** The settings of `options`, the documented defaults for what they leave out (`resolveServiceSettings`). */
  static readonly layer = (options: ServiceOptions) => Layer.succeed(ServiceSettings, resolveServiceSettings(options))
}

export const defaultHost = "127.0.0.1"

/** A host as a URL or `HOST:PORT` writes it: an IPv6 address in brackets. */
export const urlHost = (host: string) => (host.includes(":") ? `[${host}]` : host)

export const defaultPort = 8787
export const defaultDataDir = ".docsweep/service"
export const defaultWorkers = 4
const defaultBodyLimitBytes = 1024 * 1024
export const defaultUploadLimitBytes = 100 * 1024 * 1024
export const defaultFaultDelayMs = 3000
export const defaultMaxUploads = 8
export const defaultHeadersTimeoutMs = 10_000
export const defaultRequestTimeoutMs = 120_000

/**
 * Document ids each embedded shard service may use: shard `i` of a sharded run numbers its documents from
 * `(i - 1) × documentIdsPerShard + 1`, so the shards' checkpoints merge without two documents sharing an id. Ids
 * stay 32-bit integers (as the reference's are), which leaves room for 214 shards of ten million documents each.
 */
const documentIdsPerShard = 10_000_000

/** `documentIdBase` of shard `index` (1-based) of a sharded run's embedded service. */
export const shardDocumentIdBase = (shard: { readonly index: number }): number =>
  (shard.index - 1) * documentIdsPerShard

/** What callers may leave out; everything else gets the documented default. */
export type ServiceOptions = {
  readonly [K in keyof Omit<ServiceSettingsShape, "faultDelay" | "secret">]?: ServiceSettingsShape[K] | undefined
} & {
  readonly faultDelayMs?: number | undefined
  readonly secret?: Redacted.Redacted<string> | string | undefined
}

/** Fills the defaults: 127.0.0.1:8787, `.docsweep/service`, 4 workers, the extractive engine, no faults. */
export const resolveServiceSettings = (options: ServiceOptions): ServiceSettingsShape => ({
  host: options.host ?? defaultHost,
  port: options.port ?? defaultPort,
  dataDir: options.dataDir ?? defaultDataDir,
  workers: Math.max(1, Math.floor(options.workers ?? defaultWorkers)),
  engine: options.engine ?? { name: "extractive" },
  answerEngine: options.answerEngine,
  faultRate: clampRate(options.faultRate),
  faultDelay: Duration.millis(options.faultDelayMs ?? defaultFaultDelayMs),
  failRate: clampRate(options.failRate),
  seed: options.seed,
  debugEndpoints: options.debugEndpoints ?? false,
  maxPending: options.maxPending === undefined ? undefined : Math.max(1, Math.floor(options.maxPending)),
  bodyLimitBytes: options.bodyLimitBytes ?? defaultBodyLimitBytes,
  uploadLimitBytes: options.uploadLimitBytes ?? defaultUploadLimitBytes,
  maxUploads: Math.max(1, Math.floor(options.maxUploads ?? defaultMaxUploads)),
  headersTimeoutMs: Math.max(1, options.headersTimeoutMs ?? defaultHeadersTimeoutMs),
  // Node requires the request timeout to be at least the headers timeout.
  requestTimeoutMs: Math.max(
    options.requestTimeoutMs ?? defaultRequestTimeoutMs,
    options.headersTimeoutMs ?? defaultHeadersTimeoutMs
  ),
  documentIdBase: options.documentIdBase,
  secret: typeof options.secret === "string" ? Redacted.make(options.secret) : options.secret
})

const clampRate = (rate: number | undefined): number =>
  rate === undefined || !Number.isFinite(rate) ? 0 : Math.min(1, Math.max(0, rate))
