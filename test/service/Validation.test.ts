import { assert, describe, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { creator, oneCell, raw, testService, uploadText } from "./support.js"

interface Case {
  readonly name: string
  readonly method: "GET" | "POST" | "DELETE"
  readonly path: string
  readonly body?: unknown
  /** Sent as is (not JSON-encoded). */
  readonly text?: string
  readonly form?: Record<string, string | Blob>
  readonly advanced?: boolean
  readonly status: number
  /** For 422: where the offending field is; the reply's `loc` must start with it. */
  readonly loc?: ReadonlyArray<string | number>
}

/** Ids of the fixture: document 1 (table row), 2 (not a row), table 1, column 1, sessions 1 (single), 2 (multi). */
const cases = (ids: { table: number; column: number; single: number; multi: number }): ReadonlyArray<Case> => {
  const { table, column, single, multi } = ids
  const get = (path: string) => ({ method: "GET" as const, path })
  const post = (path: string, body?: unknown) => ({ method: "POST" as const, path, body })
  const createTable = (body: Record<string, unknown>) =>
    post("/api/ai/table/create", { organization_id: 3, user_id: 7, document_ids: [1], ...body })
  const updateTable = (body: Record<string, unknown>) => post(`/api/ai/table/${table}/update`, body)
  const createColumn = (body: Record<string, unknown>) => post(`/api/ai/table/${table}/column/create`, body)
  const createCell = (body: Record<string, unknown>) => post(`/api/ai/table/${table}/cell/create`, body)
  const run = (body: unknown) => post(`/api/ai/table/${table}/run`, body)
  const createSession = (body: Record<string, unknown>) =>
    post("/api/ai/session/create", { organization_id: 3, user_id: 7, is_multidoc: false, document_ids: [1], ...body })
  const ask = (body: Record<string, unknown>) =>
    post(`/api/ai/session/${single}/qa/create`, { query: "When?", ...body })
  const upload = (form: Record<string, string | Blob>) => ({
    method: "POST" as const,
    path: "/api/document/create",
    form
  })
  /** A 422 naming the field at `where` ("body.document_ids.0": numbers are array indices). */
  const invalid = (where: string) => ({
    status: 422,
    loc: where.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part))
  })
  const file = new Blob(["hello"])
  return [
    { name: "document id not an integer", ...get("/api/document/abc"), ...invalid("path.document_id") },
    { name: "document id a fraction", ...get("/api/document/1.5"), ...invalid("path.document_id") },
    { name: "document id over int32", ...get("/api/document/99999999999"), ...invalid("path.document_id") },
    { name: "document id under int32", ...get("/api/document/-3000000000"), ...invalid("path.document_id") },
    // Number() reads these as 1: without a check they would read document 1 under another spelling.
    { name: "document id in hex", ...get("/api/document/0x1"), ...invalid("path.document_id") },
    { name: "document id with an exponent", ...get("/api/document/1e0"), ...invalid("path.document_id") },
    { name: "document id with a space", ...get("/api/document/%201"), ...invalid("path.document_id") },
    { name: "unknown document", ...get("/api/document/999"), status: 404 },
    {
      name: "organization id not an integer",
      ...get("/api/organization/x/document/list"),
      ...invalid("path.organization_id")
    },
    { name: "user id not an integer", ...get("/api/user/abc/organization/list"), ...invalid("path.user_id") },
    { name: "login without email", ...post("/api/auth", { password: "x" }), ...invalid("body.email") },
    { name: "login email a number", ...post("/api/auth", { email: 1, password: "x" }), ...invalid("body.email") },
    {
      name: "table organization_id a string",
      ...createTable({ organization_id: "3" }),
      ...invalid("body.organization_id")
    },
    {
      name: "table organization_id over int32",
      ...createTable({ organization_id: 2147483648 }),
      ...invalid("body.organization_id")
    },
    { name: "table without user_id", ...createTable({ user_id: undefined }), ...invalid("body.user_id") },
    { name: "table with empty document_ids", ...createTable({ document_ids: [] }), ...invalid("body.document_ids") },
    {
      name: "table with unknown document",
      ...createTable({ document_ids: [1, 999] }),
      ...invalid("body.document_ids.1")
    },
    { name: "table document_ids not an array", ...createTable({ document_ids: "1" }), ...invalid("body.document_ids") },
    {
      name: "table document id a fraction",
      ...createTable({ document_ids: [1.5] }),
      ...invalid("body.document_ids.0")
    },
    { name: "table with unknown visibility", ...createTable({ visibility: "public" }), ...invalid("body.visibility") },
    { name: "update table id not an integer", ...post("/api/ai/table/abc/update", {}), ...invalid("path.ai_table_id") },
    { name: "update table to no documents", ...updateTable({ document_ids: [] }), ...invalid("body.document_ids") },
    {
      name: "update table with unknown visibility",
      ...updateTable({ visibility: "team" }),
      ...invalid("body.visibility")
    },
    { name: "update table meta an array", ...updateTable({ meta: [] }), ...invalid("body.meta") },
    { name: "update unknown table", ...post("/api/ai/table/999/update", {}), status: 404 },
    { name: "column without query", ...createColumn({ name: "x" }), ...invalid("body.query") },
    { name: "column with blank query", ...createColumn({ query: "  " }), ...invalid("body.query") },
    { name: "column name a number", ...createColumn({ query: "q", name: 5 }), ...invalid("body.name") },
    {
      name: "column order_id a string",
      ...createColumn({ query: "q", order_id: "first" }),
      ...invalid("body.order_id")
    },
    {
      // JSON.parse reads 1e400 as Infinity, which the column list would send back as `null`.
      name: "column order_id beyond a double",
      ...post(`/api/ai/table/${table}/column/create`),
      text: '{"query": "q", "order_id": 1e400}',
      ...invalid("body.order_id")
    },
    { name: "run without pairs", ...run({}), ...invalid("body.doc_id_col_id") },
    { name: "run with a one-element pair", ...run({ doc_id_col_id: [[1]] }), ...invalid("body.doc_id_col_id.0") },
    {
      name: "run with a three-element pair",
      ...run({ doc_id_col_id: [[1, column, 3]] }),
      ...invalid("body.doc_id_col_id.0")
    },
    {
      name: "run with a string document id",
      ...run({ doc_id_col_id: [["1", column]] }),
      ...invalid("body.doc_id_col_id.0.0")
    },
    {
      name: "run with a document not in the table",
      ...run({ doc_id_col_id: [[2, column]] }),
      ...invalid("body.doc_id_col_id.0.0")
    },
    {
      name: "run with a column not in the table",
      ...run({ doc_id_col_id: [[1, 999]] }),
      ...invalid("body.doc_id_col_id.0.1")
    },
    {
      name: "run with continue_response a string",
      ...run({ doc_id_col_id: [[1, column]], continue_response: "yes" }),
      ...invalid("body.continue_response")
    },
    { name: "run on an unknown table", ...post("/api/ai/table/999/run", { doc_id_col_id: [] }), status: 404 },
    { name: "run an unknown column", ...post(`/api/ai/table/${table}/column/999/run`), status: 404 },
    {
      name: "run column id not an integer",
      ...post(`/api/ai/table/${table}/column/x/run`),
      ...invalid("path.ai_column_id")
    },
    { name: "cell without ai_column_id", ...createCell({ document_id: 1 }), ...invalid("body.ai_column_id") },
    {
      name: "cell for a document not in the table",
      ...createCell({ document_id: 2, ai_column_id: column }),
      ...invalid("body.document_id")
    },
    {
      name: "cell response a number",
      ...createCell({ document_id: 1, ai_column_id: column, response: 5 }),
      ...invalid("body.response")
    },
    {
      name: "session without is_multidoc",
      ...createSession({ is_multidoc: undefined }),
      ...invalid("body.is_multidoc")
    },
    {
      name: "session is_multidoc not a boolean",
      ...createSession({ is_multidoc: "maybe" }),
      ...invalid("body.is_multidoc")
    },
    {
      name: "single-doc session with two documents",
      ...createSession({ document_ids: [1, 2] }),
      ...invalid("body.document_ids")
    },
    {
      name: "session with an unknown document",
      ...createSession({ document_ids: [999] }),
      ...invalid("body.document_ids.0")
    },
    {
      name: "session with unknown visibility",
      ...createSession({ visibility: "everyone" }),
      ...invalid("body.visibility")
    },
    { name: "multi-doc session on the basic plan", ...createSession({ is_multidoc: true }), status: 403 },
    {
      name: "single-doc session updated to two documents",
      ...post(`/api/ai/session/${single}/update`, { document_ids: [1, 2] }),
      ...invalid("body.document_ids")
    },
    {
      name: "session list without organization_id",
      ...get("/api/ai/session/list"),
      ...invalid("query.organization_id")
    },
    {
      name: "session list document_id not an integer",
      ...get("/api/ai/session/list?organization_id=3&document_id=x"),
      ...invalid("query.document_id")
    },
    {
      name: "session list organization_id in hex",
      ...get("/api/ai/session/list?organization_id=0x3"),
      ...invalid("query.organization_id")
    },
    { name: "unknown session", ...get("/api/ai/session/999"), status: 404 },
    {
      name: "message restricted to a context it may not use",
      ...ask({ restrict_to_context: true, use_context: false }),
      ...invalid("body.use_context")
    },
    {
      name: "message flags as strings, contradicting",
      ...ask({ restrict_to_context: "True", use_context: "False" }),
      ...invalid("body.use_context")
    },
    { name: "message without query", ...ask({ query: undefined }), ...invalid("body.query") },
    { name: "message with an empty query", ...ask({ query: "" }), ...invalid("body.query") },
    { name: "message use_history not a boolean", ...ask({ use_history: "sometimes" }), ...invalid("body.use_history") },
    {
      name: "message to a multi-doc session on the basic plan",
      ...post(`/api/ai/session/${multi}/qa/create`, { query: "q" }),
      status: 403
    },
    { name: "body that is not JSON", ...post("/api/ai/table/create"), text: "{not json", ...invalid("body") },
    { name: "body that is JSON null", ...post("/api/ai/table/create"), text: "null", ...invalid("body") },
    { name: "body over 1 MiB", ...createTable({ meta: { pad: "x".repeat(1_100_000) } }), status: 413 },
    {
      name: "upload with an unsupported doctype",
      ...upload({ organization_id: "3", doctype: "exe", file }),
      ...invalid("body.doctype")
    },
    {
      name: "upload organization_id not a number",
      ...upload({ organization_id: "x", doctype: "txt", file }),
      ...invalid("body.organization_id")
    },
    { name: "upload without a file", ...upload({ organization_id: "3", doctype: "txt" }), ...invalid("body.file") }
  ]
}

