import { Effect } from "effect"
import type { SessionId, Visibility } from "../../api/Ids.js"
import type { Session } from "../../api/Sessions.js"
import { bit, ServiceDatabase, type Sql } from "../ServiceDatabase.js"
import { cancelTask } from "./EnqueueTask.js"
import {
  insertMember,
  type MemberChanges,
  type MemberRow,
  memberFields,
  memberRow,
  updateMember
} from "./MemberDocuments.js"

interface SessionRow extends MemberRow {
  readonly is_multidoc: number
}

const toSession = (sql: Sql, row: SessionRow): Session => ({
  id: row.id as SessionId,
  is_multidoc: row.is_multidoc === 1,
  ...memberFields(sql, "session", row)
})

/** The session as the reply shows it, or undefined when there is none. */
const readSession = (sql: Sql, sessionId: number) => {
  const row = memberRow<SessionRow>(sql, "session", sessionId)
  return row === undefined ? undefined : toSession(sql, row)
}

const clearMessages = (sql: Sql, sessionId: number, now: string) => {
  for (const message of sql.all<{ task_id: string }>("SELECT task_id FROM ai_messages WHERE session_id = ?", sessionId))
    cancelTask(sql, message.task_id, now)
  sql.run("DELETE FROM ai_messages WHERE session_id = ?", sessionId)
}

interface NewSession {
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
      return yield* db.stamped("create session", (sql, now) => {
        const own = { is_multidoc: bit(input.isMultidoc), meta: JSON.stringify(input.meta) }
        return readSession(sql, insertMember(sql, "session", input, now, own))
      })
    })

    const find = (sessionId: number) =>
      db.use("find session", (sql) => memberRow<SessionRow>(sql, "session", sessionId))
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

    const update = (sessionId: number, input: MemberChanges) =>
      db.transaction("update session", (sql) => {
        updateMember(sql, "session", sessionId, input)
        return readSession(sql, sessionId)
      })

    const remove = Effect.fn("SessionStore.remove")(function* (sessionId: number) {
      yield* db.stamped("delete session", (sql, now) => {
        clearMessages(sql, sessionId, now)
        sql.run("DELETE FROM ai_session_documents WHERE session_id = ?", sessionId)
        sql.run("DELETE FROM ai_sessions WHERE id = ?", sessionId)
      })
    })

    const reset = Effect.fn("SessionStore.reset")(function* (sessionId: number) {
      yield* db.stamped("reset session", (sql, now) => clearMessages(sql, sessionId, now))
    })

    return { create, find, read, list, update, remove, reset } as const
  })
}) {}
