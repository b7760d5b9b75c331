import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { Effect } from "effect"

/** What the fake endpoint does with one request. */
export type Reply =
  | {
      readonly _tag: "Status"
      readonly status: number
      readonly body: string
      readonly headers?: Readonly<Record<string, string>>
    }
  | { readonly _tag: "Stream"; readonly deltas: ReadonlyArray<string>; readonly end?: "reset" | "no-done" }
  | { readonly _tag: "Hang"; readonly headers: boolean }
  | { readonly _tag: "Echo"; readonly status: number; readonly prefix: string }
  | { readonly _tag: "Endless"; readonly delta: string }
  | { readonly _tag: "Events"; readonly events: ReadonlyArray<unknown> }

export const status = (code: number, body = "", headers: Readonly<Record<string, string>> = {}): Reply => ({
  _tag: "Status",
  status: code,
  body,
  headers
})
export const streamed = (deltas: ReadonlyArray<string>): Reply => ({ _tag: "Stream", deltas })
/** Never answers (`headers: false`), or sends the 200 headers and then nothing. */
export const hang = (headers: boolean): Reply => ({ _tag: "Hang", headers })
/** Refuses with `prefix` and then the request's Authorization header in the body, as some proxies do. */
export const echoAuthorization = (code: number, prefix: string): Reply => ({ _tag: "Echo", status: code, prefix })
/** Streams `delta` every millisecond until the client goes away, as a model caught repeating itself does. */
export const endless = (delta: string): Reply => ({ _tag: "Endless", delta })
/** Streams each event as one `data:` line as given, then `[DONE]`: for chunks of unusual shapes. */
export const events = (list: ReadonlyArray<unknown>): Reply => ({ _tag: "Events", events: list })
/** Streams the deltas, then breaks the connection without `[DONE]`. */
export const dropped = (deltas: ReadonlyArray<string>): Reply => ({ _tag: "Stream", deltas, end: "reset" })
/** Streams the deltas and ends the response cleanly, but without a finish reason or `[DONE]`. */
export const unfinished = (deltas: ReadonlyArray<string>): Reply => ({ _tag: "Stream", deltas, end: "no-done" })

export interface Received {
  /** When it arrived (ms, wall clock): the tests measure the waits between attempts. */
  readonly at: number
  readonly method: string | undefined
  readonly url: string | undefined
  readonly headers: IncomingHttpHeaders
  readonly body: unknown
}

export interface FakeOpenAi {
  readonly baseUrl: string
  /** Requests in arrival order. */
  readonly received: Array<Received>
}

const chunk = (content: string) =>
  `data: ${JSON.stringify({ object: "chat.completion.chunk", choices: [{ index: 0, delta: { content } }] })}\n\n`

/**
 * An OpenAI-compatible `/v1/chat/completions` on 127.0.0.1 with a free port. Requests take the replies in
 * order; the last reply repeats. Closed (connections included) when the scope closes.
 */
export const fakeOpenAi = (replies: ReadonlyArray<Reply>) => {
  const received: Array<Received> = []
  const listen = Effect.async<Server>((resume) => {
    const server = createServer((request, response) => {
      let raw = ""
      request.setEncoding("utf8")
      request.on("data", (part: string) => {
        raw += part
      })
      request.on("end", () => {
        received.push({
          at: performance.now(),
          method: request.method,
          url: request.url,
          headers: request.headers,
          body: JSON.parse(raw)
        })
        const reply = replies[Math.min(received.length, replies.length) - 1] ?? status(500, "no reply scripted")
        if (reply._tag === "Hang") {
          if (reply.headers) response.writeHead(200, { "content-type": "text/event-stream" }).flushHeaders()
          return
        }
        if (reply._tag === "Echo") {
          response.writeHead(reply.status, { "content-type": "text/plain" })
          response.end(`${reply.prefix}Authorization: ${request.headers.authorization ?? "(none)"}`)
          return
        }
        if (reply._tag === "Status") {
          response.writeHead(reply.status, { "content-type": "application/json", ...reply.headers }).end(reply.body)
          return
        }
        response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" })
        // A keep-alive comment and a role-only chunk, as OpenAI sends, carry no text.
        response.write(": keep-alive\n\n")
        response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: "assistant" } }] })}\n\n`)
        if (reply._tag === "Events") {
          response.end(`${reply.events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("")}data: [DONE]\n\n`)
          return
        }
        if (reply._tag === "Endless") {
          const timer = setInterval(() => response.write(chunk(reply.delta)), 1)
          response.on("close", () => clearInterval(timer))
          return
        }
        if (reply.end === "no-done") {
          response.end(reply.deltas.map(chunk).join(""))
          return
        }
        if (reply.end === "reset") {
          // Destroy only once the content is on the wire, so the client sees text and then a broken stream.
          response.write(reply.deltas.map(chunk).join(""), () => setImmediate(() => response.socket?.destroy()))
          return
        }
        for (const delta of reply.deltas) response.write(chunk(delta))
        response.write(`data: ${JSON.stringify({ choices: [], usage: { total_tokens: 1 } })}\n\n`)
        response.end("data: [DONE]\n\n")
      })
    })
    server.listen(0, "127.0.0.1", () => resume(Effect.succeed(server)))
  })
  const close = (server: Server) =>
    Effect.async<void>((resume) => {
      server.closeAllConnections()
      server.close(() => resume(Effect.void))
    })
  return Effect.acquireRelease(listen, close).pipe(
    Effect.map((server): FakeOpenAi => {
      const { port } = server.address() as AddressInfo
      return { baseUrl: `http://127.0.0.1:${port}/v1`, received }
    })
  )
}

/** A port that was free a moment ago: nothing listens on it, so connecting is refused. */
export const closedPort = Effect.async<number>((resume) => {
  const server = createServer()
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as AddressInfo
    server.close(() => resume(Effect.succeed(port)))
  })
})
