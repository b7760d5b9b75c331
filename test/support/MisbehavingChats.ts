import type { IncomingMessage, ServerResponse } from "node:http"

/** A reply of the test's own instead of processing a request. */
export interface ScriptedReply {
  readonly status: number
  readonly headers?: Record<string, string>
  readonly body: string
}

/**
 * A request's fate, by its number (1-based): "ok"; "drop" (processed, then the connection is cut: the ambiguous
 * case); "stall" (never processed nor answered: the connection stays open); or a reply of the test's own instead.
 */
export type Fate = "ok" | "drop" | "stall" | ScriptedReply

/** A chat request's fate: a `Fate`, or processed and its connection cut `dropAfterMs` later (a reply lost late). */
export type ChatFate = Fate | { readonly dropAfterMs: number }

/** How the chat half of the misbehaving service answers out of contract. */
export interface ChatMisbehaviour {
  /** Sessions and messages keep the client's `meta` (default true); false: a service that drops it. */
  readonly keepMeta?: boolean
  readonly onCreateSession?: (n: number) => ChatFate
  /** A message post's fate, by its number and query. */
  readonly onCreateMessage?: (n: number, query: string) => ChatFate
  /** A message list's fate, by its number: "ok" or a reply of the test's own. */
  readonly onListMessages?: (n: number) => "ok" | ScriptedReply
  /** The create-message reply: the record (default), or the session's messages, oldest or newest first (§8.3). */
  readonly replyShape?: "record" | "oldest-first" | "newest-first"
  /** An answer, given the query and the request's Authorization header (a service that echoes it). */
  readonly chatAnswer?: (query: string, authorization: string) => string
  /** `meta.error` of a failed message, by its query and how often that query was posted; undefined: answered. */
  readonly chatFailure?: (query: string, asked: number) => string | undefined
  /** Messages never answered: they stay `running`. */
  readonly neverAnswered?: (query: string) => boolean
  /** The status an answered message is listed with (default "success"; a status the interface does not know). */
  readonly answeredStatus?: string
}

interface Message {
  readonly id: number
  readonly sessionId: number
  readonly query: string
  readonly meta: Record<string, unknown>
  readonly postedAt: number
  readonly authorization: string
  /** How often its query had been posted when it was: 1 for the first. */
  readonly asked: number
  status: string
  response: string
  resultMeta: Record<string, unknown>
}

/** A posted message as the tests read it back: which session, which query. */
export interface PostedMessage {
  readonly sessionId: number
  readonly query: string
}

/** What the chat routes need from the server they live in. */
interface Exchange {
  readonly request: IncomingMessage
  readonly response: ServerResponse
  readonly path: string
  readonly url: URL
  readonly body: string
  readonly send: (status: number, value: unknown, headers?: Record<string, string>) => void
}

