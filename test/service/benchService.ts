import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import Database from "better-sqlite3"
import { Effect, Logger, LogLevel, Redacted } from "effect"
import { databaseFile } from "../../src/service/ServiceDatabase.js"
import { resolveServiceSettings } from "../../src/service/ServiceSettings.js"
import { startService } from "../support/startService.js"

const documents = 100
const columns = 100
const listSeconds = 3
const listConcurrency = 4

const request = (url: string, token: string, method = "GET", body?: unknown) =>
  Effect.promise(async () => {
    const init: RequestInit = {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }
    }
    if (body !== undefined) init.body = JSON.stringify(body)
    const response = await fetch(url, init)
    const text = await response.text()
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 200)}`)
    return text
  })

const program = Effect.gen(function* () {
  const dir = yield* Effect.acquireRelease(
    Effect.sync(() => Fs.mkdtempSync(Path.join(Os.tmpdir(), "docsweep-bench-"))),
    (path) => Effect.sync(() => Fs.rmSync(path, { recursive: true, force: true }))
  )
  const service = yield* startService(
    resolveServiceSettings({
      port: 0,
      dataDir: Path.join(dir, "data"),
      workers: 64,
      engine: { name: "latency", latencyMs: 0 },
      secret: "bench"
    })
  )
  const token = Redacted.value(yield* service.mintToken(1, 1))
  const files = Array.from({ length: documents }, (_, index) => {
    const path = Path.join(dir, `doc-${index}.txt`)
    Fs.writeFileSync(
      path,
      `Document ${index}. The agreement ends in ${2030 + (index % 10)}. Payment is due in 30 days.`
    )
    return path
  })
  const added = yield* service.ingestFiles(files, 1, 1)
  const documentIds = added.flatMap((outcome) => (outcome.document === undefined ? [] : [outcome.document.id]))
  const api = (path: string) => `${service.baseUrl}${path}`
  const table = JSON.parse(
    yield* request(api("/api/ai/table/create"), token, "POST", {
      organization_id: 1,
      user_id: 1,
      document_ids: documentIds
    })
  ) as { id: number }
  const columnIds: Array<number> = []
  for (let index = 0; index < columns; index++) {
    const column = JSON.parse(
      yield* request(api(`/api/ai/table/${table.id}/column/create`), token, "POST", { query: `Question ${index}?` })
    ) as { id: number }
    columnIds.push(column.id)
  }
  const pairs = documentIds.flatMap((documentId) => columnIds.map((columnId) => [documentId, columnId]))
  const listUrl = api(`/api/ai/table/${table.id}/cell/list`)

  const reader = yield* Effect.acquireRelease(
    Effect.sync(() => new Database(Path.join(dir, "data", databaseFile), { readonly: true })),
    (db) => Effect.sync(() => db.close())
  )
  const started = performance.now()
  yield* request(api(`/api/ai/table/${table.id}/run`), token, "POST", { doc_id_col_id: pairs })
  // Progress is read from the database directly: polling the 2 MB cell list would compete with the workers.
  const unfinished = reader.prepare(
    "SELECT count(*) AS n FROM ai_cells WHERE table_id = ? AND task_status != 'success'"
  )
  for (;;) {
    const row = unfinished.get(table.id) as { n: number }
    if (row.n === 0) break
    yield* Effect.sleep("20 millis")
  }
  const latencyTasksPerSecond = pairs.length / ((performance.now() - started) / 1000)

  let lists = 0
  const until = performance.now() + listSeconds * 1000
  const lister = Effect.gen(function* () {
    while (performance.now() < until) {
      yield* request(listUrl, token)
      lists += 1
    }
  })
  const listStarted = performance.now()
  yield* Effect.all(
    Array.from({ length: listConcurrency }, () => lister),
    { concurrency: "unbounded" }
  )
  const cellListRps = lists / ((performance.now() - listStarted) / 1000)
  return { cellListRps, latencyTasksPerSecond }
})

/**
 * Service benchmark: requests per second of the cell list of a 10,000-cell table (4 concurrent clients), and
 * tasks per second of the latency engine at 0 ms with 64 workers over 10,000 cells (run request to last success).
 */
export async function benchService(): Promise<{ cellListRps: number; latencyTasksPerSecond: number }> {
  const result = await Effect.runPromise(program.pipe(Effect.scoped, Logger.withMinimumLogLevel(LogLevel.Warning)))
  console.log(`service: cell list of 10,000 cells: ${result.cellListRps.toFixed(1)} requests/s`)
  console.log(
    `service: latency engine (0 ms, 64 workers), 10,000 cells: ${result.latencyTasksPerSecond.toFixed(0)} tasks/s`
  )
  return result
}
