import type { Chat } from "../pipeline/PipelineSchema.js"
import { planSessions } from "../pipeline/Plan.js"
import type { ChatMessageRecord, DocumentRecord, WantedChatMessage } from "../store/CheckpointModel.js"
import { chatDependencyKey, sessionKeyOf } from "./Keys.js"

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