/** Sessions and messages on top of the misbehaving service (see MisbehavingService.ts), answered `latency` ms late. */
export const makeChats = (misbehaviour: ChatMisbehaviour, latency: number, nextId: () => number) => {
  const sessions = new Map<number, Record<string, unknown>>()
  const messages: Array<Message> = []
  const asked = new Map<string, number>()
  const counts = { sessions: 0, posts: 0, lists: 0 }
  const keepMeta = misbehaviour.keepMeta !== false
  const metaOf = (body: { meta?: Record<string, unknown> }) => (keepMeta ? (body.meta ?? {}) : {})

  const settle = (message: Message, now: number) => {
    if (message.status !== "pending" || now < message.postedAt + latency) return
    if (misbehaviour.neverAnswered?.(message.query) === true) {
      message.status = "running"
      return
    }
    const failure = misbehaviour.chatFailure?.(message.query, message.asked)
    message.status = failure === undefined ? (misbehaviour.answeredStatus ?? "success") : "failure"
    message.response =
      failure === undefined
        ? (misbehaviour.chatAnswer?.(message.query, message.authorization) ?? `answer to ${message.query}`)
        : ""
    message.resultMeta = failure === undefined ? message.meta : { ...message.meta, error: failure }
  }
  const json = (message: Message) => ({
    id: message.id,
    task_status: message.status,
    query: message.query,
    response: message.response,
    ai_session_id: message.sessionId,
    user_id: 3,
    created_at: new Date(message.postedAt).toISOString(),
    task_id: `chat-task-${message.id}`,
    meta: message.resultMeta,
    user_rating: ""
  })
  const listOf = (sessionId: number) => {
    const now = Date.now()
    const listed = messages.filter((m) => m.sessionId === sessionId)
    for (const message of listed) settle(message, now)
    return listed.map(json)
  }
  /** Applies a fate: true when the request is answered here (a scripted reply or a stall). */
  const scripted = (exchange: Exchange, fate: ChatFate) => {
    if (fate === "stall") return true
    if (typeof fate === "object" && "status" in fate) {
      exchange.send(fate.status, fate.body, fate.headers)
      return true
    }
    return false
  }
  const reply = (exchange: Exchange, fate: ChatFate, value: unknown) => {
    if (fate === "drop") exchange.request.socket.destroy()
    else if (typeof fate === "object" && "dropAfterMs" in fate)
      setTimeout(() => exchange.request.socket.destroy(), fate.dropAfterMs)
    else exchange.send(200, value)
  }

  /** Answers a chat route; false when the path is none of them. */
  const handle = (exchange: Exchange): boolean => {
    const { path, url, body } = exchange
    if (path === "/api/ai/session/create") {
      const fate = misbehaviour.onCreateSession?.(++counts.sessions) ?? "ok"
      if (scripted(exchange, fate)) return true
      const payload = JSON.parse(body) as Record<string, unknown> & { meta?: Record<string, unknown> }
      const session = { ...payload, id: nextId(), visibility: "private", created_at: new Date().toISOString() }
      sessions.set(session.id, { ...session, meta: metaOf(payload) })
      reply(exchange, fate, sessions.get(session.id))
      return true
    }
    if (path === "/api/ai/session/list") {
      const documentId = url.searchParams.get("document_id")
      const listed = [...sessions.values()].filter((s) =>
        documentId === null
          ? s.is_multidoc === true
          : s.is_multidoc !== true && (s.document_ids as ReadonlyArray<number>).includes(Number(documentId))
      )
      exchange.send(200, listed)
      return true
    }
    const sessionOf = /^\/api\/ai\/session\/(\d+)\/qa\//.exec(path)?.[1]
    if (sessionOf !== undefined && !sessions.has(Number(sessionOf))) {
      exchange.send(404, { detail: `no session ${sessionOf}` })
      return true
    }
    const postIn = /^\/api\/ai\/session\/(\d+)\/qa\/create$/.exec(path)?.[1]
    if (postIn !== undefined) {
      const payload = JSON.parse(body) as { query: string; meta?: Record<string, unknown> }
      const fate = misbehaviour.onCreateMessage?.(++counts.posts, payload.query) ?? "ok"
      if (scripted(exchange, fate)) return true
      const n = (asked.get(payload.query) ?? 0) + 1
      asked.set(payload.query, n)
      const message: Message = {
        id: nextId(),
        sessionId: Number(postIn),
        query: payload.query,
        meta: metaOf(payload),
        postedAt: Date.now(),
        authorization: exchange.request.headers.authorization ?? "",
        asked: n,
        status: "pending",
        response: "",
        resultMeta: metaOf(payload)
      }
      messages.push(message)
      const shape = misbehaviour.replyShape ?? "record"
      const list = listOf(message.sessionId)
      reply(exchange, fate, shape === "record" ? json(message) : shape === "oldest-first" ? list : list.reverse())
      return true
    }
    const listIn = /^\/api\/ai\/session\/(\d+)\/qa\/list$/.exec(path)?.[1]
    if (listIn !== undefined) {
      const fate = misbehaviour.onListMessages?.(++counts.lists) ?? "ok"
      if (typeof fate === "object") exchange.send(fate.status, fate.body, fate.headers)
      else exchange.send(200, listOf(Number(listIn)))
      return true
    }
    return false
  }

  return {
    handle,
    /** Every message processed, in order. */
    posted: (): ReadonlyArray<PostedMessage> => messages.map(({ sessionId, query }) => ({ sessionId, query })),
    sessionCount: () => sessions.size
  } as const
}
