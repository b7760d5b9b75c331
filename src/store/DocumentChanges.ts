import type BetterSqlite3 from "better-sqlite3"
import { historyFirstRunKey } from "./RunHistory.js"

/** A document named by `docsweep diff`: its checkpoint id and the file name it was uploaded as. */
export interface DocumentRef {
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
export const makeDocumentChanges = (sqlite: BetterSqlite3.Database) => {
  const firstRun = sqlite.prepare<[string], { value: string }>("SELECT value FROM meta WHERE key = ?")
  const newestRun = sqlite.prepare<[], { id: number | null }>("SELECT MAX(id) AS id FROM runs")
  const current = sqlite.prepare<[], { document_id: number }>("SELECT DISTINCT document_id FROM cells WHERE wanted = 1")
  const asOf = sqlite.prepare<[{ run: number }], { document_id: number }>(
    `SELECT DISTINCT h.document_id FROM cell_history h
     WHERE h.wanted = 1 AND h.run_id <= @run
       AND h.run_id = (SELECT MAX(x.run_id) FROM cell_history x
                       WHERE x.document_id = h.document_id AND x.column_name = h.column_name AND x.run_id <= @run)`
  )
  const documents = sqlite.prepare<[], { id: number; filename: string; position: number }>(
    "SELECT id, filename, position FROM documents"
  )

  const position = (doc: { readonly position: number } | undefined) => doc?.position ?? Number.MAX_SAFE_INTEGER
  const inPipeline = (run: number): ReadonlySet<number> =>
    new Set((run === newestRun.get()?.id ? current.all() : asOf.all({ run })).map((row) => row.document_id))

  return (fromRunId: number, toRunId: number): DocumentChanges | undefined => {
    const historyFrom = Number(firstRun.get(historyFirstRunKey)?.value ?? 0)
    if (Math.min(fromRunId, toRunId) < historyFrom) return undefined
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
