import { Effect, Option } from "effect"
import type { Chat } from "../pipeline/PipelineSchema.js"
import { planSessions } from "../pipeline/Plan.js"
import type { ChatMessageRecord, DocumentRecord, WantedChatMessage } from "../store/CheckpointModel.js"
import { RunStore } from "../store/RunStore.js"
import { chatDependencyKey, sessionKeyOf } from "./Keys.js"

/** The checkpoint's meta key holding the max_documents a `scope: all` chat's sessions were last planned with. */
const maxDocumentsKey = (chat: string) => `runner.chat_max_documents:${chat}`

/**
 * The checkpoint's messages whose sessions a run's planning keeps (`stored` for `wantedChatMessages`): not those of a
 * `scope: all` chat whose max_documents was raised since its sessions were planned. Kept, they would never grow, and
 * the raise would change nothing; its documents are grouped anew instead, in fewer sessions. A checkpoint that
 * recorded no max keeps them all.
 */
export const keptSessions = Effect.fn("WantedChats.keptSessions")(function* (
  chats: ReadonlyArray<Chat>,
  stored: ReadonlyArray<ChatMessageRecord>
) {
  const runStore = yield* RunStore
  const regrouped = new Set<string>()
  for (const chat of chats.filter((c) => c.scope === "all")) {
    const planned = yield* runStore.getMeta(maxDocumentsKey(chat.name))
    if (Option.exists(planned, (max) => chat.max_documents > Number(max))) regrouped.add(chat.name)
  }
  return stored.filter((message) => !regrouped.has(message.chatName))
})

/** Records the max_documents each `scope: all` chat's sessions are planned with now, for `keptSessions`. */
export const recordMaxDocuments = Effect.fn("WantedChats.recordMaxDocuments")(function* (chats: ReadonlyArray<Chat>) {
  const runStore = yield* RunStore
  for (const chat of chats.filter((c) => c.scope === "all"))
    yield* runStore.setMeta(maxDocumentsKey(chat.name), String(chat.max_documents))
})

/** The documents of each multi-doc session the checkpoint's messages (the wanted ones) were asked in, by chat. */
const multiDocSessions = (stored: ReadonlyArray<ChatMessageRecord>) => {
  const sessions = new Map<string, Map<string, ReadonlyArray<number>>>()
  for (const message of stored) {
    if (message.scope !== "all") continue
    const ofChat = sessions.get(message.chatName) ?? new Map<string, ReadonlyArray<number>>()
    sessions.set(message.chatName, ofChat.set(message.sessionKey, message.documentIds))
  }
  return (chat: string) => [...(sessions.get(chat)?.values() ?? [])]
}

/**
 * Every message of every chat session of the run, keyed by what its answer depends on. A `scope: all` chat keeps
 * the sessions `stored` messages were asked in (see `planSessions`): a document added or removed changes one.
 */
export const wantedChatMessages = (
  chats: ReadonlyArray<Chat>,
  documents: ReadonlyArray<DocumentRecord>,
  stored: ReadonlyArray<ChatMessageRecord>
): ReadonlyArray<WantedChatMessage> => {
  const versions = new Map(documents.map((doc) => [doc.id, doc.version]))
  const previous = multiDocSessions(stored)
  return chats.flatMap((chat) =>
    planSessions(
      documents.map((doc) => doc.id),
      chat,
      previous(chat.name)
    ).flatMap((session) =>
      session.messages.map((query, position) => ({
        chatName: chat.name,
        sessionKey: sessionKeyOf(session.documentIds),
        position,
        scope: chat.scope,
        documentIds: session.documentIds,
        query,
        dependencyKey: chatDependencyKey({
          versions: session.documentIds.map((id) => versions.get(id) ?? ""),
          queries: session.messages,
          position,
          useHistory: chat.use_history
        })
      }))
    )
  )
}
