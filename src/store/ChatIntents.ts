import type { ChatKey } from "./CheckpointModel.js"

/**
 * The checkpoint's `meta` key holding the intent marker of a chat message's latest request: written before the message
 * is posted, read to adopt it after a lost reply or a killed run. A message that moves to another place of its
 * session with its request in flight takes its marker along (see MovedAnswers).
 */
export const messageIntentKey = (key: ChatKey) =>
  `runner.message_intent:${key.chatName}:${key.sessionKey}:${key.position}`
