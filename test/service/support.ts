import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { NodeHttpClient } from "@effect/platform-node"
import { Duration, Effect, Layer, type Redacted } from "effect"
import type { DocumentId, OrganizationId, UserId } from "../../src/api/Ids.js"
import { ClientSettings } from "../../src/client/ClientSettings.js"
import { ServiceClient } from "../../src/client/ServiceClient.js"
import { IngestLive } from "../../src/service/Commands.js"
import { resolveServiceSettings, type ServiceOptions, ServiceSettings } from "../../src/service/ServiceSettings.js"
import { type RunningService, startService } from "../support/startService.js"

/** A scoped temporary directory, removed with the scope. */
export const tempDir = (prefix = "docsweep-service-") =>
  Effect.acquireRelease(
    Effect.sync(() => Fs.mkdtempSync(Path.join(Os.tmpdir(), prefix))),
    (dir) => Effect.sync(() => Fs.rmSync(dir, { recursive: true, force: true }))
  )

export interface TestService extends RunningService {
  readonly dataDir: string
  /** A typed client for a token (or none). */
  readonly client: (token?: Redacted.Redacted<string>) => Effect.Effect<ServiceClient>
  readonly token: (
    userId: number,
    organizationId: number,
    plan?: "basic" | "advanced"
  ) => Effect.Effect<Redacted.Redacted<string>>
}

/** The service on 127.0.0.1, a free port, a fresh data directory and the latency engine (20 ms) unless told. */
export const testService = (options: ServiceOptions = {}) =>
  Effect.gen(function* () {
    const dataDir = options.dataDir ?? (yield* tempDir())
    const service = yield* startService(
      resolveServiceSettings({
        port: 0,
        engine: { name: "latency", latencyMs: 20 },
        secret: "test-secret-value",
        ...options,
        dataDir
      })
    )
    const client = (token?: Redacted.Redacted<string>) =>
      Effect.provide(
        ServiceClient,
        ServiceClient.Default.pipe(
          Layer.provide(ClientSettings.layer({ baseUrl: service.baseUrl, token, timeout: "10 seconds" })),
          Layer.provide(NodeHttpClient.layer)
        )
      )
    const token = (userId: number, organizationId: number, plan: "basic" | "advanced" = "basic") =>
      service.mintToken(userId, organizationId, plan)
    return { ...service, dataDir, client, token } satisfies TestService
  })

export const asUser = (id: number) => id as UserId
export const asOrg = (id: number) => id as OrganizationId

/** Whose records the tests create: user 7 of workspace 3 (the `organization_id` and `user_id` of a create body). */
export const creator = { organization_id: asOrg(3), user_id: asUser(7) } as const

/** Provides the service data at `dataDir` without a server (ingestion and accounts), as `docs add` gets it. */
export const onData = (dataDir: string) =>
  Effect.provide(IngestLive.pipe(Layer.provide(ServiceSettings.layer({ dataDir }))))

/** Writes a file into `dir` and returns its path. */
export const writeFixture = (dir: string, name: string, content: string | Uint8Array) => {
  const path = Path.join(dir, name)
  Fs.writeFileSync(path, content)
  return path
}

export const contract = `MASTER SERVICES AGREEMENT

This agreement starts on 1 January 2026 and terminates on 31 December 2027.
Either party may terminate it with ninety days written notice.

Payment is due within thirty days of each invoice. Late payments bear interest of two percent per month.
`

/** Uploads `text` (the sample contract unless told) as a text document of workspace `organization` (3). */
export const uploadText = (
  client: ServiceClient,
  filename = "a.txt",
  options: { readonly text?: string; readonly organization?: number } = {}
) =>
  client.uploadDocument({
    organizationId: asOrg(options.organization ?? 3),
    doctype: "txt",
    filename,
    bytes: new TextEncoder().encode(options.text ?? contract)
  })

/** A table of user 7 in workspace 3 over `documentIds`, with a column per query: the set-up most tests need. */
export const tableWithColumns = (
  client: ServiceClient,
  documentIds: ReadonlyArray<DocumentId>,
  queries: ReadonlyArray<string>,
  options: { readonly visibility?: "private" | "shared"; readonly named?: boolean } = {}
) =>
  Effect.gen(function* () {
    const table = yield* client.createTable({
      ...creator,
      document_ids: documentIds,
      ...(options.visibility === undefined ? {} : { visibility: options.visibility })
    })
    const columns = yield* Effect.forEach(queries, (query) =>
      client.createColumn(table.id, options.named === true ? { name: query, query } : { query })
    )
    return { table, columns }
  })

/** upload → table → column: one document (`filename`), one table, one column asking `query`. */
export const oneCell = (client: ServiceClient, query = "Term?", filename = "a.txt") =>
  Effect.gen(function* () {
    const document = yield* uploadText(client, filename)
    const { columns, table } = yield* tableWithColumns(client, [document.id], [query])
    const [column] = columns
    if (column === undefined) return yield* Effect.dieMessage("the column was not created")
    return { document, table, column }
  })

/** Repeats `effect` every 25 ms until `done` holds, for at most `limit`. */
export const waitUntil = <A, E, R>(
  effect: Effect.Effect<A, E, R>,
  done: (value: A) => boolean,
  limit: Duration.DurationInput = "15 seconds"
) => {
  const attempt: Effect.Effect<A, E, R> = Effect.flatMap(effect, (value) =>
    done(value)
      ? Effect.succeed(value)
      : Effect.zipRight(
          Effect.sleep("25 millis"),
          Effect.suspend(() => attempt)
        )
  )
  return attempt.pipe(
    Effect.timeoutFail({
      duration: limit,
      onTimeout: () => new Error(`condition not met within ${Duration.format(limit)}`)
    })
  )
}

export interface RawReply {
  readonly status: number
  readonly headers: Headers
  readonly text: string
  readonly json: unknown
}

/** A request as any client could send it (bad bodies included), without the typed client's encoding. */
export const raw = (
  baseUrl: string,
  method: string,
  path: string,
  options: {
    readonly token?: string | undefined
    readonly body?: string | undefined
    readonly form?: FormData | undefined
    readonly contentType?: string
  } = {}
) =>
  Effect.promise(async (): Promise<RawReply> => {
    const headers: Record<string, string> = {}
    if (options.form === undefined) headers["content-type"] = options.contentType ?? "application/json"
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`
    const init: RequestInit = { method, headers }
    if (options.body !== undefined) init.body = options.body
    if (options.form !== undefined) init.body = options.form
    const response = await fetch(`${baseUrl}${path}`, init)
    const text = await response.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: response.status, headers: response.headers, text, json }
  })
