import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib"
import { NodeHttpClient } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Layer, Option, Redacted } from "effect"
import type { ColumnId, DocumentId, OrganizationId, SessionId, TableId } from "../../src/api/Ids.js"
import { ClientSettings } from "../../src/client/ClientSettings.js"
import { parseRetryAfter } from "../../src/client/ReplyErrors.js"
import { ServiceClient } from "../../src/client/ServiceClient.js"
import * as Samples from "../api/samples.js"
import { json, raw, type Script, scriptedServer } from "../support/scriptedServer.js"

const TOKEN = "sekret-token-value-123"
const tableId = 12 as TableId
const documentId = 201 as DocumentId

/** A client against a scripted server on 127.0.0.1. */
const withClient = <A, E>(
  script: Script,
  use: (
    client: ServiceClient,
    server: { seen: Array<{ url: string; headers: Record<string, unknown>; body: string }> }
  ) => Effect.Effect<A, E>,
  timeout: Duration.DurationInput = "5 seconds",
  maxReplyBytes?: number
) =>
  Effect.gen(function* () {
    const server = yield* scriptedServer(script)
    const settings = { baseUrl: server.baseUrl, token: Redacted.make(TOKEN), timeout, maxReplyBytes }
    const layer = ServiceClient.Default.pipe(
      Layer.provide(ClientSettings.layer(settings)),
      Layer.provide(NodeHttpClient.layer)
    )
    return yield* Effect.flatMap(ServiceClient, (client) => use(client, server)).pipe(Effect.provide(layer))
  }).pipe(Effect.scoped)

const failureOf = <A, E>(effect: Effect.Effect<A, E>) => Effect.flip(effect)

/** How `listCells` fails against a server that answers with `script`: most error mappings are read through it. */
const listCellsFailure = (script: Script) => withClient(script, (client) => failureOf(client.listCells(tableId)))

/** The same for `listCellsWhere` (only the `wanted` cells decoded). */
const listCellsWhereFailure = (script: Script, wanted: (document: number, column: number) => boolean) =>
  withClient(script, (client) => failureOf(client.listCellsWhere(tableId, wanted)))

