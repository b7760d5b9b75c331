import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { NodeHttpClient } from "@effect/platform-node"
import { Effect, Layer, Logger, LogLevel, Redacted } from "effect"
import type { Plan } from "../../../src/api/Authentication.js"
import { EmbeddedIngest } from "../../../src/cli/EmbeddedService.js"
import { ClientSettings } from "../../../src/client/ClientSettings.js"
import { ServiceClient } from "../../../src/client/ServiceClient.js"
import type { DocumentIngest } from "../../../src/runner/DocumentIngest.js"
import { resolveServiceSettings } from "../../../src/service/ServiceSettings.js"
import { startService } from "../../support/startService.js"

export const orgId = 7
export const userId = 3

export interface TestService {
  readonly baseUrl: string
  readonly token: Redacted.Redacted<string>
  readonly documentIds: ReadonlyArray<number>
  /** A scratch folder removed with the scope: pipelines, outputs, files. */
  readonly dir: string
  /** A client of this service (debug endpoints included). */
  readonly client: Layer.Layer<ServiceClient>
  /** Environment for a runner child process. */
  readonly env: Record<string, string>
  /** Embedded mode: files go straight into this service's ingestion (as the CLI's embedded service does). */
  readonly ingest: Layer.Layer<DocumentIngest>
}

export interface TestServiceOptions {
  readonly documents?: number
  readonly latencyMs?: number
  readonly workers?: number
  readonly faultRate?: number
  readonly failRate?: number
  readonly seed?: number
  readonly plan?: Plan
  readonly uploadLimitBytes?: number
}

/** A scratch directory removed when the scope closes. */
export const scratchDir = Effect.acquireRelease(
  Effect.sync(() => mkdtempSync(join(tmpdir(), "docsweep-runner-"))),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
)

export const clientLayer = (baseUrl: string, token: Redacted.Redacted<string>) =>
  ServiceClient.Default.pipe(
    Layer.provide(ClientSettings.layer({ baseUrl, token, timeout: "20 seconds" })),
    Layer.provide(NodeHttpClient.layer)
  )

/**
 * The local service in this process on 127.0.0.1 (a free port, data in a scratch folder), the latency engine, debug
 * endpoints on, and `documents` small text documents ingested into workspace `orgId`.
 */
export const localService = (options: TestServiceOptions = {}) =>
  Effect.gen(function* () {
    const dir = yield* scratchDir
    const service = yield* startService(
      resolveServiceSettings({
        host: "127.0.0.1",
        port: 0,
        dataDir: join(dir, "service"),
        workers: options.workers ?? 8,
        engine: { name: "latency", latencyMs: options.latencyMs ?? 20 },
        faultRate: options.faultRate ?? 0,
        failRate: options.failRate ?? 0,
        faultDelayMs: 300,
        seed: options.seed ?? 1,
        debugEndpoints: true,
        uploadLimitBytes: options.uploadLimitBytes,
        secret: "test-secret-for-the-runner-tests"
      })
    ).pipe(Effect.orDie, Effect.provide(Logger.minimumLogLevel(LogLevel.Warning)))
    const files = join(dir, "files")
    mkdirSync(files, { recursive: true })
    const paths = Array.from({ length: options.documents ?? 3 }, (_, i) => {
      const path = join(files, `doc-${String(i + 1).padStart(3, "0")}.txt`)
      writeFileSync(path, `Document ${i + 1}.\n\nThe parties are Acme ${i + 1} and Globex.\n`)
      return path
    })
    const outcomes = paths.length === 0 ? [] : yield* service.ingestFiles(paths, orgId, userId)
    const documentIds = outcomes.flatMap((o) => (o.document === undefined ? [] : [o.document.id as number]))
    const token = yield* service.mintToken(userId, orgId, options.plan ?? "advanced")
    return {
      baseUrl: service.baseUrl,
      token,
      documentIds,
      dir,
      client: clientLayer(service.baseUrl, token),
      ingest: EmbeddedIngest.pipe(Layer.provide(Layer.succeedContext(service.context))),
      env: {
        DOCSWEEP_BASE_URL: service.baseUrl,
        DOCSWEEP_TOKEN: Redacted.value(token),
        DOCSWEEP_USER_ID: String(userId),
        DOCSWEEP_ORG_ID: String(orgId)
      }
    } satisfies TestService
  })

/** Writes a pipeline file into `dir` and returns its path; `output.dir` defaults to `<dir>/out-<name>`. */
export const writePipeline = (dir: string, name: string, yaml: string) => {
  const file = join(dir, `${name}.yaml`)
  const withOutput = /^output:/m.test(yaml) ? yaml : `${yaml}\noutput:\n  dir: ${join(dir, `out-${name}`)}\n`
  writeFileSync(file, `name: ${name}\n${withOutput}`)
  return file
}
