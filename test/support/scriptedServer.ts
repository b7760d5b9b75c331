import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import { Effect } from "effect"

/** What a scripted route does with a request. */
export type Script = (request: Http.IncomingMessage, body: string, response: Http.ServerResponse) => void

export interface ScriptedServer {
  readonly baseUrl: string
  /** Requests seen so far: method, url, headers and body. */
  readonly seen: Array<{ method: string; url: string; headers: Http.IncomingHttpHeaders; body: string }>
  /** Replaces the script for the next requests. */
  setScript(script: Script): void
}

/**
 * A real HTTP server on 127.0.0.1 whose replies each test scripts: the client is tested over a real socket,
 * never a stubbed fetch. It closes with the test's scope.
 */
export const scriptedServer = (initial: Script) =>
  Effect.acquireRelease(
    Effect.async<{ server: Http.Server; handle: ScriptedServer }>((resume) => {
      let script = initial
      const seen: ScriptedServer["seen"] = []
      const server = Http.createServer((request, response) => {
        const chunks: Array<Buffer> = []
        request.on("data", (chunk: Buffer) => chunks.push(chunk))
        request.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8")
          seen.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body })
          script(request, body, response)
        })
      })
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo
        resume(
          Effect.succeed({
            server,
            handle: {
              baseUrl: `http://127.0.0.1:${port}`,
              seen,
              setScript: (next) => {
                script = next
              }
            }
          })
        )
      })
    }),
    ({ server }) =>
      Effect.async<void>((resume) => {
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
      })
  ).pipe(Effect.map(({ handle }) => handle))

/** Replies with JSON and a status. */
export const json =
  (status: number, value: unknown, headers: Record<string, string> = {}): Script =>
  (_request, _body, response) => {
    response.writeHead(status, { "content-type": "application/json", ...headers })
    response.end(JSON.stringify(value))
  }

/** Replies with a body of any content type. */
export const raw =
  (status: number, body: string, contentType: string, headers: Record<string, string> = {}): Script =>
  (_request, _body, response) => {
    response.writeHead(status, { "content-type": contentType, ...headers })
    response.end(body)
  }
