import { assert, describe, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { asOrg, asUser, oneCell, raw, testService, uploadText } from "./support.js"

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
  const createTable = (body: Record<string, unknown>) => ({
    method: "POST" as const,
    path: "/api/ai/table/create",
    body: { organization_id: 3, user_id: 7, document_ids: [1], ...body }
  })
  const createSession = (body: Record<string, unknown>) => ({
    method: "POST" as const,
    path: "/api/ai/session/create",
    body: { organization_id: 3, user_id: 7, is_multidoc: false, document_ids: [1], ...body }
  })
  const run = (body: unknown) => ({ method: "POST" as const, path: `/api/ai/table/${table}/run`, body })
  const ask = (body: Record<string, unknown>) => ({
    method: "POST" as const,
    path: `/api/ai/session/${single}/qa/create`,
    body: { query: "When?", ...body }
  })
  const upload = (fields: Record<string, string | Blob>) => ({
    method: "POST" as const,
    path: "/api/document/create",
    form: fields
  })
  const file = new Blob(["hello"])
  return [
    {
      name: "document id not an integer",
      method: "GET",
      path: "/api/document/abc",
      status: 422,
      loc: ["path", "document_id"]
    },
    {
      name: "document id a fraction",
      method: "GET",
      path: "/api/document/1.5",
      status: 422,
      loc: ["path", "document_id"]
    },
    {
      name: "document id over int32",
      method: "GET",
      path: "/api/document/99999999999",
      status: 422,
      loc: ["path", "document_id"]
    },
    {
      name: "document id under int32",
      method: "GET",
      path: "/api/document/-3000000000",
      status: 422,
      loc: ["path", "document_id"]
    },
    { name: "unknown document", method: "GET", path: "/api/document/999", status: 404 },
    {
      name: "organization id not an integer",
      method: "GET",
      path: "/api/organization/x/document/list",
      status: 422,
      loc: ["path", "organization_id"]
    },
    {
      name: "user id not an integer",
      method: "GET",
      path: "/api/user/abc/organization/list",
      status: 422,
      loc: ["path", "user_id"]
    },
    {
      name: "login without email",
      method: "POST",
      path: "/api/auth",
      body: { password: "x" },
      status: 422,
      loc: ["body", "email"]
    },
    {
      name: "login email a number",
      method: "POST",
      path: "/api/auth",
      body: { email: 1, password: "x" },
      status: 422,
      loc: ["body", "email"]
    },
    {
      name: "table organization_id a string",
      ...createTable({ organization_id: "3" }),
      status: 422,
      loc: ["body", "organization_id"]
    },
    {
      name: "table organization_id over int32",
      ...createTable({ organization_id: 2147483648 }),
      status: 422,
      loc: ["body", "organization_id"]
    },
    { name: "table without user_id", ...createTable({ user_id: undefined }), status: 422, loc: ["body", "user_id"] },
    {
      name: "table with empty document_ids",
      ...createTable({ document_ids: [] }),
      status: 422,
      loc: ["body", "document_ids"]
    },
    {
      name: "table with unknown document",
      ...createTable({ document_ids: [1, 999] }),
      status: 422,
      loc: ["body", "document_ids", 1]
    },
    {
      name: "table document_ids not an array",
      ...createTable({ document_ids: "1" }),
      status: 422,
      loc: ["body", "document_ids"]
    },
    {
      name: "table document id a fraction",
      ...createTable({ document_ids: [1.5] }),
      status: 422,
      loc: ["body", "document_ids", 0]
    },
    {
      name: "table with unknown visibility",
      ...createTable({ visibility: "public" }),
      status: 422,
      loc: ["body", "visibility"]
    },
    {
      name: "update table id not an integer",
      method: "POST",
      path: "/api/ai/table/abc/update",
      body: {},
      status: 422,
      loc: ["path", "ai_table_id"]
    },
    {
      name: "update table to no documents",
      method: "POST",
      path: `/api/ai/table/${table}/update`,
      body: { document_ids: [] },
      status: 422,
      loc: ["body", "document_ids"]
    },
    {
      name: "update table with unknown visibility",
      method: "POST",
      path: `/api/ai/table/${table}/update`,
      body: { visibility: "team" },
      status: 422,
      loc: ["body", "visibility"]
    },
    {
      name: "update table meta an array",
      method: "POST",
      path: `/api/ai/table/${table}/update`,
      body: { meta: [] },
      status: 422,
      loc: ["body", "meta"]
    },
    { name: "update unknown table", method: "POST", path: "/api/ai/table/999/update", body: {}, status: 404 },
    {
      name: "column without query",
      method: "POST",
      path: `/api/ai/table/${table}/column/create`,
      body: { name: "x" },
      status: 422,
      loc: ["body", "query"]
    },
    {
      name: "column with blank query",
      method: "POST",
      path: `/api/ai/table/${table}/column/create`,
      body: { query: "  " },
      status: 422,
      loc: ["body", "query"]
    },
    {
      name: "column name a number",
      method: "POST",
      path: `/api/ai/table/${table}/column/create`,
      body: { query: "q", name: 5 },
      status: 422,
      loc: ["body", "name"]
    },
    {
      name: "column order_id a string",
      method: "POST",
      path: `/api/ai/table/${table}/column/create`,
      body: { query: "q", order_id: "first" },
      status: 422,
      loc: ["body", "order_id"]
    },
    { name: "run without pairs", ...run({}), status: 422, loc: ["body", "doc_id_col_id"] },
    {
      name: "run with a one-element pair",
      ...run({ doc_id_col_id: [[1]] }),
      status: 422,
      loc: ["body", "doc_id_col_id", 0]
    },
    {
      name: "run with a three-element pair",
      ...run({ doc_id_col_id: [[1, column, 3]] }),
      status: 422,
      loc: ["body", "doc_id_col_id", 0]
    },
    {
      name: "run with a string document id",
      ...run({ doc_id_col_id: [["1", column]] }),
      status: 422,
      loc: ["body", "doc_id_col_id", 0, 0]
    },
    {
      name: "run with a document not in the table",
      ...run({ doc_id_col_id: [[2, column]] }),
      status: 422,
      loc: ["body", "doc_id_col_id", 0, 0]
    },
    {
      name: "run with a column not in the table",
      ...run({ doc_id_col_id: [[1, 999]] }),
      status: 422,
      loc: ["body", "doc_id_col_id", 0, 1]
    },
    {
      name: "run with continue_response a string",
      ...run({ doc_id_col_id: [[1, column]], continue_response: "yes" }),
      status: 422,
      loc: ["body", "continue_response"]
    },
    {
      name: "run on an unknown table",
      method: "POST",
      path: "/api/ai/table/999/run",
      body: { doc_id_col_id: [] },
      status: 404
    },
    { name: "run an unknown column", method: "POST", path: `/api/ai/table/${table}/column/999/run`, status: 404 },
    {
      name: "run column id not an integer",
      method: "POST",
      path: `/api/ai/table/${table}/column/x/run`,
      status: 422,
      loc: ["path", "ai_column_id"]
    },
    {
      name: "cell without ai_column_id",
      method: "POST",
      path: `/api/ai/table/${table}/cell/create`,
      body: { document_id: 1 },
      status: 422,
      loc: ["body", "ai_column_id"]
    },
    {
      name: "cell for a document not in the table",
      method: "POST",
      path: `/api/ai/table/${table}/cell/create`,
      body: { document_id: 2, ai_column_id: column },
      status: 422,
      loc: ["body", "document_id"]
    },
    {
      name: "cell response a number",
      method: "POST",
      path: `/api/ai/table/${table}/cell/create`,
      body: { document_id: 1, ai_column_id: column, response: 5 },
      status: 422,
      loc: ["body", "response"]
    },
    {
      name: "session without is_multidoc",
      ...createSession({ is_multidoc: undefined }),
      status: 422,
      loc: ["body", "is_multidoc"]
    },
    {
      name: "session is_multidoc not a boolean",
      ...createSession({ is_multidoc: "maybe" }),
      status: 422,
      loc: ["body", "is_multidoc"]
    },
    {
      name: "single-doc session with two documents",
      ...createSession({ document_ids: [1, 2] }),
      status: 422,
      loc: ["body", "document_ids"]
    },
    {
      name: "multi-doc session without documents",
      ...createSession({ is_multidoc: true, document_ids: [] }),
      advanced: true,
      status: 422,
      loc: ["body", "document_ids"]
    },
    {
      name: "session with an unknown document",
      ...createSession({ document_ids: [999] }),
      status: 422,
      loc: ["body", "document_ids", 0]
    },
    {
      name: "session with unknown visibility",
      ...createSession({ visibility: "everyone" }),
      status: 422,
      loc: ["body", "visibility"]
    },
    { name: "multi-doc session on the basic plan", ...createSession({ is_multidoc: true }), status: 403 },
    {
      name: "single-doc session updated to two documents",
      method: "POST",
      path: `/api/ai/session/${single}/update`,
      body: { document_ids: [1, 2] },
      status: 422,
      loc: ["body", "document_ids"]
    },
    {
      name: "session list without organization_id",
      method: "GET",
      path: "/api/ai/session/list",
      status: 422,
      loc: ["query", "organization_id"]
    },
    {
      name: "session list document_id not an integer",
      method: "GET",
      path: "/api/ai/session/list?organization_id=3&document_id=x",
      status: 422,
      loc: ["query", "document_id"]
    },
    { name: "unknown session", method: "GET", path: "/api/ai/session/999", status: 404 },
    {
      name: "message restricted to a context it may not use",
      ...ask({ restrict_to_context: true, use_context: false }),
      status: 422,
      loc: ["body", "use_context"]
    },
    {
      name: "message flags as strings, contradicting",
      ...ask({ restrict_to_context: "True", use_context: "False" }),
      status: 422,
      loc: ["body", "use_context"]
    },
    { name: "message without query", ...ask({ query: undefined }), status: 422, loc: ["body", "query"] },
    { name: "message with an empty query", ...ask({ query: "" }), status: 422, loc: ["body", "query"] },
    {
      name: "message use_history not a boolean",
      ...ask({ use_history: "sometimes" }),
      status: 422,
      loc: ["body", "use_history"]
    },
    {
      name: "message to a multi-doc session on the basic plan",
      method: "POST",
      path: `/api/ai/session/${multi}/qa/create`,
      body: { query: "q" },
      status: 403
    },
    {
      name: "body that is not JSON",
      method: "POST",
      path: "/api/ai/table/create",
      text: "{not json",
      status: 422,
      loc: ["body"]
    },
    {
      name: "body that is JSON null",
      method: "POST",
      path: "/api/ai/table/create",
      text: "null",
      status: 422,
      loc: ["body"]
    },
    { name: "body over 1 MiB", ...createTable({ meta: { pad: "x".repeat(1_100_000) } }), status: 413 },
    {
      name: "upload with an unsupported doctype",
      ...upload({ organization_id: "3", doctype: "exe", file }),
      status: 422,
      loc: ["body", "doctype"]
    },
    {
      name: "upload organization_id not a number",
      ...upload({ organization_id: "x", doctype: "txt", file }),
      status: 422,
      loc: ["body", "organization_id"]
    },
    {
      name: "upload without a file",
      ...upload({ organization_id: "3", doctype: "txt" }),
      status: 422,
      loc: ["body", "file"]
    }
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
      const base = { organization_id: asOrg(3), user_id: asUser(7), document_ids: [first.id] }
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
        if (process.env.SHOW === "1") console.log(where)
        if (!named) failures.push(`${where} (expected loc ${JSON.stringify(sample.loc)})`)
      }
      assert.deepStrictEqual(failures, [])
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
    }).pipe(Effect.scoped)
  )
})