describe("ServiceClient over real HTTP", () => {
  it.live("sends the bearer token and decodes replies with unknown extra fields", () =>
    withClient(json(200, [Samples.cell]), (client, server) =>
      Effect.gen(function* () {
        const cells = yield* client.listCells(tableId)
        assert.strictEqual(cells[0]?.response, "New York")
        assert.strictEqual(server.seen[0]?.url, "/api/ai/table/12/cell/list")
        assert.strictEqual(server.seen[0]?.headers.authorization, `Bearer ${TOKEN}`)
      })
    )
  )

  it.live("posts run pairs as [document_id, ai_column_id]", () =>
    withClient(json(200, [Samples.cell]), (client, server) =>
      Effect.gen(function* () {
        yield* client.runTable(tableId, [[documentId, 55 as ColumnId]])
        assert.deepStrictEqual(JSON.parse(server.seen[0]?.body ?? ""), { doc_id_col_id: [[201, 55]] })
      })
    )
  )

  it.live("401, 403 and 404 become Unauthorized, Forbidden and NotFound naming the request", () =>
    Effect.gen(function* () {
      const unauthorized = yield* withClient(json(401, { detail: "token expired" }), (client) =>
        failureOf(client.getDocument(documentId))
      )
      assert.strictEqual(unauthorized._tag, "Unauthorized")
      assert.include(unauthorized.message, "GET /api/document/201")
      assert.include(unauthorized.message, "token expired")
      const forbidden = yield* withClient(json(403, { detail: "Multi-doc chat needs the advanced plan" }), (client) =>
        failureOf(
          client.createSession({ organization_id: 3 as OrganizationId, user_id: 7 as never, is_multidoc: true })
        )
      )
      assert.strictEqual(forbidden._tag, "Forbidden")
      assert.include(forbidden.message, "advanced plan")
      const notFound = yield* withClient(raw(404, "no such table", "text/plain"), (client) =>
        failureOf(client.listColumns(tableId))
      )
      assert.strictEqual(notFound._tag, "NotFound")
      assert.include(notFound.message, "no such table")
    })
  )

  it.live("422 carries the loc/msg/type list, bare or wrapped in detail", () =>
    Effect.gen(function* () {
      const issues = [{ loc: ["body", "doc_id_col_id", 0], msg: "document 9 is not in the table", type: "value_error" }]
      for (const body of [issues, { detail: issues }]) {
        const error = yield* withClient(json(422, body), (client) => failureOf(client.runTable(tableId, [])))
        assert.strictEqual(error._tag, "ValidationFailed")
        if (error._tag === "ValidationFailed") {
          assert.deepStrictEqual(error.errors[0]?.loc, ["body", "doc_id_col_id", 0])
          assert.include(error.message, "body.doc_id_col_id.0: document 9 is not in the table")
        }
      }
    })
  )

  it.live("429 carries Retry-After in seconds or as an HTTP date", () =>
    Effect.gen(function* () {
      const seconds = yield* listCellsFailure(json(429, { detail: "slow down" }, { "retry-after": "7" }))
      assert.strictEqual(seconds._tag, "RateLimited")
      if (seconds._tag === "RateLimited") {
        assert.deepStrictEqual(seconds.retryAfter, Option.some(Duration.seconds(7)))
      }
      const date = new Date(Date.now() + 60_000).toUTCString()
      const dated = yield* listCellsFailure(json(429, {}, { "retry-after": date }))
      if (dated._tag !== "RateLimited") return assert.fail(`expected RateLimited, got ${dated._tag}`)
      const millis = Option.map(dated.retryAfter, Duration.toMillis).pipe(Option.getOrElse(() => -1))
      assert.isTrue(millis > 50_000 && millis <= 60_000, `retry after ${millis} ms`)
    })
  )

  /** The contract's own error bodies (what `docsweep serve` sends), decoded by HttpApiClient. */
  const declared: ReadonlyArray<{
    readonly status: number
    readonly body: unknown
    readonly headers?: Record<string, string>
    readonly tag: string
    readonly message: string
  }> = [
    {
      status: 400,
      body: { _tag: "BadRequest", detail: "cut short" },
      tag: "RequestRejected",
      message: "(400): cut short"
    },
    { status: 401, body: { _tag: "Unauthorized", detail: `bad ${TOKEN}` }, tag: "Unauthorized", message: "<redacted>" },
    { status: 403, body: { _tag: "Forbidden", detail: "plan" }, tag: "Forbidden", message: "forbidden (403): plan" },
    { status: 404, body: { _tag: "NotFound", detail: "no table" }, tag: "NotFound", message: "not found (404)" },
    {
      status: 413,
      body: { _tag: "PayloadTooLarge", detail: "1 MiB" },
      tag: "RequestRejected",
      message: "(413): 1 MiB"
    },
    {
      status: 429,
      body: { _tag: "TooManyRequests", detail: "queue full" },
      headers: { "retry-after": "3" },
      tag: "RateLimited",
      message: "rate limited (429): queue full"
    },
    { status: 500, body: { _tag: "InternalServerError", detail: "boom" }, tag: "ServerError", message: "(500): boom" },
    {
      status: 503,
      body: { _tag: "ServiceUnavailable", detail: "injected fault" },
      headers: { "retry-after": "1" },
      tag: "ServerError",
      message: "server error (503): injected fault"
    },
    // A declared body at a status that does not declare it: the fallback reads the status.
    { status: 401, body: { _tag: "NotFound", detail: "odd" }, tag: "Unauthorized", message: "unauthorized (401)" }
  ]

  it.live("error bodies the contract declares decode to the client error of their status", () =>
    Effect.forEach(declared, (row) =>
      Effect.gen(function* () {
        const error = yield* listCellsFailure(json(row.status, row.body, row.headers))
        assert.strictEqual(error._tag, row.tag, JSON.stringify(row.body))
        assert.include(error.message, row.message)
        assert.include(error.message, "GET /api/ai/table/12/cell/list")
        assert.notInclude(error.message, TOKEN)
        if (error._tag === "RateLimited") assert.deepStrictEqual(error.retryAfter, Option.some(Duration.seconds(3)))
      })
    )
  )

  it("parses Retry-After forms", () => {
    assert.deepStrictEqual(parseRetryAfter("120", 0), Option.some(Duration.seconds(120)))
    assert.deepStrictEqual(parseRetryAfter("Thu, 01 Jan 1970 00:00:10 GMT", 4_000), Option.some(Duration.millis(6_000)))
    assert.deepStrictEqual(parseRetryAfter("soon", 0), Option.none())
    assert.deepStrictEqual(parseRetryAfter(undefined, 0), Option.none())
  })

  it.live("5xx with an HTML body becomes ServerError with a readable detail", () =>
    Effect.gen(function* () {
      // A proxy's 408 (it gave up waiting for the request) is retried the same way, not a rejection.
      const timedOut = yield* listCellsFailure(raw(408, "<html><title>408 Request Timeout</title></html>", "text/html"))
      assert.strictEqual(timedOut._tag, "ServerError")
      assert.include(timedOut.message, 'server error (408): HTML reply "408 Request Timeout"')
      const error = yield* listCellsFailure(
        raw(502, "<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>", "text/html")
      )
      assert.strictEqual(error._tag, "ServerError")
      assert.include(error.message, "502")
      assert.include(error.message, 'HTML reply "502 Bad Gateway"')
    })
  )

  it.live("a 2xx body that cannot be JSON says what it holds: a proxy's page, nothing, or a list cut short", () =>
    Effect.gen(function* () {
      const page = raw(200, `<html><title>Sign in ${TOKEN}</title></html>`, "text/html")
      const cases: ReadonlyArray<readonly [Script, string]> = [
        [page, `the body is no JSON array or object (Content-Type: text/html): an HTML page "Sign in <redacted>"`],
        [raw(200, "", "application/json"), "the body is empty"],
        [(_q, _b, response) => response.writeHead(204).end(), "the body is empty (status 204)"],
        [raw(200, JSON.stringify([Samples.cell]).slice(0, 60), "application/json"), "the body ends before"]
      ]
      for (const [script, detail] of cases) {
        const whole = yield* withClient(script, (client) => failureOf(client.runTable(tableId, [])))
        const polled = yield* listCellsWhereFailure(script, () => true)
        for (const error of [whole, polled]) {
          assert.strictEqual(error._tag, "UnexpectedReply", error.message)
          assert.include(error.message, "/api/ai/table/12/")
          assert.include(error.message, `unexpected reply: ${detail}`)
        }
      }
    })
  )

  it.live(
    "a reply a proxy compressed unasked is read; a compressed bomb stops at the limit; a lying header is ignored",
    () =>
      Effect.gen(function* () {
        const compressed =
          (encoding: string, body: Buffer): Script =>
          (request, _body, response) => {
            assert.strictEqual(request.headers["accept-encoding"], "identity")
            response.writeHead(200, { "content-type": "application/json", "content-encoding": encoding })
            response.end(body)
          }
        const list = JSON.stringify([Samples.cell])
        for (const script of [
          compressed("gzip", gzipSync(list)),
          compressed("br", brotliCompressSync(list)),
          compressed("deflate", deflateSync(list)),
          compressed("gzip", Buffer.from(list))
        ]) {
          const cells = yield* withClient(script, (client) => client.listCells(tableId))
          assert.strictEqual(cells[0]?.response, "New York")
          const polled = yield* withClient(script, (client) => client.listCellsWhere(tableId, () => true))
          assert.strictEqual(polled.cells[0]?.response, "New York")
        }
        // 1 MiB limit: 8 MiB of zeros gzip to 8 KB.
        const bomb = compressed("gzip", gzipSync(Buffer.alloc(8 * 1024 * 1024)))
        const error = yield* withClient(
          bomb,
          (client) => failureOf(client.listCells(tableId)),
          "5 seconds",
          1024 * 1024
        )
        assert.include(error.message, "the body is larger than 1 MiB")
      })
  )

  it.live("a reply that does not match the contract names the endpoint and the field", () =>
    Effect.gen(function* () {
      const error = yield* listCellsFailure(json(200, [{ ...Samples.cell, task_status: 5 }]))
      assert.strictEqual(error._tag, "UnexpectedReply")
      if (error._tag === "UnexpectedReply") assert.strictEqual(error.field, "0.task_status")
    })
  )

  it.live("listCellsWhere decodes only the wanted cells and still names a bad wanted cell's field", () =>
    Effect.gen(function* () {
      const other = { ...Samples.cell, id: 2, document_id: 202, response: 7 }
      const wanted = (document: number, column: number) => document === Samples.cell.document_id && column === 55
      const cells = yield* withClient(json(200, [{ ...Samples.cell, ai_column_id: 55 }, other]), (client, server) =>
        Effect.gen(function* () {
          const picked = yield* client.listCellsWhere(tableId, wanted)
          assert.strictEqual(server.seen[0]?.url, "/api/ai/table/12/cell/list")
          assert.strictEqual(server.seen[0]?.headers.authorization, `Bearer ${TOKEN}`)
          return picked
        })
      )
      // The unwanted cell's bad response is never read.
      assert.deepStrictEqual(
        cells.cells.map((cell) => cell.response),
        ["New York"]
      )
      // The size of the whole list is counted: a poll's cost.
      assert.strictEqual(cells.listed, 2)
      assert.isAbove(cells.bytes, 100)
      const bad = yield* listCellsWhereFailure(
        json(200, [other, { ...Samples.cell, ai_column_id: 55, task_status: 5 }]),
        wanted
      )
      assert.strictEqual(bad._tag, "UnexpectedReply")
      if (bad._tag === "UnexpectedReply") assert.strictEqual(bad.field, "1.task_status")
      const noIds = yield* listCellsWhereFailure(json(200, [{ id: 1, task_status: "success" }]), wanted)
      assert.include(noIds.message, "GET /api/ai/table/12/cell/list: unexpected reply at 0.document_id")
      const notList = yield* listCellsWhereFailure(json(200, { cells: [] }), wanted)
      assert.include(notList.message, "expected an array of cells")
      const refused = yield* listCellsWhereFailure(json(401, { detail: "token expired" }), wanted)
      assert.strictEqual(refused._tag, "Unauthorized")
    })
  )

  it.live(
    "a request that never left (refused, unknown host) is Unreachable, naming where; TLS to plain HTTP says so",
    () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer(json(200, []))
        const failure = (baseUrl: string) =>
          Effect.flip(Effect.flatMap(ServiceClient, (client) => client.runTable(tableId, []))).pipe(
            Effect.provide(
              ServiceClient.Default.pipe(
                Layer.provide(ClientSettings.layer({ baseUrl, token: Redacted.make(TOKEN) })),
                Layer.provide(NodeHttpClient.layer)
              )
            )
          )
        const refused = yield* failure("http://127.0.0.1:9")
        assert.strictEqual(refused._tag, "Unreachable")
        assert.include(refused.message, "POST /api/ai/table/12/run: connection refused (127.0.0.1:9)")
        // ENOTFOUND, or EAI_AGAIN where no resolver answers: either way nothing was sent.
        const unknown = yield* failure("http://no-such-host.invalid:8080")
        assert.strictEqual(unknown._tag, "Unreachable")
        assert.include(unknown.message, "no-such-host.invalid")
        // The handshake fails before the request is written, but it stays a Transport error: the safe reading.
        const tls = yield* failure(server.baseUrl.replace("http:", "https:"))
        assert.strictEqual(tls._tag, "Transport")
        assert.include(tls.message, "TLS handshake failed")
        assert.include(tls.message, "use http:// in the base URL")
        assert.strictEqual(server.seen.length, 0)
        for (const error of [refused, unknown, tls]) assert.notInclude(error.message, TOKEN)
      }).pipe(Effect.scoped)
  )

  it.live("a server that closes the connection mid-reply is a Transport error", () =>
    withClient(
      (_request, _body, response) => {
        response.writeHead(200, { "content-type": "application/json", "content-length": "500" })
        response.write('[{"id": 900, "task_status": "succ')
        setTimeout(() => response.socket?.destroy(), 20)
      },
      (client) =>
        Effect.gen(function* () {
          const error = yield* failureOf(client.listCells(tableId))
          assert.strictEqual(error._tag, "Transport")
        })
    )
  )

  it.live("an error reply is read only up to its first MiB: a body that does not end is a ServerError at once", () =>
    // A proxy's 500 that keeps sending: read whole, a body past 512 MB ended the process with a RangeError.
    withClient(
      (_request, _body, response) => {
        response.writeHead(500, { "content-type": "text/plain" })
        response.write(`upstream failed ${"x".repeat(2 * 1024 * 1024)}`)
      },
      (client) =>
        Effect.gen(function* () {
          const error = yield* failureOf(client.listCells(tableId))
          assert.strictEqual(error._tag, "ServerError", error.message)
          assert.include(error.message, "server error (500): upstream failed xxx")
        }),
      "3 seconds"
    )
  )

  it.live("a redirect is not followed (the token would go along): rejected, naming where it points", () =>
    withClient(
      raw(301, "", "text/plain", { location: "https://elsewhere.example/api/ai/table/12/cell/list" }),
      (client, server) =>
        Effect.gen(function* () {
          const error = yield* failureOf(client.listCells(tableId))
          assert.strictEqual(error._tag, "RequestRejected")
          assert.include(
            error.message,
            "rejected (301): redirected to https://elsewhere.example/api/ai/table/12/cell/list"
          )
          assert.include(error.message, "set the base URL")
          assert.strictEqual(server.seen.length, 1)
        })
    )
  )

  it.live("a reply slower than the timeout is a Transport error", () =>
    withClient(
      (_request, _body, response) => {
        setTimeout(() => {
          response.writeHead(200, { "content-type": "application/json" })
          response.end("[]")
        }, 1_000)
      },
      (client) =>
        Effect.gen(function* () {
          const error = yield* failureOf(client.listCells(tableId))
          assert.strictEqual(error._tag, "Transport")
          assert.include(error.message, "timed out")
        }),
      "200 millis"
    )
  )

  it.live("a large reply arrives whole, in order, however many pieces it came in", () => {
    const documents = Array.from({ length: 20_000 }, (_, i) => ({
      ...Samples.documentListItem,
      id: i + 1,
      filename: `contract-${i + 1}.pdf`
    }))
    return withClient(json(200, documents), (client) =>
      Effect.gen(function* () {
        const listed = yield* client.listDocuments(3 as OrganizationId)
        assert.strictEqual(listed.length, 20_000)
        assert.deepStrictEqual(
          listed.map((document) => document.filename),
          documents.map((document) => document.filename)
        )
      })
    )
  })

  it.live("a 2xx reply past the most it reads is refused, naming the limit, not read to its end", () =>
    withClient(
      (_request, _body, response) => {
        // Two MiB of a list that never closes, written as fast as the socket takes it.
        response.writeHead(200, { "content-type": "application/json" })
        response.write("[")
        const piece = `${JSON.stringify(Samples.documentListItem)},`.repeat(200)
        const write = () => {
          while (!response.destroyed && response.write(piece)) {}
          if (!response.destroyed) response.once("drain", write)
        }
        write()
      },
      (client) =>
        Effect.gen(function* () {
          const error = yield* failureOf(client.listDocuments(3 as OrganizationId))
          assert.strictEqual(error._tag, "UnexpectedReply")
          assert.include(error.message, "GET /api/organization/3/document/list")
          assert.include(error.message, "the body is larger than 1 MiB; the rest was not read")
        }),
      "20 seconds",
      1024 * 1024
    )
  )

  it.live("a poll's cell list that never ends, every cell a wanted one, stops at the same limit", () =>
    withClient(
      (_request, _body, response) => {
        response.writeHead(200, { "content-type": "application/json" })
        response.write("[")
        const piece = `${JSON.stringify(Samples.cell)},`.repeat(200)
        const write = () => {
          while (!response.destroyed && response.write(piece)) {}
          if (!response.destroyed) response.once("drain", write)
        }
        write()
      },
      (client) =>
        Effect.gen(function* () {
          const error = yield* failureOf(client.listCellsWhere(tableId, () => true))
          assert.strictEqual(error._tag, "UnexpectedReply")
          assert.include(
            error.message,
            "GET /api/ai/table/12/cell/list: unexpected reply: the body is larger than 1 MiB"
          )
        }),
      "20 seconds",
      1024 * 1024
    )
  )

  it.live("the token never appears in errors, even when the server echoes it", () =>
    withClient(
      (request, _body, response) => {
        response.writeHead(401, { "content-type": "application/json" })
        response.end(JSON.stringify({ detail: `bad token ${request.headers.authorization}` }))
      },
      (client) =>
        Effect.gen(function* () {
          const error = yield* failureOf(client.listCells(tableId))
          assert.strictEqual(error._tag, "Unauthorized")
          assert.notInclude(error.message, TOKEN)
          assert.notInclude(String(error), TOKEN)
          assert.notInclude(JSON.stringify(error), TOKEN)
          assert.include(error.message, "<redacted>")
        })
    )
  )

  it.live("createMessage accepts a single object or an array reply", () =>
    Effect.gen(function* () {
      const single = yield* withClient(json(200, Samples.message), (client) =>
        client.createMessage(31 as SessionId, { query: "Summarize" })
      )
      assert.strictEqual(single.id, 77)
      const fromArray = yield* withClient(
        json(200, [{ ...Samples.message, id: 5, query: "old" }, Samples.message]),
        (client) => client.createMessage(31 as SessionId, { query: "Summarize" })
      )
      assert.strictEqual(fromArray.id, 77)
    })
  )

  it.live("uploads a document as multipart with organization_id, doctype and file", () =>
    withClient(json(200, Samples.documentListItem), (client, server) =>
      Effect.gen(function* () {
        const document = yield* client.uploadDocument({
          organizationId: 3 as OrganizationId,
          doctype: "txt",
          filename: "note.txt",
          bytes: new TextEncoder().encode("hello")
        })
        assert.strictEqual(document.id, 202)
        const body = server.seen[0]?.body ?? ""
        assert.match(String(server.seen[0]?.headers["content-type"]), /^multipart\/form-data/)
        assert.include(body, 'name="organization_id"')
        assert.include(body, 'name="doctype"')
        assert.include(body, 'filename="note.txt"')
        assert.include(body, "hello")
      })
    )
  )

  it.live("login needs no token and returns the token, user id and workspaces", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(json(200, Samples.authReply))
      const layer = ServiceClient.Default.pipe(
        Layer.provide(ClientSettings.layer({ baseUrl: server.baseUrl })),
        Layer.provide(NodeHttpClient.layer)
      )
      const reply = yield* Effect.flatMap(ServiceClient, (client) => client.login("a@b.c", "pw")).pipe(
        Effect.provide(layer)
      )
      assert.deepStrictEqual(reply.organization_ids.map(Number), [3, 4])
      assert.isUndefined(server.seen[0]?.headers.authorization)
      assert.deepStrictEqual(JSON.parse(server.seen[0]?.body ?? ""), { email: "a@b.c", password: "pw" })
    }).pipe(Effect.scoped)
  )
})