describe("service validation", () => {
  it.live("answers each bad request with its status and a 422 naming the field; never a 500", () =>
    Effect.gen(function* () {
      const service = yield* testService()
      const basic = Redacted.value(yield* service.token(7, 3))
      const advanced = Redacted.value(yield* service.token(7, 3, "advanced"))
      const client = yield* service.client(Redacted.make(advanced))
      const { column, document: first, table } = yield* oneCell(client)
      yield* uploadText(client, "b.txt")
      const base = { ...creator, document_ids: [first.id] }
      const single = yield* client.createSession({ ...base, is_multidoc: false })
      const multi = yield* client.createSession({ ...base, is_multidoc: true })
      const all = cases({ table: table.id, column: column.id, single: single.id, multi: multi.id })
      assert.isAtLeast(all.length, 30)
      const failures: Array<string> = []
      for (const sample of all) {
        const form = sample.form === undefined ? undefined : new FormData()
        for (const [key, value] of Object.entries(sample.form ?? {}))
          form?.append(key, value, ...(value instanceof Blob ? ["x.txt"] : []))
        const reply = yield* raw(service.baseUrl, sample.method, sample.path, {
          token: sample.advanced === true ? advanced : basic,
          body: sample.text ?? (sample.body === undefined ? undefined : JSON.stringify(sample.body)),
          form
        })
        const where = `${sample.name}: ${sample.method} ${sample.path} → ${reply.status} ${reply.text.slice(0, 300)}`
        if (reply.status !== sample.status) {
          failures.push(where)
          continue
        }
        if (sample.loc === undefined) continue
        const issues = Array.isArray(reply.json)
          ? (reply.json as ReadonlyArray<{ loc: unknown; msg: unknown; type: unknown }>)
          : []
        const named = issues.some(
          ({ loc, ...issue }) =>
            Array.isArray(loc) &&
            sample.loc?.every((part, index) => loc[index] === part) === true &&
            typeof issue.msg === "string" &&
            issue.msg !== "" &&
            typeof issue.type === "string"
        )
        if (!named) failures.push(`${where} (expected loc ${JSON.stringify(sample.loc)})`)
      }
      assert.deepStrictEqual(failures, [])
      // A body of the wrong kind is described as JSON, not by the name of the Schema that decodes it.
      const nullBody = yield* raw(service.baseUrl, "POST", "/api/ai/table/create", { token: basic, body: "null" })
      assert.deepStrictEqual(nullBody.json, [
        { loc: ["body"], msg: "Expected a JSON object, actual null", type: "type_error" }
      ])
      const lenient = yield* raw(service.baseUrl, "POST", `/api/ai/session/${single.id}/qa/create`, {
        token: basic,
        body: JSON.stringify({
          query: "When?",
          use_history: "False",
          restrict_to_context: "False",
          use_context: "False"
        })
      })
      assert.strictEqual(lenient.status, 200, lenient.text)
      // An unknown endpoint says what was not found (the router's own 404 has no body), never its query string.
      const nowhere = yield* raw(service.baseUrl, "GET", "/api/ai/tables?token=s3cret", { token: basic })
      assert.strictEqual(nowhere.status, 404)
      assert.deepInclude(nowhere.json, { detail: "no such endpoint: GET /api/ai/tables" })
    }).pipe(Effect.scoped)
  )
})
