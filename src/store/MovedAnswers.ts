import type BetterSqlite3 from "better-sqlite3"
import { messageIntentKey } from "./ChatIntents.js"
import type { WantedChatMessage } from "./CheckpointModel.js"
import type { AskedElsewhere, StoredRow } from "./WorkRows.js"

/** A chat message as the sync takes it: messages live in no table, so all share slot 0. */
export type WantedMessage = WantedChatMessage & { readonly tableSlot: number }

/** A message of a session answered or asked (in flight), as stored: what moves with it, where it was, and its key. */
interface AskedRow {
  readonly state: "success" | "submitting" | "submitted"
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

const inFlight = (state: string) => state === "submitting" || state === "submitted"

/**
 * A message of a chat without use_history asks its question alone: moved to another place of its session (the chat's
 * messages reordered, one inserted or removed before it), the same question about the same documents has the same
 * key, and its answer moves with it instead of being asked again. So does its request when a killed run left it in
 * flight, with its intent marker: the resumed run adopts it at the new place rather than asking a second time. (With
 * use_history a key holds every earlier question too, so it never matches at another place.) Returns, for one sync,
 * how to tell and move such messages.
 */
export const makeMovedAnswers = (sqlite: BetterSqlite3.Database) => {
  // An answer before a request in flight for the same question (a repeated one): read last, it is the one kept.
  const sessionAsked = sqlite.prepare<[{ chatName: string; sessionKey: string }], AskedRow>(
    `SELECT state, response, attempts, remote_message_id, intent_at, submitted_at, finished_at, seconds, run_id,
       position, dependency_key
     FROM chat_messages WHERE chat_name = @chatName AND session_key = @sessionKey
       AND state IN ('success', 'submitting', 'submitted')
     ORDER BY state = 'success', position`
  )
  const takeOver = sqlite.prepare(
    `INSERT INTO chat_messages (chat_name, scope, session_key, document_ids, position, query, dependency_key, state,
       response, attempts, remote_message_id, intent_at, submitted_at, finished_at, seconds, run_id)
     VALUES (@chatName, @scope, @sessionKey, @documentIds, @position, @query, @dependencyKey, @state,
       @response, @attempts, @remote_message_id, @intent_at, @submitted_at, @finished_at, @seconds, @run_id)
     ON CONFLICT (chat_name, session_key, position) DO UPDATE SET wanted = 1, scope = excluded.scope,
       document_ids = excluded.document_ids, query = excluded.query, dependency_key = excluded.dependency_key,
       state = excluded.state, response = excluded.response, error = NULL, error_kind = NULL,
       attempts = excluded.attempts, remote_message_id = excluded.remote_message_id, intent_at = excluded.intent_at,
       submitted_at = excluded.submitted_at, finished_at = excluded.finished_at, seconds = excluded.seconds,
       run_id = excluded.run_id`
  )
  const copyMarker = sqlite.prepare<[{ from: string; to: string }]>(
    `INSERT INTO meta (key, value) SELECT @to, value FROM meta WHERE key = @from
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`
  )
  /** Whether the row at the message's own place answers it already, or asks it now. */
  const current = (old: StoredRow | undefined, message: WantedMessage) =>
    old?.dependency_key === message.dependencyKey && (old.state === "success" || inFlight(old.state))

  return (): AskedElsewhere<WantedMessage> => {
    // One session's messages at a time, read when the sync meets its first message (wanted messages come session by
    // session), before it writes there: a message moved away is still found at its old place.
    let seen: { readonly session: string; readonly asked: ReadonlyMap<string, AskedRow> } | undefined
    const askedAs = (message: WantedMessage) => {
      const session = `${message.chatName}\u0000${message.sessionKey}`
      if (seen?.session !== session)
        seen = { session, asked: new Map(sessionAsked.all(message).map((row) => [row.dependency_key, row])) }
      return seen.asked.get(message.dependencyKey)
    }
    return {
      found: (message, old) => {
        const source = askedAs(message)
        if (current(old, message) || source === undefined || source.position === message.position) return undefined
        return inFlight(source.state) ? "inFlight" : "alreadyAnswered"
      },
      takeOver: (message) => {
        const source = askedAs(message)
        if (source === undefined) return
        const { position: from, ...asked } = source
        takeOver.run({ ...asked, ...message, documentIds: JSON.stringify(message.documentIds) })
        if (source.state === "submitting")
          copyMarker.run({ from: messageIntentKey({ ...message, position: from }), to: messageIntentKey(message) })
      }
    }
  }
}
