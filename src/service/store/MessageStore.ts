import { Effect } from "effect"
import type { MessageId, SessionId, UserId } from "../../api/Ids.js"
import type { ChatMessage } from "../../api/Sessions.js"
import type { HistoryTurn } from "../engine/AnswerEngine.js"
import { jsonObject, ServiceDatabase } from "../ServiceDatabase.js"
import { type Admission, admit } from "./Admission.js"
import { enqueueTask } from "./EnqueueTask.js"
import { memberDocumentIds } from "./MemberDocuments.js"

interface MessageRow {
  readonly id: number
  readonly session_id: number
  readonly user_id: number
  readonly query: string
  readonly response: string
  readonly task_status: string
  readonly task_id: string
  readonly meta: string
  readonly options: string
  readonly user_rating: string
  readonly created_at: string
}

/** The chat flags of a message (reference §4.3), defaults applied. */
interface MessageOptions {
  readonly chat_model?: string | undefined
  readonly language: string
  readonly restrict_to_context: boolean
  readonly use_context: boolean
  readonly use_cells: boolean
  readonly use_history: boolean
  readonly use_meta: boolean
}

const toMessage = (row: MessageRow): ChatMessage => ({
  id: row.id as MessageId,
  task_status: row.task_status,
  query: row.query,
  response: row.response,
  ai_session_id: row.session_id as SessionId,
  user_id: row.user_id as UserId,
  created_at: row.created_at,
  task_id: row.task_id,
  meta: jsonObject(row.meta),
  user_rating: row.user_rating
})

interface NewMessage {
  readonly sessionId: number
  readonly userId: number
  readonly query: string
  readonly meta: Record<string, unknown>
  readonly options: MessageOptions
}

/** Chat messages; each one is answered by a task. */
export class MessageStore extends Effect.Service<MessageStore>()("app/service/MessageStore", {
  effect: Effect.gen(function* () {
    const db = yield* ServiceDatabase

    /** A message `pending` with its task queued, or the refusal of `--max-pending`. */
    const addMessage = Effect.fn("MessageStore.addMessage")(function* (input: NewMessage, admission: Admission) {
      return yield* db.stamped("create message", (sql, now) => {
        const refused = admit(sql, admission, 1)
        if (refused !== undefined) return refused
        const id = sql.run(
          `INSERT INTO ai_messages (session_id, user_id, query, task_status, task_id, meta, options, created_at)
           VALUES (?, ?, ?, 'pending', '', ?, ?, ?)`,
          input.sessionId,
          input.userId,
          input.query,
          JSON.stringify(input.meta),
          JSON.stringify(input.options),
          now
        ).id
        enqueueTask(sql, {
          kind: "chat",
          targetId: id,
          documentId: null,
          baseResponse: "",
          continueResponse: false,
          attempt: 1,
          userId: input.userId,
          now
        })
        const row = sql.get<MessageRow>("SELECT * FROM ai_messages WHERE id = ?", id)
        return row === undefined ? undefined : toMessage(row)
      })
    })

    const messages = (sessionId: number) =>
      db.use("list messages", (sql) =>
        sql.all<MessageRow>("SELECT * FROM ai_messages WHERE session_id = ? ORDER BY id", sessionId).map(toMessage)
      )

    /** What a message task needs: the message, its session's documents and the answered turns before it. */
    const work = (messageId: number) =>
      db.use("load message", (sql) => {
        const message = sql.get<MessageRow>("SELECT * FROM ai_messages WHERE id = ?", messageId)
        if (message === undefined) return undefined
        const history = sql.all<HistoryTurn>(
          `SELECT query, response FROM ai_messages WHERE session_id = ? AND id < ? AND task_status = 'success'
           ORDER BY id`,
          message.session_id,
          message.id
        )
        const options = jsonObject(message.options)
        return {
          query: message.query,
          documentIds: memberDocumentIds(sql, "session", message.session_id),
          history,
          useHistory: options.use_history !== false,
          useContext: options.use_context !== false,
          language: typeof options.language === "string" ? options.language : undefined
        }
      })

    return { addMessage, messages, work } as const
  })
}) {}
