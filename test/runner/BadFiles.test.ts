import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Stream } from "effect"
import type { OrganizationId } from "../../src/api/Ids.js"
import { ServiceClient } from "../../src/client/ServiceClient.js"
import { DocumentIngest, type HashedFile } from "../../src/runner/DocumentIngest.js"
import type { RunSummary } from "../../src/runner/RunSummary.js"
import { localService, orgId, type TestService, writePipeline } from "./support/localService.js"
import { type RunFlags, runInProcess } from "./support/runners.js"

const fast = "run:\n  concurrency: 4\n  poll: { interval: 20ms, max_interval: 200ms }\n"
const column = 'columns:\n  - { name: Law, query: "Which law governs the agreement?" }\n'

/** A folder `docs` of the service's scratch dir holding a good contract and `bad`, and a pipeline over all of it. */
const folderWith = (service: TestService, bad: Record<string, string | Uint8Array>) => {
  const docs = join(service.dir, "docs")
  mkdirSync(docs, { recursive: true })
  writeFileSync(join(docs, "good.txt"), "This agreement is governed by the laws of Oregon.\n")
  for (const [name, content] of Object.entries(bad)) writeFileSync(join(docs, name), content)
  const file = writePipeline(service.dir, "folder", `documents:\n  - files: "docs/*"\n${column}${fast}`)
  return { docs, file }
}

/** The run answered the good file and skipped exactly `path`, for a reason matching `reason`. */
const assertSkippedOnly = (summary: RunSummary, path: string, reason: RegExp) => {
  assert.strictEqual(summary.outcome, "completed", summary.note)
  assert.strictEqual(summary.cells.success, 1)
  assert.deepStrictEqual(
    summary.skipped.map((skip) => skip.what),
    [path]
  )
  assert.match(summary.skipped[0]?.reason ?? "", reason)
}

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52])

describe("a folder with a bad file, uploaded to a served service", () => {
  it.scopedLive("a file the service refuses (a type it does not take) is skipped with its reason; the rest runs", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 0 })
      const { docs, file } = folderWith(service, { "scan.png": png })
      const summary = yield* runInProcess(service, file)
      assertSkippedOnly(summary, join(docs, "scan.png"), /422.*unsupported doctype "png"/)
    })
  )

  it.scopedLive("a file over the service's upload limit (413) is skipped with its reason; the rest runs", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 0, uploadLimitBytes: 4096 })
      const { docs, file } = folderWith(service, { "huge.txt": "A very long exhibit. ".repeat(1000) })
      const summary = yield* runInProcess(service, file)
      assertSkippedOnly(summary, join(docs, "huge.txt"), /413/)
    })
  )

  it.scopedLive("a file the service cannot extract is skipped with the service's reason, not a generic one", () =>
    Effect.gen(function* () {
      const service = yield* localService({ documents: 0 })
      const { docs, file } = folderWith(service, { "empty.txt": "" })
      const summary = yield* runInProcess(service, file)
      assertSkippedOnly(summary, join(docs, "empty.txt"), /the file is empty \(0 bytes\)/)
    })
  )
})

const modes: ReadonlyArray<readonly [string, (service: TestService) => Required<Pick<RunFlags, "ingest">>]> = [
  ["uploaded", () => ({ ingest: DocumentIngest.upload })],
  ["embedded", (service) => ({ ingest: service.ingest })]
]

describe("a file that vanishes after the pipeline was validated", () => {
  for (const [mode, flags] of modes) {
    it.scopedLive(`${mode}: is skipped, naming it; the run goes on with the others`, () =>
      Effect.gen(function* () {
        const service = yield* localService({ documents: 0 })
        const { docs, file } = folderWith(service, { "gone.txt": "Governed by the laws of Utah.\n" })
        const gone = join(docs, "gone.txt")
        const afterLoad = Effect.sync(() => rmSync(gone))
        const summary = yield* runInProcess(service, file, { ...flags(service), afterLoad })
        assertSkippedOnly(summary, gone, /no such file or directory/)
      })
    )
  }
})

describe("a file edited between its hashing and its upload", () => {
  // It was remembered under the hash of its old content: the next run uploaded it again as a new document and asked
  // every column again (paid answers on a hosted service).
  for (const [mode, flags] of modes) {
    it.scopedLive(`${mode}: is remembered as it was sent, so the next run uploads and asks nothing again`, () =>
      Effect.gen(function* () {
        const service = yield* localService({ documents: 0 })
        const { docs, file } = folderWith(service, { "edited.txt": "Governed by the laws of Utah.\n" })
        const added: Array<string> = []
        // The edit lands once the run has hashed its files, as the upload reads them.
        const editing = Layer.effect(
          DocumentIngest,
          Effect.map(DocumentIngest, (inner) => ({
            addFiles: (files: ReadonlyArray<HashedFile>) =>
              Stream.suspend(() => {
                writeFileSync(join(docs, "edited.txt"), "Governed by the laws of Idaho.\n")
                return inner.addFiles(files)
              })
          }))
        ).pipe(Layer.provide(flags(service).ingest))
        const first = yield* runInProcess(service, file, { ingest: editing })
        assert.strictEqual(first.outcome, "completed", first.note)
        assert.strictEqual(first.cells.success, 2)
        const counting = Layer.effect(
          DocumentIngest,
          Effect.map(DocumentIngest, (inner) => ({
            addFiles: (files: ReadonlyArray<HashedFile>) =>
              Stream.tap(inner.addFiles(files), (outcome) => Effect.sync(() => added.push(outcome.path)))
          }))
        ).pipe(Layer.provide(flags(service).ingest))
        const second = yield* runInProcess(service, file, { ingest: counting })
        assert.deepStrictEqual(added, [], "uploaded again")
        assert.strictEqual(second.plan?.toRun, 0)
        const listed = yield* Effect.flatMap(ServiceClient, (client) =>
          client.listDocuments(orgId as OrganizationId)
        ).pipe(Effect.provide(service.client), Effect.orDie)
        assert.strictEqual(listed.length, 2)
      })
    )
  }
})
