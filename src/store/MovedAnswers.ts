import type BetterSqlite3 from "better-sqlite3"
import type { WantedChatMessage } from "./CheckpointModel.js"
import type { AnsweredElsewhere, StoredRow } from "./WorkRows.js"

/** A chat message as the sync takes it: messages live in no table, so all share slot 0. */
export type WantedMessage = WantedChatMessage & { readonly tableSlot: number }

/** An answered message of a session, as stored: what moves with it, where it was, and its key. */
interface AnswerRow {
  readonly response: string | null
  readonly attempts: number
  readonly remote_message_id: number | null
  readonly intent_at: string | null
  readonly submitted_at: string | null
  readonly finished_at: string | null
  readonly seconds: number | null
  readonly run_id: number | null
  readonly position: number
  readonly dependency_key: string
}

/**
 * A message of a chat without use_history asks its question alone: moved to another place of its session (the chat's
 * messages reordered, one inserted or removed before it), the same question about the same documents has the same
 * key, and its answer moves with it instead of being asked again. (With use_history a key holds every earlier
 * question too, so it never matches at another place.) Returns, for one sync, how to tell and move such answers.
 */
export const makeMovedAnswers = (sqlite: BetterSqlite3.Database) => {
  const sessionAnswers = sqlite.prepare<[{ chatName: string; sessionKey: string }], AnswerRow>(
    `SELECT response, attempts, remote_message_id, intent_at, submitted_at, finished_at, seconds, run_id, position,
       dependency_key
     FROM chat_messages WHERE chat_name = @chatName AND session_key = @sessionKey AND state = 'success'`
  )
  const takeOver = sqlite.prepare(
    `INSERT INTO chat_messages (chat_name, scope, session_key, document_ids, position, query, dependency_key, state,
       response, attempts, remote_message_id, intent_at, submitted_at, finished_at, seconds, run_id)
     VALUES (@chatName, @scope, @sessionKey, @documentIds, @position, @query, @dependencyKey, 'success',
       @response, @attempts, @remote_message_id, @intent_at, @submitted_at, @finished_at, @seconds, @run_id)
     ON CONFLICT (chat_name, session_key, position) DO UPDATE SET wanted = 1, scope = excluded.scope,
       document_ids = excluded.document_ids, query = excluded.query, dependency_key = excluded.dependency_key,
       state = 'success', response = excluded.response, error = NULL, error_kind = NULL,
       attempts = excluded.attempts, remote_message_id = excluded.remote_message_id, intent_at = excluded.intent_at,
       submitted_at = excluded.submitted_at, finished_at = excluded.finished_at, seconds = excluded.seconds,
       run_id = excluded.run_id`
  )
  /** Whether the row at the message's own place answers it already, or asks it now. */
  const current = (old: StoredRow | undefined, message: WantedMessage) =>
    old?.dependency_key === message.dependencyKey &&
    (old.state === "success" || old.state === "submitting" || old.state === "submitted")

  return (): AnsweredElsewhere<WantedMessage> => {
    // One session's answers at a time, read when the sync meets its first message (wanted messages come session by
    // session), before it writes there: an answer moved away is still found at its old place.
    let seen: { readonly session: string; readonly answers: ReadonlyMap<string, AnswerRow> } | undefined
    const answerOf = (message: WantedMessage) => {
      const session = `${message.chatName}\u0000${message.sessionKey}`
      if (seen?.session !== session)
        seen = { session, answers: new Map(sessionAnswers.all(message).map((row) => [row.dependency_key, row])) }
      return seen.answers.get(message.dependencyKey)
    }
    return {
      answered: (message, old) => {
        const source = answerOf(message)
        return !current(old, message) && source !== undefined && source.position !== message.position
      },
      takeOver: (message) => {
        const source = answerOf(message)
        if (source === undefined) return
        const { position: _from, ...answer } = source
        takeOver.run({ ...answer, ...message, documentIds: JSON.stringify(message.documentIds) })
      }
    }
  }
}
