import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Stream } from "effect"
import type { OrganizationId } from "../../src/api/Ids.js"
import { ServiceClient } from "../../src/client/ServiceClient.js"
import { DocumentIngest, type HashedFile } from "../../src/runner/DocumentIngest.js"
import { assertEachRunOnce, runCounts, runsByPair } from "./support/checks.js"
import { localService, orgId, type TestService, writePipeline } from "./support/localService.js"
import { runInProcess, withCheckpoint } from "./support/runners.js"

const fast = "run:\n  concurrency: 8\n  batch_size: 5\n  poll: { interval: 20ms, max_interval: 200ms }\n"
const columnsYaml = (n: number) =>
  `columns:\n${Array.from({ length: n }, (_, i) => `  - { name: C${i + 1}, query: "Question ${i + 1}?" }`).join("\n")}\n`
const idsYaml = (ids: ReadonlyArray<number>) => `documents:\n  - ids: [${ids.join(", ")}]\n`

const pipeline = (service: TestService, name: string, body: string) =>
  writePipeline(service.dir, name, `${body}${fast}`)

/** Every document the service holds, each asked `columns` questions. */
const everyDocument = (service: TestService, columns: number) =>
  `${idsYaml(service.documentIds)}${columnsYaml(columns)}`

describe("runner against the local service", () => {
  it.scopedLive("answers every pair; a re-run after a finished run asks nothing again", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 4 })
      const file = pipeline(service, "rerun", everyDocument(service, 3))
      const first = yield* runInProcess(service, file)
      assert.strictEqual(first.outcome, "completed")
      assert.strictEqual(first.cells.success, 12)
      assert.strictEqual(first.plan?.toRun, 12)
      const second = yield* runInProcess(service, file)
      assert.strictEqual(second.outcome, "completed")
      assert.strictEqual(second.plan?.alreadyAnswered, 12)
      assert.strictEqual(second.plan?.toRun, 0)
      assert.deepStrictEqual(second.tables, first.tables)
      assertEachRunOnce(yield* runCounts(service), 12)
    })
  )

  it.scopedLive("a new column and a new document run only the new pairs, in the same tables", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 3 })
      const [a, b, c] = service.documentIds
      const file = pipeline(service, "grow", `${idsYaml([a ?? 0, b ?? 0])}${columnsYaml(2)}`)
      const first = yield* runInProcess(service, file)
      assert.strictEqual(first.cells.success, 4)
      pipeline(service, "grow", `${idsYaml([a ?? 0, b ?? 0, c ?? 0])}${columnsYaml(3)}`)
      const second = yield* runInProcess(service, file)
      assert.strictEqual(second.outcome, "completed")
      assert.strictEqual(second.plan?.alreadyAnswered, 4)
      assert.strictEqual(second.plan?.toRun, 5)
      assert.strictEqual(second.cells.success, 9)
      assert.deepStrictEqual(
        second.tables.map((t) => t.remoteId),
        first.tables.map((t) => t.remoteId)
      )
      assertEachRunOnce(yield* runCounts(service), 9)
    })
  )

  it.scopedLive("--dry-run prints the plan and an estimate from earlier runs, and sends nothing", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 5 })
      const file = pipeline(service, "dry", everyDocument(service, 2))
      const before = yield* runInProcess(service, file, { dryRun: true })
      assert.strictEqual(before.outcome, "completed")
      assert.strictEqual(before.runId, undefined)
      assert.deepStrictEqual(
        { tables: before.plan?.tables, pairs: before.plan?.pairs, toRun: before.plan?.toRun },
        { tables: 1, pairs: 10, toRun: 10 }
      )
      assert.strictEqual(before.plan?.estimateSeconds, undefined)
      assert.strictEqual((yield* runCounts(service)).length, 0)
      yield* runInProcess(service, file)
      pipeline(service, "dry", everyDocument(service, 3))
      const after = yield* runInProcess(service, file, { dryRun: true })
      assert.strictEqual(after.plan?.alreadyAnswered, 10)
      assert.strictEqual(after.plan?.toRun, 5)
      assert.isAbove(after.plan?.estimateSeconds ?? 0, 0)
      assertEachRunOnce(yield* runCounts(service), 10)
    })
  )

  it.scopedLive("--max-cells refuses a run that would submit more, before anything is created", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 3 })
      const file = pipeline(service, "capped", everyDocument(service, 2))
      const refused = yield* runInProcess(service, file, { maxCells: 5 })
      assert.strictEqual(refused.outcome, "invalid")
      assert.include(refused.note ?? "", "--max-cells 5")
      assert.strictEqual(refused.tables.length, 0)
      const allowed = yield* runInProcess(service, file, { maxCells: 6 })
      assert.strictEqual(allowed.outcome, "completed")
    })
  )

  it.scopedLive("--only-failed runs only failed pairs, a renamed column's too; --fresh starts over in new tables", () =>
    Effect.gen(function* () {
      // fail-rate 1: every first attempt of a task fails; with cell_retries 0 every pair ends failed.
      const service = yield* localService({ documents: 2, failRate: 1 })
      const file = writePipeline(service.dir, "retry", `${everyDocument(service, 2)}${fast}  cell_retries: 0\n`)
      const failed = yield* runInProcess(service, file)
      assert.strictEqual(failed.outcome, "failed-cells")
      assert.strictEqual(failed.cells.failed, 4)
      const cells = yield* withCheckpoint(join(service.dir, "out-retry"), (store) => store.cells())
      assert.include(cells[0]?.error ?? "", "injected failure")
      // C1 is renamed (same query): its failed pairs are the renamed column's, retried; C3 is new, left out.
      const renamed = everyDocument(service, 3).replace("name: C1,", "name: First,")
      writePipeline(service.dir, "retry", `${renamed}${fast}  cell_retries: 0\n`)
      const retried = yield* runInProcess(service, file, { onlyFailed: true })
      assert.strictEqual(retried.outcome, "completed")
      assert.strictEqual(retried.plan?.toRun, 4)
      assert.strictEqual(retried.plan?.skipped, 2)
      assert.strictEqual(retried.cells.success, 4)
      const fresh = yield* runInProcess(service, file, { fresh: true })
      assert.strictEqual(fresh.plan?.toRun, 6)
      assert.notDeepEqual(
        fresh.tables.map((t) => t.remoteId),
        failed.tables.map((t) => t.remoteId)
      )
      const byTable = yield* runCounts(service)
      const freshTable = fresh.tables[0]?.remoteId
      assert.strictEqual(byTable.filter((r) => r.ai_table_id === freshTable).length, 6)
    })
  )

  it.scopedLive("max_documents_per_table splits the documents over tables; duplicates across sets run once", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 5 })
      const [a, b, c, d, e] = service.documentIds
      const sets = `documents:\n  - ids: [${a}, ${b}, ${c}]\n  - range: "${c}-${e}"\n  - ids: [${a}, ${d}]\n`
      const file = writePipeline(service.dir, "split", `${sets}${columnsYaml(1)}${fast}  max_documents_per_table: 2\n`)
      const summary = yield* runInProcess(service, file)
      assert.strictEqual(summary.outcome, "completed")
      assert.deepStrictEqual(
        summary.tables.map((t) => t.documents),
        [2, 2, 1]
      )
      assertEachRunOnce(yield* runCounts(service), 5)
    })
  )

  it.scopedLive("workspace sets filter by doctype and filename; files are uploaded once, by path and content", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 3 })
      const notes = join(service.dir, "notes.txt")
      writeFileSync(notes, "A note about Initech.\n")
      const sets = `documents:\n  - workspace: all\n    filename: "doc-00[12].txt"\n  - files: notes.txt\n`
      const chats =
        'chats:\n  - { name: Each, scope: each, messages: ["Summarize it."] }\n' +
        '  - { name: Whole, scope: all, messages: ["What do they share?", "And the term?"] }\n'
      const file = writePipeline(service.dir, "mixed", `${sets}${columnsYaml(1)}${chats}${fast}`)
      const first = yield* runInProcess(service, file)
      assert.strictEqual(first.outcome, "completed", first.note)
      assert.strictEqual(first.cells.success, 3)
      const again = yield* runInProcess(service, file)
      assert.strictEqual(again.plan?.toRun, 0)
      const listed = yield* Effect.flatMap(ServiceClient, (client) =>
        client.listDocuments(orgId as OrganizationId)
      ).pipe(Effect.provide(service.client))
      assert.strictEqual(listed.length, 4)
      writeFileSync(notes, "A changed note about Initech.\n")
      // The dry run counts the changed file's chats (its own session, and the whole library's) before it is uploaded.
      const dry = yield* runInProcess(service, file, { dryRun: true })
      assert.deepStrictEqual([dry.plan?.toRun, dry.plan?.chatMessages, dry.plan?.chatMessagesToRun], [1, 5, 3])
      const changed = yield* runInProcess(service, file)
      assert.strictEqual(changed.plan?.toRun, 1)
      assert.strictEqual(changed.cells.success, 3)
      assert.deepStrictEqual([changed.chats.success, changed.chatsAnswered], [5, 3])
      assert.strictEqual(runsByPair(yield* runCounts(service)).size, 4)
    })
  )

  it.scopedLive("embedded mode ingests files directly, once, and remembers them like uploads", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 0 })
      writeFileSync(join(service.dir, "a.txt"), "Alpha agreement between Acme and Globex.\n")
      writeFileSync(join(service.dir, "b.txt"), "Beta agreement between Initech and Umbrella.\n")
      const file = writePipeline(service.dir, "embedded", `documents:\n  - files: "*.txt"\n${columnsYaml(2)}${fast}`)
      const ingested: Array<string> = []
      const ingest = Layer.effect(
        DocumentIngest,
        Effect.map(DocumentIngest, (inner) => ({
          addFiles: (files: ReadonlyArray<HashedFile>) =>
            Stream.tap(inner.addFiles(files), (outcome) => Effect.sync(() => ingested.push(outcome.path)))
        }))
      ).pipe(Layer.provide(service.ingest))
      const first = yield* runInProcess(service, file, { ingest })
      assert.strictEqual(first.outcome, "completed", first.note)
      assert.strictEqual(first.cells.success, 4)
      const second = yield* runInProcess(service, file, { ingest })
      assert.strictEqual(second.plan?.toRun, 0)
      assert.strictEqual(ingested.length, 2)
    })
  )

  it.scopedLive("shards split the documents deterministically and without overlap; a scope: all chat waits", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 6 })
      const chats =
        'chats:\n  - { name: Each, scope: each, messages: ["Summarize it."] }\n' +
        '  - { name: Whole, scope: all, messages: ["What do they share?"] }\n'
      const body = `${everyDocument(service, 1)}${chats}${fast}`
      const one = writePipeline(service.dir, "shard1", body)
      const two = writePipeline(service.dir, "shard2", body)
      const first = yield* runInProcess(service, one, { shard: { index: 1, count: 2 } })
      const second = yield* runInProcess(service, two, { shard: { index: 2, count: 2 } })
      assert.strictEqual(first.cells.success + second.cells.success, 6)
      assertEachRunOnce(yield* runCounts(service), 6)
      // Each shard asks its documents' own chats, and no "all" chat over its share: that is the merged run's.
      assert.strictEqual(first.chats.success + second.chats.success, 6)
      for (const shard of [first, second]) assert.include(shard.note, 'chat "Whole" (scope: all) is left to the run')
      const sessions = yield* Effect.flatMap(ServiceClient, (client) =>
        client.listSessions(orgId as OrganizationId)
      ).pipe(Effect.provide(service.client), Effect.orDie)
      assert.deepStrictEqual(
        sessions.filter((session) => session.is_multidoc),
        []
      )
    })
  )
})
