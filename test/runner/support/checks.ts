import { assert } from "@effect/vitest"
import { Effect } from "effect"
import type { RunCount } from "../../../src/api/Api.js"
import { ServiceClient } from "../../../src/client/ServiceClient.js"
import type { TestService } from "./localService.js"
import { withCheckpoint } from "./runners.js"

/** The service's run counts (debug endpoint), every table. */
export const runCounts = (service: TestService) =>
  Effect.flatMap(ServiceClient, (client) => client.runCounts()).pipe(Effect.provide(service.client), Effect.orDie)

/** Run requests per (document, column id) summed over tables: one entry per pair asked. */
export const runsByPair = (counts: ReadonlyArray<RunCount>) => {
  const byPair = new Map<string, number>()
  for (const count of counts) {
    const key = `${count.document_id}:${count.ai_column_id}`
    byPair.set(key, (byPair.get(key) ?? 0) + count.runs)
  }
  return byPair
}

/** Every pair of the service was run exactly once. */
export const assertEachRunOnce = (counts: ReadonlyArray<RunCount>, pairs: number) => {
  const byPair = runsByPair(counts)
  assert.strictEqual(byPair.size, pairs, "pairs run")
  for (const [pair, runs] of byPair) assert.strictEqual(runs, 1, `pair ${pair} was run ${runs} times`)
}

/** The answers of a checkpoint as `document/column → response`, for comparing runs. */
export const answersOf = (outputDir: string) =>
  withCheckpoint(outputDir, (store) =>
    Effect.map(store.cells(), (cells) =>
      Object.fromEntries(
        cells.map((cell) => [`${cell.documentId}/${cell.columnName}`, `${cell.state}:${cell.response}`])
      )
    )
  )
