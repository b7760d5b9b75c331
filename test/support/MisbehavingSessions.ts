/**
 * Chat sessions for `MisbehavingService`: create and list sessions, post and list messages, answered after a
 * latency, with hooks that make the message list answer out of contract or drop a post's reply after the work.
 */
export interface SessionMisbehaviour {
  /**
   * A posted message's fate, by its number (1-based): "ok", or "drop" (posted, then the connection is cut 200 ms
   * later, once other sessions' posts of the moment are answered).
   */
  readonly onPost?: (n: number) => "ok" | "drop"
  /** Rewrites each message list before it is sent (messages as JSON records). */
  readonly listed?: (messages: ReadonlyArray<Record<string, unknown>>) => unknown
}

interface Message {
  readonly id: number
  readonly sessionId: number
  readonly query: string
  readonly postedAt: number
  readonly meta: Record<string, unknown>
}

/** What a route needs to answer: the request's parts, and how to reply. */
export interface Routed {
  readonly method: string
  readonly path: string
  readonly query: URLSearchParams
  readonly body: string
  readonly send: (status: number, value: unknown) => void
  readonly drop: () => void
}

export const makeSessions = (misbehaviour: SessionMisbehaviour, latencyMs: number, nextId: () => number) => {
  const sessions = new Map<number, Record<string, unknown>>()
  const messages: Array<Message> = []
  let posts = 0
  const json = (message: Message, now: number) => {
    const done = now >= message.postedAt + latencyMs
    return {
      id: message.id,
      task_status: done ? "success" : "pending",
      query: message.query,
      response: done ? `reply to ${message.query}` : "",
      ai_session_id: message.sessionId,
      user_id: 3,
      created_at: new Date(message.postedAt).toISOString(),
      task_id: `task-${message.id}`,
      meta: message.meta,
      user_rating: ""
    }
  }
  /** Answers a session route; false when the path is none of them. */
  const route = ({ body, drop, method, path, query, send }: Routed): boolean => {
    if (method === "POST" && path === "/api/ai/session/create") {
      const payload = JSON.parse(body) as Record<string, unknown>
      const session = { ...payload, id: nextId(), visibility: "private", created_at: new Date().toISOString() }
      sessions.set(session.id, { meta: {}, ...session })
      send(200, sessions.get(session.id))
      return true
    }
    if (method === "GET" && path === "/api/ai/session/list") {
      const document = Number(query.get("document_id"))
      send(
        200,
        [...sessions.values()].filter((s) => (s.document_ids as ReadonlyArray<number> | undefined)?.includes(document))
      )
      return true
    }
    const post = /^\/api\/ai\/session\/(\d+)\/qa\/create$/.exec(path)
    if (method === "POST" && post !== null) {
      const payload = JSON.parse(body) as { query: string; meta?: Record<string, unknown> }
      const message = {
        id: nextId(),
        sessionId: Number(post[1]),
        query: payload.query,
        postedAt: Date.now(),
        meta: payload.meta ?? {}
      }
      messages.push(message)
      posts += 1
      if (misbehaviour.onPost?.(posts) === "drop") setTimeout(drop, 200)
      else send(200, json(message, Date.now()))
      return true
    }
    const list = /^\/api\/ai\/session\/(\d+)\/qa\/list$/.exec(path)
    if (method === "GET" && list !== null) {
      const now = Date.now()
      const listed = messages.filter((m) => m.sessionId === Number(list[1])).map((m) => json(m, now))
      send(200, misbehaviour.listed?.(listed) ?? listed)
      return true
    }
    return false
  }
  return {
    route,
    /** How often each query was posted. */
    posted: () => {
      const counts = new Map<string, number>()
      for (const m of messages) counts.set(m.query, (counts.get(m.query) ?? 0) + 1)
      return counts
    }
  }
}
