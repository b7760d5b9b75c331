import type BetterSqlite3 from "better-sqlite3"
import { pairKey } from "./AnswerHistory.js"
import type { AnswerChange } from "./CheckpointModel.js"

interface LatestAnswer {
  readonly document_id: number
  readonly column_name: string
  readonly state: string
  readonly response: string | null
}

/**
 * Answer changes between two runs. The answer of a pair as of run R is its latest history row with run_id ≤ R:
 * the response of a success, nothing for a failure. Pairs whose answers differ are listed (newly answered ones
 * too), in document order then column order. Runs synchronously: call it inside `attempt`.
 */
export const makeAnswerDiff = (sqlite: BetterSqlite3.Database) => {
  const asOf = sqlite.prepare<[number], LatestAnswer>(
    `SELECT document_id, column_name, state, response FROM (
       SELECT document_id, column_name, state, response,
         ROW_NUMBER() OVER (PARTITION BY document_id, column_name ORDER BY run_id DESC, id DESC) AS rank
       FROM answers WHERE run_id <= ?)
     WHERE rank = 1`
  )
  const documents = sqlite.prepare<[], { id: number; filename: string; position: number }>(
    "SELECT id, filename, position FROM documents"
  )
  const columnOrder = sqlite.prepare<[], { name: string }>(
    "SELECT name FROM columns GROUP BY name ORDER BY MIN(order_id), MIN(saved)"
  )

  const answers = (runId: number) => {
    const byPair = new Map<string, { row: LatestAnswer; answer: string | undefined }>()
    for (const row of asOf.all(runId)) {
      const answer = row.state === "success" ? (row.response ?? undefined) : undefined
      byPair.set(pairKey(row.document_id, row.column_name), { row, answer })
    }
    return byPair
  }

  return (fromRunId: number, toRunId: number): Array<AnswerChange> => {
    const before = answers(fromRunId)
    const after = answers(toRunId)
    const docs = new Map(documents.all().map((row) => [row.id, row]))
    const columnIndex = new Map(columnOrder.all().map((row, index) => [row.name, index]))
    const changes: Array<AnswerChange> = []
    for (const [key, entry] of new Map([...before, ...after])) {
      const was = before.get(key)?.answer
      const now = after.get(key)?.answer
      if (was === now) continue
      const { document_id: documentId, column_name: column } = entry.row
      const filename = docs.get(documentId)?.filename ?? `document ${documentId}`
      changes.push({ documentId, filename, column, before: was, after: now })
    }
    const position = (id: number) => docs.get(id)?.position ?? Number.MAX_SAFE_INTEGER
    const index = (name: string) => columnIndex.get(name) ?? Number.MAX_SAFE_INTEGER
    return changes.sort(
      (a, b) =>
        position(a.documentId) - position(b.documentId) ||
        a.documentId - b.documentId ||
        index(a.column) - index(b.column) ||
        a.column.localeCompare(b.column)
    )
  }
}
