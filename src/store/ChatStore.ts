import { Effect } from "effect"
import { CheckpointDatabase } from "./CheckpointDatabase.js"
import type { ChatFilter, ChatKey, ChatResult, ChatSession, SyncOptions, WantedChatMessage } from "./CheckpointModel.js"
import { makeMovedAnswers, type WantedMessage } from "./MovedAnswers.js"
import { mapRows } from "./StoreRows.js"
import type { SyncWrite } from "./SyncRules.js"
import { type ChatRow, toChat } from "./WorkRecords.js"
import { filterCondition, filterParams, makeWorkRows, resultRow } from "./WorkRows.js"

type MessageRow = Omit<WantedChatMessage, "documentIds"> & { readonly documentIds: string }

/**
 * Chat messages of the checkpoint: the same sync, intent and history as cells (WorkRows), keyed by (chat, session,
 * position), and the remote session of each session key.
 */
export class ChatStore extends Effect.Service<ChatStore>()("app/store/ChatStore", {
  effect: Effect.gen(function* () {
    const { attempt, sqlite } = yield* CheckpointDatabase
    const rows = makeWorkRows(sqlite, "chat_messages")
    const { where } = rows
    const saveSession = sqlite.prepare<[{ chatName: string; sessionKey: string; remoteSessionId: number | null }]>(
      `INSERT INTO chat_sessions (chat_name, session_key, remote_session_id) VALUES (@chatName, @sessionKey, @remoteSessionId)
       ON CONFLICT (chat_name, session_key) DO UPDATE SET remote_session_id = excluded.remote_session_id`
    )
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
    // A session started over: its remote session is forgotten and its messages (`all`, or those unanswered) wait.
    const forgetSession = sqlite.prepare<[{ chatName: string; sessionKey: string }]>(
      "DELETE FROM chat_sessions WHERE chat_name = @chatName AND session_key = @sessionKey"
    )
    const reopen = sqlite.prepare<[{ chatName: string; sessionKey: string; all: number }]>(
      `UPDATE chat_messages SET state = 'pending', response = NULL, error = NULL, error_kind = NULL,
         remote_message_id = NULL, intent_at = NULL, submitted_at = NULL, finished_at = NULL, seconds = NULL,
         attempts = 0
       WHERE chat_name = @chatName AND session_key = @sessionKey AND (@all = 1 OR state <> 'success')`
    )
    const select = sqlite.prepare<[{ all: number; chat: string | null; states: string | null }], ChatRow>(
      `SELECT m.*, s.remote_session_id FROM chat_messages m
       LEFT JOIN chat_sessions s ON s.chat_name = m.chat_name AND s.session_key = m.session_key
       WHERE ${filterCondition("m")} AND (@chat IS NULL OR m.chat_name = @chat)
       ORDER BY m.chat_name, m.session_key, m.position`
    )
    const submitting = sqlite.prepare<[ChatKey & { runId: number; at: string }]>(
      `UPDATE chat_messages SET state = 'submitting', intent_at = @at, attempts = attempts + 1, run_id = @runId,
         error = NULL, error_kind = NULL ${where}`
    )
    const submitted = sqlite.prepare<[ChatKey & { remoteMessageId: number; at: string }]>(
      `UPDATE chat_messages SET state = 'submitted', remote_message_id = @remoteMessageId, submitted_at = @at ${where}`
    )
    const result = sqlite.prepare(
      `UPDATE chat_messages SET state = @state, response = @response, error = @error, error_kind = @errorKind,
         seconds = @seconds, run_id = @runId, finished_at = CASE WHEN @state = 'pending' THEN NULL ELSE @at END ${where}`
    )

    const apply = (action: SyncWrite, message: WantedMessage) => {
      const row = { ...message, documentIds: JSON.stringify(message.documentIds) }
      if (action._tag === "insert") insert.run(row)
      else if (action._tag === "reset") reset.run({ ...row, fresh: action.fresh ? 1 : 0 })
      else if (action._tag === "keep") keep.run(message)
    }
    // The sync writes its decisions; the plan (`--dry-run`, `--max-cells`) only counts them.
    const syncing = (write: boolean) =>
      sqlite.transaction((wanted: ReadonlyArray<WantedChatMessage>, options: SyncOptions) =>
        rows.sync(
          wanted.map((message): WantedMessage => ({ ...message, tableSlot: 0 })),
          { ...options, write },
          apply,
          movedAnswers()
        )
      )
    const sync = syncing(true)
    const plan = syncing(false)
    const finish = sqlite.transaction((key: ChatKey, outcome: ChatResult) => {
      const row = resultRow({ ...key, errorKind: outcome.errorKind ?? null }, outcome)
      result.run(row)
      if (outcome.state !== "pending") rows.remember(row)
    })

    const movedAnswers = makeMovedAnswers(sqlite)

    const restart = sqlite.transaction((session: { chatName: string; sessionKey: string }, all: boolean) => {
      forgetSession.run(session)
      return reopen.run({ ...session, all: all ? 1 : 0 }).changes
    })

    return {
      /** The remote session of one chat session key (created once, reused by a resumed run). */
      saveChatSession: Effect.fn("ChatStore.saveChatSession")(function* (session: ChatSession) {
        yield* attempt("saveChatSession", () =>
          saveSession.run({ ...session, remoteSessionId: session.remoteSessionId ?? null })
        )
      }),
      /**
       * Starts a session over (one transaction): forgets its remote session and puts its messages back to `pending`,
       * every one (`all`: a conversation asked again from its start) or those without an answer. Returns how many.
       */
      restartChatSession: Effect.fn("ChatStore.restartChatSession")(function* (
        session: { readonly chatName: string; readonly sessionKey: string },
        options: { readonly all: boolean }
      ) {
        return yield* attempt("restartChatSession", () => restart.immediate(session, options.all))
      }),
      /** Reconciles the stored messages with the pipeline's wanted messages (one transaction); see SyncRules. */
      syncChatMessages: Effect.fn("ChatStore.syncChatMessages")(function* (
        wanted: ReadonlyArray<WantedChatMessage>,
        options: SyncOptions
      ) {
        return yield* attempt("syncChatMessages", () => sync.immediate(wanted, options))
      }),
      /** What `syncChatMessages` would decide, counted without writing anything (a read snapshot). */
      planChatMessages: Effect.fn("ChatStore.planChatMessages")(function* (
        wanted: ReadonlyArray<WantedChatMessage>,
        options: SyncOptions
      ) {
        return yield* attempt("planChatMessages", () => plan.deferred(wanted, options))
      }),
      /** Messages by chat, session and position (wanted ones unless `includeUnwanted`). */
      chatMessages: Effect.fn("ChatStore.chatMessages")(function* (filter: ChatFilter = {}) {
        const params = { ...filterParams(filter), chat: filter.chatName ?? null }
        return yield* attempt("chatMessages", () => mapRows(select.iterate(params), toChat))
      }),
      /** Wanted messages of the latest sync, by state. */
      chatCounts: Effect.fn("ChatStore.chatCounts")(function* () {
        return yield* attempt("chatCounts", rows.counts)
      }),
      /** The intent, committed (autocommit) before the message is sent. */
      markChatSubmitting: Effect.fn("ChatStore.markChatSubmitting")(function* (
        key: ChatKey,
        runId: number,
        at: string
      ) {
        yield* attempt("markChatSubmitting", () => submitting.run({ ...key, runId, at }))
      }),
      /** The message landed: `submitted` with its remote id. */
      markChatSubmitted: Effect.fn("ChatStore.markChatSubmitted")(function* (
        key: ChatKey,
        remoteMessageId: number,
        at: string
      ) {
        yield* attempt("markChatSubmitted", () => submitted.run({ ...key, remoteMessageId, at }))
      }),
      /** The message certainly did not land: back to `pending`, attempts - 1. */
      revertChatSubmitting: Effect.fn("ChatStore.revertChatSubmitting")(function* (key: ChatKey) {
        yield* attempt("revertChatSubmitting", () => rows.revert(key))
      }),
      /** A result, and for success or failure its history row, in one transaction. */
      markChatResult: Effect.fn("ChatStore.markChatResult")(function* (key: ChatKey, outcome: ChatResult) {
        yield* attempt("markChatResult", () => finish.immediate(key, outcome))
      })
    } as const
  })
}) {}
