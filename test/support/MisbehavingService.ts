import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { Effect } from "effect"
import { documentListItem } from "../api/samples.js"
import { type ChatMisbehaviour, makeChats, type PostedMessage } from "./MisbehavingChats.js"

/**
 * A service written for the tests where the local service cannot misbehave that way: enough of the interface for
 * a run (documents, tables, columns, runs, cell lists, chat sessions and messages) on 127.0.0.1, with hooks that
 * make it answer out of contract — keep a cell's task_id on a re-run, drop a reply after doing the work, echo the
 * token into answers, send hostile text, ask for a Retry-After of years, rewrite cell lists, rename columns, answer
 * slowly — or go away for a while (connections refused) and come back. Stops with the scope.
 */
export interface Misbehaviour extends ChatMisbehaviour {
  /** Re-runs keep the cell's task_id (the reference promises nothing about it). */
  readonly keepTaskId?: boolean
  /**
   * A re-run leaves the cell as it was (status, answer, modified_at) until its new answer is ready: with
   * `keepTaskId`, nothing in the cell list tells whether a re-run landed until then.
   */
  readonly silentReruns?: boolean
  /**
   * A run request's fate, by its number (1-based): "ok"; "drop" (processed, then the connection is cut: the
   * ambiguous case); "stall" (never processed nor answered: the connection stays open); or a reply of our own
   * instead of processing.
   */
  readonly onRun?: (n: number) => Fate
  /** A run request's reply body by its number, sent instead of the cells once the work is done (HTML, cut short). */
  readonly garbleRun?: (n: number) => { readonly contentType: string; readonly body: string } | undefined
  /** An answer, given the request's Authorization header (a service that echoes it). */
  readonly answer?: (documentId: number, columnId: number, authorization: string) => string
  /** `meta.error` of a failed answer; undefined: answers succeed. */
  readonly failure?: (documentId: number, columnId: number, authorization: string) => string | undefined
  /** How long an answer takes, ms. */
  readonly latencyMs?: number
  /** A cell-list request's fate, by its number (1-based), as `onRun`'s ("drop" cuts the connection). */
  readonly onList?: (n: number) => Fate
  /** Rewrites each cell list before it is sent (cells as JSON records): drop, duplicate or alter cells. */
  readonly listed?: (cells: ReadonlyArray<Record<string, unknown>>, n: number) => unknown
  /** Called once a cell list has been sent, with the cells it held (e.g. to go away right after). */
  readonly onListed?: (cells: ReadonlyArray<Record<string, unknown>>) => void
  /** Called once any reply has been sent, with the request's method and path. */
  readonly onReplied?: (method: string, path: string) => void
  /** Any other request's fate, by method and path: a reply of our own instead of the usual one. */
  readonly onOther?: (method: string, path: string) => Fate
  /** The name a column is created under, given the name asked (a service that renames columns). */
  readonly columnName?: (asked: string) => string
  /** A column-create request's fate, by its number, after the column is created ("drop": the reply is lost). */
  readonly onColumn?: (n: number) => "ok" | "drop"
}

/**
 * What the service does with one request: as usual, as usual after that many milliseconds, cut it, leave it
 * unanswered, or a reply of our own.
 */
type Fate =
  | "ok"
  | number
  | "drop"
  | "stall"
  | { readonly status: number; readonly headers?: Record<string, string>; readonly body: string | Buffer }

interface Cell {
  readonly id: number
  readonly documentId: number
  readonly columnId: number
  taskId: string
  ranAt: number
  /** A silent re-run waiting for its answer (see `silentReruns`). */
  rerunAt: number | undefined
  status: string
  response: string
  meta: Record<string, unknown>
  authorization: string
}

export interface MisbehavingService {
  readonly baseUrl: string
  /** Run requests per pair `document:column` that were processed. */
  readonly runs: () => ReadonlyMap<string, number>
  readonly requests: () => number
  /** Columns created, by table id. */
  readonly columns: () => ReadonlyMap<number, ReadonlyArray<{ readonly name: string; readonly query: string }>>
  /** Stops listening (connections are refused) for `ms`, then listens on the same port again. */
  readonly goAway: (ms: number) => void
  /** Chat messages that were processed, in order. */
  readonly posted: () => ReadonlyArray<PostedMessage>
  /** Chat sessions that were created. */
  readonly sessionCount: () => number
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = ""
    request.setEncoding("utf8")
    request.on("data", (chunk: string) => {
      text += chunk
    })
    request.on("end", () => resolve(text))
  })

