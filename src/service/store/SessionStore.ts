import { Effect } from "effect"
import type { DocumentId, SessionId, Visibility } from "../../api/Ids.js"
import type { Session } from "../../api/Sessions.js"
import { bit, jsonObject, nowIso, ServiceDatabase, type Sql } from "../ServiceDatabase.js"
import { memberDocumentIds, type OwnedRow, ownerFields, setMemberDocuments } from "./MemberDocuments.js"
import { cancelTask } from "./TaskStore.js"

export interface SessionRow extends OwnedRow {
  readonly is_multidoc: number
  readonly meta: string
  readonly created_at: string
}

const toSession = (sql: Sql, row: SessionRow): Session => ({
  id: row.id as SessionId,
  ...ownerFields(row),
  is_multidoc: row.is_multidoc === 1,
  created_at: row.created_at,
  meta: jsonObject(row.meta),
  document_ids: memberDocumentIds(sql, "session", row.id) as Array<DocumentId>
})

const clearMessages = (sql: Sql, sessionId: number, now: string) => {
  for (const message of sql.all<{ task_id: string }>("SELECT task_id FROM ai_messages WHERE session_id = ?", sessionId))
    cancelTask(sql, message.task_id, now)
  sql.run("DELETE FROM ai_messages WHERE session_id = ?", sessionId)
}

const sessionRow = (sql: Sql, sessionId: number) =>
  sql.get<SessionRow>("SELECT * FROM ai_sessions WHERE id = ?", sessionId)

export interface NewSession {
  readonly organizationId: number
  readonly userId: number
  readonly isMultidoc: boolean
  readonly documentIds: ReadonlyArray<number>
  readonly visibility: Visibility
  readonly meta: Record<string, unknown>
}

/** Chat sessions; their messages live in `MessageStore`. */
export class SessionStore extends Effect.Service<SessionStore>()("app/service/SessionStore", {
  effect: Effect.gen(function* () {
    const db = yield* ServiceDatabase

    const create = Effect.fn("SessionStore.create")(function* (input: NewSession) {
      const now = yield* nowIso
      return yield* db.transaction("create session", (sql) => {
        const id = sql.run(
          `INSERT INTO ai_sessions (organization_id, user_id, is_multidoc, visibility, meta, created_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
          input.organizationId,
          input.userId,
          bit(input.isMultidoc),
          input.visibility,
          JSON.stringify(input.meta),
          now
        ).id
        setMemberDocuments(sql, "session", id, input.documentIds)
        const row = sessionRow(sql, id)
        return row === undefined ? undefined : toSession(sql, row)
      })
    })

    const find = (sessionId: number) => db.use("find session", (sql) => sessionRow(sql, sessionId))
    const read = (row: SessionRow) => db.use("read session", (sql) => toSession(sql, row))

    /** Sessions of a workspace: single-doc ones holding `documentId`, or the multi-doc ones when it is absent. */
    const list = (organizationId: number, documentId: number | undefined) =>
      db.use("list sessions", (sql) =>
        (documentId === undefined
          ? sql.all<SessionRow>(
              "SELECT * FROM ai_sessions WHERE organization_id = ? AND is_multidoc = 1 ORDER BY id",
              organizationId
            )
          : sql.all<SessionRow>(
              `SELECT s.* FROM ai_sessions s JOIN ai_session_documents d ON d.session_id = s.id
               WHERE s.organization_id = ? AND s.is_multidoc = 0 AND d.document_id = ? ORDER BY s.id`,
              organizationId,
              documentId
            )
        ).map((row) => ({ row, session: toSession(sql, row) }))
      )

    const update = (
      sessionId: number,
      input: {
        readonly documentIds?: ReadonlyArray<number> | undefined
        readonly meta?: Record<string, unknown> | undefined
        readonly visibility?: Visibility | undefined
      }
    ) =>
      db.transaction("update session", (sql) => {
        if (input.documentIds !== undefined) setMemberDocuments(sql, "session", sessionId, input.documentIds)
        if (input.meta !== undefined)
          sql.run("UPDATE ai_sessions SET meta = ? WHERE id = ?", JSON.stringify(input.meta), sessionId)
        if (input.visibility !== undefined)
          sql.run("UPDATE ai_sessions SET visibility = ? WHERE id = ?", input.visibility, sessionId)
        const row = sessionRow(sql, sessionId)
        return row === undefined ? undefined : toSession(sql, row)
      })

    const remove = Effect.fn("SessionStore.remove")(function* (sessionId: number) {
      const now = yield* nowIso
      yield* db.transaction("delete session", (sql) => {
        clearMessages(sql, sessionId, now)
        sql.run("DELETE FROM ai_session_documents WHERE session_id = ?", sessionId)
        sql.run("DELETE FROM ai_sessions WHERE id = ?", sessionId)
      })
    })

    const reset = Effect.fn("SessionStore.reset")(function* (sessionId: number) {
      const now = yield* nowIso
      yield* db.transaction("reset session", (sql) => clearMessages(sql, sessionId, now))
    })

    return { create, find, read, list, update, remove, reset } as const
  })
}) {}
