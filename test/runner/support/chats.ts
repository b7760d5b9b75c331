import { join } from "node:path"
import { assert } from "@effect/vitest"
import { Effect } from "effect"
import { stringify } from "yaml"
import type { SessionId } from "../../../src/api/Ids.js"
import { ServiceClient } from "../../../src/client/ServiceClient.js"
import type { ChatMessageRecord } from "../../../src/store/CheckpointModel.js"
import { localService, type TestService, type TestServiceOptions, writePipeline } from "./localService.js"
import { withCheckpoint } from "./runners.js"

export const fast = "run:\n  concurrency: 4\n  poll: { interval: 20ms, max_interval: 200ms }\n"

export interface Chat {
  readonly name: string
  readonly scope: "each" | "all"
  readonly max_documents?: number
  readonly use_history?: boolean
  readonly messages: ReadonlyArray<string>
}

/** Pipeline `name` over every document of the service: one column, then `chats`. */
export const chatPipeline = (service: TestService, name: string, ...chats: ReadonlyArray<Chat>) =>
  writePipeline(
    service.dir,
    name,
    `documents:\n  - ids: [${service.documentIds.join(", ")}]\ncolumns:\n  - { name: Parties, query: "Who are the parties?" }\n${stringify({ chats })}${fast}`
  )

/** The local service (with `options`) and pipeline `name` asking `chats` over its documents. */
export const servedChats = (options: TestServiceOptions, name: string, ...chats: ReadonlyArray<Chat>) =>
  Effect.map(localService(options), (service) => ({ service, file: chatPipeline(service, name, ...chats) }))

/** The wanted chat messages of pipeline `name`'s checkpoint. */
export const messagesOf = (service: TestService, name: string) =>
  withCheckpoint(join(service.dir, `out-${name}`), (store) => store.chatMessages())

/**
 * The checkpoint's messages of pipeline `name`, after asserting that they ask `queries` in this order and that each
 * answer is its own question's (the local service's answers quote the question they answer).
 */
export const answeredInOrder = (service: TestService, name: string, queries: ReadonlyArray<string>) =>
  Effect.map(messagesOf(service, name), (records) => {
    assert.deepStrictEqual(
      records.map((r) => r.query),
      queries
    )
    for (const record of records) assert.include(record.response ?? "", record.query)
    return records
  })

/** The messages each remote session holds, by session id. */
export const remoteMessages = (service: TestService, records: ReadonlyArray<ChatMessageRecord>) =>
  Effect.gen(function* () {
    const client = yield* ServiceClient
    const sessions = [...new Set(records.flatMap((r) => (r.remoteSessionId === undefined ? [] : [r.remoteSessionId])))]
    return yield* Effect.forEach(sessions, (id) =>
      Effect.map(client.listMessages(id as SessionId), (messages) => ({ id, messages }))
    )
  }).pipe(Effect.provide(service.client), Effect.orDie)

/** The queries each remote session of a run holds, in the order the service keeps them, by document. */
export const conversations = (service: TestService, name: string) =>
  Effect.gen(function* () {
    const records = yield* messagesOf(service, name)
    const sessions = yield* remoteMessages(service, records)
    return sessions.map(({ id, messages }) => ({
      id,
      documentIds: records.find((r) => r.remoteSessionId === id)?.documentIds ?? [],
      queries: messages.map((m) => m.query)
    }))
  })