export const misbehavingService = (misbehaviour: Misbehaviour = {}) =>
  Effect.gen(function* () {
    const latency = misbehaviour.latencyMs ?? 50
    const tables = new Map<number, ReadonlyArray<number>>()
    const columns = new Map<number, Array<{ id: number; name: string; query: string }>>()
    const cells = new Map<string, Cell>()
    const runs = new Map<string, number>()
    let nextId = 100
    let runRequests = 0
    let stopped = false
    let listRequests = 0
    let columnRequests = 0
    let requests = 0
    const chats = makeChats(misbehaviour, latency, () => nextId++)
    const settle = (cell: Cell, now: number) => {
      const silent = cell.rerunAt !== undefined
      if ((cell.status !== "pending" && !silent) || now < (cell.rerunAt ?? cell.ranAt) + latency) return
      cell.ranAt = cell.rerunAt ?? cell.ranAt
      cell.rerunAt = undefined
      const failure = misbehaviour.failure?.(cell.documentId, cell.columnId, cell.authorization)
      cell.status = failure === undefined ? "success" : "failure"
      cell.response =
        failure === undefined
          ? (misbehaviour.answer?.(cell.documentId, cell.columnId, cell.authorization) ??
            `answer ${cell.documentId}/${cell.columnId}`)
          : ""
      cell.meta = failure === undefined ? {} : { error: failure }
    }
    const json = (cell: Cell) => ({
      id: cell.id,
      task_status: cell.status,
      ai_column_id: cell.columnId,
      document_id: cell.documentId,
      response: cell.response,
      task_id: cell.taskId,
      meta: cell.meta,
      modified_at: new Date(cell.ranAt).toISOString()
    })
    const handle = async (request: IncomingMessage, response: ServerResponse) => {
      requests += 1
      const url = new URL(request.url ?? "/", "http://localhost")
      const body = request.method === "POST" ? await readBody(request) : ""
      const authorization = request.headers.authorization ?? ""
      const send = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { "content-type": "application/json", ...headers })
        response.end(typeof value === "string" || Buffer.isBuffer(value) ? value : JSON.stringify(value))
      }
      const path = url.pathname
      response.on("finish", () => misbehaviour.onReplied?.(request.method ?? "", path))
      const other = misbehaviour.onOther?.(request.method ?? "", path) ?? "ok"
      if (other === "stall") return
      if (other === "drop") return request.socket.destroy()
      if (typeof other === "object") return send(other.status, other.body, other.headers)
      if (typeof other === "number") await new Promise((resolve) => setTimeout(resolve, other))
      const route = (pattern: RegExp) => pattern.exec(path)?.slice(1).map(Number)
      const documentId = route(/^\/api\/document\/(\d+)$/)
      if (documentId !== undefined)
        return send(200, { ...documentListItem, id: documentId[0], filename: `doc-${documentId[0]}.txt` })
      if (path === "/api/ai/table/create") {
        const id = nextId++
        const payload = JSON.parse(body) as {
          document_ids: ReadonlyArray<number>
          organization_id: number
          user_id: number
        }
        tables.set(id, payload.document_ids)
        columns.set(id, [])
        return send(200, {
          id,
          organization_id: payload.organization_id,
          user_id: payload.user_id,
          visibility: "private",
          created_at: new Date().toISOString(),
          meta: {},
          document_ids: payload.document_ids
        })
      }
      const createColumnIn = route(/^\/api\/ai\/table\/(\d+)\/column\/create$/)
      if (createColumnIn !== undefined) {
        const payload = JSON.parse(body) as { name: string; query: string }
        const name = misbehaviour.columnName?.(payload.name) ?? payload.name
        const column = { id: nextId++, name, query: payload.query }
        columns.get(createColumnIn[0] ?? 0)?.push(column)
        columnRequests += 1
        if (misbehaviour.onColumn?.(columnRequests) === "drop") return request.socket.destroy()
        return send(200, { ...column, order_id: 0, meta: {}, modified_at: new Date().toISOString() })
      }
      const columnsOf = route(/^\/api\/ai\/table\/(\d+)\/column\/list$/)
      if (columnsOf !== undefined)
        return send(
          200,
          (columns.get(columnsOf[0] ?? 0) ?? []).map((c) => ({ ...c, order_id: 0, meta: {}, modified_at: "" }))
        )
      const runIn = route(/^\/api\/ai\/table\/(\d+)\/run$/)
      if (runIn !== undefined) {
        runRequests += 1
        const fate = misbehaviour.onRun?.(runRequests) ?? "ok"
        if (typeof fate === "object") return send(fate.status, fate.body, fate.headers)
        if (fate === "stall") return
        if (typeof fate === "number") await new Promise((resolve) => setTimeout(resolve, fate))
        const tableId = runIn[0] ?? 0
        const pairs = (JSON.parse(body) as { doc_id_col_id: ReadonlyArray<readonly [number, number]> }).doc_id_col_id
        const now = Date.now()
        const reply = pairs.map(([documentId, columnId]) => {
          const key = `${tableId}:${documentId}:${columnId}`
          runs.set(`${documentId}:${columnId}`, (runs.get(`${documentId}:${columnId}`) ?? 0) + 1)
          const existing = cells.get(key)
          const cell: Cell = existing ?? {
            id: nextId++,
            documentId,
            columnId,
            taskId: "",
            ranAt: now,
            rerunAt: undefined,
            status: "pending",
            response: "",
            meta: {},
            authorization
          }
          cell.taskId =
            existing !== undefined && misbehaviour.keepTaskId === true ? existing.taskId : `task-${nextId++}`
          cell.authorization = authorization
          cells.set(key, cell)
          if (existing !== undefined && misbehaviour.silentReruns === true) {
            cell.rerunAt = now
            return json(cell)
          }
          cell.ranAt = now
          cell.status = "pending"
          cell.response = ""
          cell.meta = {}
          return json(cell)
        })
        if (fate === "drop") return request.socket.destroy()
        const garbled = misbehaviour.garbleRun?.(runRequests)
        if (garbled !== undefined) return send(200, garbled.body, { "content-type": garbled.contentType })
        return send(200, reply)
      }
      const cellsOf = route(/^\/api\/ai\/table\/(\d+)\/cell\/list$/)
      if (cellsOf !== undefined) {
        listRequests += 1
        const fate = misbehaviour.onList?.(listRequests) ?? "ok"
        if (typeof fate === "object") return send(fate.status, fate.body, fate.headers)
        if (fate === "stall") return
        if (fate === "drop") return request.socket.destroy()
        if (typeof fate === "number") await new Promise((resolve) => setTimeout(resolve, fate))
        const now = Date.now()
        const listed = [...cells.entries()]
          .filter(([key]) => key.startsWith(`${cellsOf[0]}:`))
          .map(([, cell]) => {
            settle(cell, now)
            return json(cell)
          })
        response.on("finish", () => misbehaviour.onListed?.(listed))
        return send(200, misbehaviour.listed?.(listed, listRequests) ?? listed)
      }
      if (chats.handle({ request, response, path, url, body, send })) return
      return send(404, { detail: `no ${request.method} ${path} here` })
    }
    const server = createServer((request, response) => {
      handle(request, response).catch((error: unknown) => {
        response.writeHead(500)
        response.end(String(error))
      })
    })
    yield* Effect.acquireRelease(
      Effect.async<void>((resume) => {
        server.listen(0, "127.0.0.1", () => resume(Effect.void))
      }),
      () =>
        Effect.async<void>((resume) => {
          stopped = true
          server.closeAllConnections()
          server.close(() => resume(Effect.void))
        })
    )
    const { port } = server.address() as AddressInfo
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      runs: () => new Map(runs),
      requests: () => requests,
      posted: chats.posted,
      columns: () => new Map(columns),
      goAway: (ms) => {
        server.closeAllConnections()
        server.close(() =>
          setTimeout(() => {
            if (!stopped) server.listen(port, "127.0.0.1")
          }, ms)
        )
      },
      sessionCount: chats.sessionCount
    } satisfies MisbehavingService
  })
