import { Effect } from "effect"
import type {
  ChatErrorKind,
  ChatFilter,
  ChatKey,
  ChatResult,
  ChatSession,
  SyncCounts,
  SyncOptions,
  WantedChatMessage
} from "./CheckpointModel.js"
import type { Database } from "./Database.js"
import { type ChatRow, stateCounts, toChat } from "./StoreRows.js"
import { decideSync } from "./SyncRules.js"

interface Existing extends ChatKey {
  readonly state: string
  readonly dependencyKey: string
  readonly wanted: number
}

type MessageRow = Omit<WantedChatMessage, "documentIds"> & { readonly documentIds: string }

const messageKey = (key: ChatKey) => `${key.chatName}\u0000${key.sessionKey}\u0000${key.position}`

const where = "WHERE chat_name = @chatName AND session_key = @sessionKey AND position = @position"

/** Chat messages: the same sync, intent and history rules as cells, keyed by (chat, session, position). */
export const makeChatStore = ({ attempt, sqlite }: Database) => {
  const saveSession = sqlite.prepare<[{ chatName: string; sessionKey: string; remoteSessionId: number | null }]>(
    `INSERT INTO chat_sessions (chat_name, session_key, remote_session_id) VALUES (@chatName, @sessionKey, @remoteSessionId)
     ON CONFLICT (chat_name, session_key) DO UPDATE SET remote_session_id = excluded.remote_session_id`
  )
  const existing = sqlite.prepare<[], Existing>(
    `SELECT chat_name AS chatName, session_key AS sessionKey, position, state, dependency_key AS dependencyKey,
       wanted FROM chat_messages`
  )
  const unwant = sqlite.prepare<[ChatKey]>(`UPDATE chat_messages SET wanted = 0 ${where}`)
  const insert = sqlite.prepare<[MessageRow]>(
    `INSERT INTO chat_messages (chat_name, scope, session_key, document_ids, position, query, dependency_key, state)
     VALUES (@chatName, @scope, @sessionKey, @documentIds, @position, @query, @dependencyKey, 'pending')`
  )
  const keep = sqlite.prepare<[ChatKey]>(`UPDATE chat_messages SET wanted = 1 ${where}`)
  // A re-asked message is a new message in the session: its remote id goes.
  const reset = sqlite.prepare<[MessageRow & { fresh: number }]>(
    `UPDATE chat_messages SET wanted = 1, state = 'pending', scope = @scope, document_ids = @documentIds,
       query = @query, dependency_key = @dependencyKey, response = NULL, error = NULL, error_kind = NULL,
       remote_message_id = NULL,
       intent_at = NULL, submitted_at = NULL, finished_at = NULL, seconds = NULL,
       attempts = CASE WHEN @fresh = 1 THEN 0 ELSE attempts END ${where}`
  )
  const select = sqlite.prepare<[{ all: number; chat: string | null; states: string | null }], ChatRow>(
    `SELECT m.*, s.remote_session_id FROM chat_messages m
     LEFT JOIN chat_sessions s ON s.chat_name = m.chat_name AND s.session_key = m.session_key
     WHERE (@all = 1 OR m.wanted = 1) AND (@chat IS NULL OR m.chat_name = @chat)
       AND (@states IS NULL OR m.state IN (SELECT value FROM json_each(@states)))
     ORDER BY m.chat_name, m.session_key, m.position`
  )
  const counts = sqlite.prepare<[], { state: string; count: number }>(
    "SELECT state, COUNT(*) AS count FROM chat_messages WHERE wanted = 1 GROUP BY state"
  )
  const submitting = sqlite.prepare<[ChatKey & { runId: number; at: string }]>(
    `UPDATE chat_messages SET state = 'submitting', intent_at = @at, attempts = attempts + 1, run_id = @runId,
       error = NULL, error_kind = NULL ${where}`
  )
  const submitted = sqlite.prepare<[ChatKey & { remoteMessageId: number; at: string }]>(
    `UPDATE chat_messages SET state = 'submitted', remote_message_id = @remoteMessageId, submitted_at = @at ${where}`
  )
  const revert = sqlite.prepare<[ChatKey]>(
    `UPDATE chat_messages SET state = 'pending', attempts = MAX(attempts - 1, 0), intent_at = NULL
     ${where} AND state = 'submitting'`
  )
  const result = sqlite.prepare<[ResultRow]>(
    `UPDATE chat_messages SET state = @state, response = @response, error = @error, error_kind = @errorKind,
       seconds = @seconds, run_id = @runId, finished_at = CASE WHEN @state = 'pending' THEN NULL ELSE @at END ${where}`
  )
  const history = sqlite.prepare<[ResultRow]>(
    `INSERT INTO chat_answers (run_id, chat_name, session_key, position, state, response, error, at)
     VALUES (@runId, @chatName, @sessionKey, @position, @state, @response, @error, @at)`
  )

  const sync = sqlite.transaction((wanted: ReadonlyArray<WantedChatMessage>, options: SyncOptions): SyncCounts => {
    const known = new Map(existing.all().map((row) => [messageKey(row), row]))
    const unique = new Map(wanted.map((message) => [messageKey(message), message]))
    const tally = { total: unique.size, alreadyAnswered: 0, toRun: 0, inFlight: 0, skipped: 0 }
    for (const [key, old] of known) {
      if (old.wanted === 1 && !unique.has(key)) unwant.run(old)
    }
    for (const [key, message] of unique) {
      const old = known.get(key)
      const stored = old && { state: old.state, dependencyKey: old.dependencyKey, tableSlot: 0, queryKey: undefined }
      const { action, counted } = decideSync(stored, { dependencyKey: message.dependencyKey, tableSlot: 0 }, options)
      tally[counted] += 1
      const row = { ...message, documentIds: JSON.stringify(message.documentIds) }
      if (action._tag === "insert") insert.run(row)
      else if (action._tag === "reset") reset.run({ ...row, fresh: action.fresh ? 1 : 0 })
      else if (action._tag === "keep" && old?.wanted !== 1) keep.run(message)
    }
    return tally
  })
  const finish = sqlite.transaction((row: ResultRow, final: boolean) => {
    result.run(row)
    if (final) history.run(row)
  })

  return {
    /** The remote session of one chat session key (created once, reused by a resumed run). */
    saveChatSession: Effect.fn("CheckpointStore.saveChatSession")(function* (session: ChatSession) {
      yield* attempt("saveChatSession", () =>
        saveSession.run({ ...session, remoteSessionId: session.remoteSessionId ?? null })
      )
    }),
    syncChatMessages: Effect.fn("CheckpointStore.syncChatMessages")(function* (
      wanted: ReadonlyArray<WantedChatMessage>,
      options: SyncOptions
    ) {
      return yield* attempt("syncChatMessages", () => sync.immediate(wanted, options))
    }),
    /** Messages by chat, session and position (wanted ones unless `includeUnwanted`). */
    chatMessages: Effect.fn("CheckpointStore.chatMessages")(function* (filter: ChatFilter = {}) {
      const params = {
        all: filter.includeUnwanted === true ? 1 : 0,
        chat: filter.chatName ?? null,
        states: filter.states === undefined ? null : JSON.stringify(filter.states)
      }
      return yield* attempt("chatMessages", () => select.all(params).map(toChat))
    }),
    chatCounts: Effect.fn("CheckpointStore.chatCounts")(function* () {
      return yield* attempt("chatCounts", () => stateCounts(counts.all()))
    }),
    /** The intent, committed (autocommit) before the message is sent. */
    markChatSubmitting: Effect.fn("CheckpointStore.markChatSubmitting")(function* (
      key: ChatKey,
      runId: number,
      at: string
    ) {
      yield* attempt("markChatSubmitting", () => submitting.run({ ...key, runId, at }))
    }),
    markChatSubmitted: Effect.fn("CheckpointStore.markChatSubmitted")(function* (
      key: ChatKey,
      remoteMessageId: number,
      at: string
    ) {
      yield* attempt("markChatSubmitted", () => submitted.run({ ...key, remoteMessageId, at }))
    }),
    revertChatSubmitting: Effect.fn("CheckpointStore.revertChatSubmitting")(function* (key: ChatKey) {
      yield* attempt("revertChatSubmitting", () => revert.run(key))
    }),
    /** A result, and for success or failure its history row, in one transaction. */
    markChatResult: Effect.fn("CheckpointStore.markChatResult")(function* (key: ChatKey, outcome: ChatResult) {
      const row: ResultRow = {
        chatName: key.chatName,
        sessionKey: key.sessionKey,
        position: key.position,
        state: outcome.state,
        response: outcome.response ?? null,
        error: outcome.error ?? null,
        errorKind: outcome.errorKind ?? null,
        at: outcome.at,
        seconds: outcome.seconds ?? null,
        runId: outcome.runId
      }
      yield* attempt("markChatResult", () => finish.immediate(row, outcome.state !== "pending"))
    })
  } as const
}

interface ResultRow extends ChatKey {
  readonly state: string
  readonly response: string | null
  readonly error: string | null
  readonly errorKind: ChatErrorKind | null
  readonly at: string
  readonly seconds: number | null
  readonly runId: number
}
