import type BetterSqlite3 from "better-sqlite3"
import type { ChatAnswerChange } from "./CheckpointModel.js"
import { toNumbers } from "./StoreRows.js"

/** A chat message as a run left it (its latest history row up to that run). */
interface HistoricMessage {
  readonly chat_name: string
  readonly session_key: string
  readonly position: number
  readonly document_ids: string
  readonly query: string
  readonly state: string
  readonly response: string | null
}

const keyOf = (row: HistoricMessage) => `${row.chat_name}\u0000${row.session_key}\u0000${row.position}`

/**
 * Chat answers that differ between two runs, as `docsweep diff` lists cell answers: the answer of a message as of
 * run R is its state in the run history as R left it, the response of a success, nothing otherwise. Messages whose
 * answers differ are listed (newly answered ones too), by chat, session and position, each with the question asked
 * there as of the later run (and the earlier one's, when the messages were edited or moved in between). Runs
 * synchronously: call it inside `attempt`.
 */
export const makeChatDiff = (sqlite: BetterSqlite3.Database) => {
  const asOf = sqlite.prepare<[number], HistoricMessage>(
    `SELECT chat_name, session_key, position, document_ids, query, state, response FROM (
       SELECT *, ROW_NUMBER() OVER (PARTITION BY chat_name, session_key, position ORDER BY run_id DESC) AS rank
       FROM chat_history WHERE run_id <= ?)
     WHERE rank = 1`
  )
  const documents = sqlite.prepare<[], { id: number; filename: string; position: number }>(
    "SELECT id, filename, position FROM documents"
  )
  const answerOf = (row: HistoricMessage | undefined) =>
    row?.state === "success" ? (row.response ?? undefined) : undefined

  return (fromRunId: number, toRunId: number): Array<ChatAnswerChange> => {
    const before = new Map(asOf.all(fromRunId).map((row) => [keyOf(row), row]))
    const after = new Map(asOf.all(toRunId).map((row) => [keyOf(row), row]))
    const docs = new Map(documents.all().map((row) => [row.id, row]))
    const changes: Array<ChatAnswerChange> = []
    for (const [key, row] of new Map([...before, ...after])) {
      const was = answerOf(before.get(key))
      const now = answerOf(after.get(key))
      if (was === now) continue
      const documentIds = toNumbers(row.document_ids)
      const asked = before.get(key)?.query
      changes.push({
        chat: row.chat_name,
        position: row.position,
        documentIds,
        filenames: documentIds.map((id) => docs.get(id)?.filename ?? `document ${id}`),
        query: row.query,
        ...(asked === undefined || asked === row.query ? {} : { queryBefore: asked }),
        before: was,
        after: now
      })
    }
    // Sessions in the order of their first document in the pipeline, as the reports list them.
    const place = (change: ChatAnswerChange) =>
      docs.get(change.documentIds[0] ?? -1)?.position ?? Number.MAX_SAFE_INTEGER
    return changes.sort(
      (a, b) =>
        a.chat.localeCompare(b.chat) ||
        place(a) - place(b) ||
        a.documentIds.join(",").localeCompare(b.documentIds.join(",")) ||
        a.position - b.position
    )
  }
}
