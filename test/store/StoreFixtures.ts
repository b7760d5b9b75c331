import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { CellStore } from "../../src/store/CellStore.js"
import { ChatStore } from "../../src/store/ChatStore.js"
import type { DocumentRecord, RunRecord, RunStart, WantedCell } from "../../src/store/CheckpointModel.js"
import { CheckpointStore } from "../../src/store/CheckpointStore.js"
import { LayoutStore } from "../../src/store/LayoutStore.js"
import { ReadStore } from "../../src/store/ReadStore.js"
import { RunStore } from "../../src/store/RunStore.js"

/** A temporary directory removed with the scope. */
export const tempDir = Effect.acquireRelease(
  Effect.sync(() => mkdtempSync(join(tmpdir(), "docsweep-store-"))),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
)

/** `state.sqlite` in a fresh temporary directory (removed with the scope). */
export const checkpointPath = Effect.map(tempDir, (dir) => join(dir, "state.sqlite"))

/** Every store of one checkpoint as one object, for tests that touch them all. */
export const allStores = Effect.map(
  Effect.all([RunStore, LayoutStore, CellStore, ChatStore, ReadStore]),
  ([runs, layout, cells, chats, reads]) => ({ ...runs, ...layout, ...cells, ...chats, ...reads })
)
export type Stores = Effect.Effect.Success<typeof allStores>

/** Opens the checkpoint at `path` for `use` only: the connection closes afterwards, like a process ending. */
export const withStore = <A, E>(path: string, use: (store: Stores) => Effect.Effect<A, E>) =>
  Effect.flatMap(allStores, use).pipe(Effect.provide(CheckpointStore.open(path)))

/** Like `withStore`, with a run begun (`start`) first: what a runner process does when it starts. */
export const withRun = <A, E>(path: string, use: (store: Stores, run: RunRecord) => Effect.Effect<A, E>) =>
  withStore(path, (store) => Effect.flatMap(store.beginRun(start), (run) => use(store, run)))

/** A fresh checkpoint (removed with the scope) after a first run did `write`; its path, for reopening it. */
export const checkpointAfterRun = <A, E>(write: (store: Stores, run: RunRecord) => Effect.Effect<A, E>) =>
  Effect.flatMap(checkpointPath, (path) => Effect.as(withRun(path, write), path))

/** `withRun` on a fresh checkpoint (removed with the scope), for tests that never reopen it. */
export const inFreshRun = <A, E>(use: (store: Stores, run: RunRecord) => Effect.Effect<A, E>) =>
  Effect.flatMap(checkpointPath, (path) => withRun(path, use))

export const start: RunStart = {
  pipelineName: "leases",
  pipelineHash: "hash-1",
  baseUrl: "https://docs.example.test",
  shard: undefined,
  docsweepVersion: "0.1.0"
}

export const document = (id: number, version = "v1"): DocumentRecord => ({
  id,
  filename: `doc-${id}.pdf`,
  pages: 3,
  doctype: "pdf",
  version
})

/** The pairs of documents × columns, keyed by document version and column query key, in table slot 0. */
export const wanted = (
  documents: ReadonlyArray<DocumentRecord>,
  columns: ReadonlyArray<{ readonly name: string; readonly queryKey: string }>
): Array<WantedCell> =>
  documents.flatMap((doc) =>
    columns.map((column) => ({
      documentId: doc.id,
      columnName: column.name,
      dependencyKey: `${doc.version}/${column.queryKey}`,
      tableSlot: 0,
      queryKey: column.queryKey
    }))
  )

export const at = "2026-01-01T00:00:00.000Z"

export const columnA = { name: "a", queryKey: "qa" }
export const columnB = { name: "b", queryKey: "qb" }

/** A sync that keeps answered pairs (no --only-failed). */
export const rerun = { onlyFailed: false }

/** Pair (document 1, column a) synced and its intent committed for `runId`: where the intent tests start. */
export const oneIntent = (store: Stores, runId: number) =>
  Effect.gen(function* () {
    const key = { documentId: 1, columnName: "a" }
    yield* store.syncCells(wanted([document(1)], [columnA]), rerun)
    yield* store.markSubmitting([key], runId, at)
    return key
  })
