import type BetterSqlite3 from "better-sqlite3"
import type { RunHistory } from "./RunHistory.js"

/** A document named by `docsweep diff`: its checkpoint id and the file name it was uploaded as. */
interface DocumentRef {
  readonly documentId: number
  readonly filename: string
}

/** Documents that joined or left the pipeline between two runs. */
export interface DocumentChanges {
  readonly added: ReadonlyArray<DocumentRef>
  readonly removed: ReadonlyArray<DocumentRef>
}

/**
 * Which documents were in the pipeline at each of two runs, from the run history: a document is in run R's pipeline
 * when one of its pairs was wanted as R ended (the newest run: as the checkpoint stands). Undefined when either run
 * is older than the history (a docsweep that kept none recorded it). Runs synchronously: call it inside `attempt`.
 */
export const makeDocumentChanges = (
  sqlite: BetterSqlite3.Database,
  history: RunHistory,
  newestRun: () => number | undefined
) => {
  const current = sqlite.prepare<[], { document_id: number }>("SELECT DISTINCT document_id FROM cells WHERE wanted = 1")
  const documents = sqlite.prepare<[], { id: number; filename: string; position: number }>(
    "SELECT id, filename, position FROM documents"
  )

  const position = (doc: { readonly position: number } | undefined) => doc?.position ?? Number.MAX_SAFE_INTEGER
  const inPipeline = (run: number): ReadonlySet<number> =>
    new Set(run === newestRun() ? current.all().map((row) => row.document_id) : history.documentsAsOf(run))

  return (fromRunId: number, toRunId: number): DocumentChanges | undefined => {
    if (Math.min(fromRunId, toRunId) < history.firstRun()) return undefined
    const before = inPipeline(fromRunId)
    const after = inPipeline(toRunId)
    const docs = new Map(documents.all().map((row) => [row.id, row]))
    const refs = (ids: ReadonlyArray<number>) =>
      ids
        .map((id) => ({ id, doc: docs.get(id) }))
        .sort((a, b) => position(a.doc) - position(b.doc) || a.id - b.id)
        .map(({ id, doc }) => ({ documentId: id, filename: doc?.filename ?? `document ${id}` }))
    return {
      added: refs([...after].filter((id) => !before.has(id))),
      removed: refs([...before].filter((id) => !after.has(id)))
    }
  }
}
