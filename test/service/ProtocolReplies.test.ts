import { assert, describe, layer } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import * as Jose from "jose"
import { asOrg, raw, testService, uploadText } from "./support.js"

const secret = "test-secret-value"

/** One service for the file: user 7 of workspace 3 (advanced plan) with two documents. */
class Served extends Effect.Service<Served>()("test/service/ProtocolReplies/Served", {
  scoped: Effect.gen(function* () {
    const service = yield* testService({ secret })
    const token = yield* service.token(7, 3, "advanced")
    const client = yield* service.client(token)
    const first = yield* uploadText(client, "a.txt")
    const second = yield* uploadText(client, "b.txt")
    return { baseUrl: service.baseUrl, token: Redacted.value(token), documents: [first.id, second.id] } as const
  })
}) {}

/** A token signed with the service's secret whose `sub` claim is `subject`, as any JWT library could write it. */
const tokenWithSubject = (subject: string | number) =>
  Effect.promise(() =>
    new Jose.SignJWT({ sub: subject as string, orgs: [3], plan: "basic" })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(secret))
  )

describe("HTTP protocol replies and the reference's session reading", () => {
  layer(Served.Default, { excludeTestServices: true })("one service", (it) => {
    it.effect("a known path under another method answers 405 with Allow; an unknown path 404", () =>
      Effect.gen(function* () {
        const { baseUrl, token } = yield* Served
        const cases = [
          { method: "GET", path: "/api/ai/table/1/update", allow: "POST" },
          { method: "PUT", path: "/api/ai/session/1/update", allow: "POST" },
          { method: "POST", path: "/api/ai/session/1/delete", allow: "DELETE" },
          { method: "DELETE", path: "/api/organization/3/document/list", allow: "GET, HEAD" },
          // `create` is also a session id to the GET route, and the router tries that first for GET.
          { method: "DELETE", path: "/api/ai/session/create", allow: "GET, HEAD, POST" }
        ]
        for (const { method, path, allow } of cases) {
          const reply = yield* raw(baseUrl, method, path, { token })
          const where = `${method} ${path}: ${reply.status} ${reply.text}`
          assert.strictEqual(reply.status, 405, where)
          assert.strictEqual(reply.headers.get("allow"), allow, where)
          assert.deepInclude(reply.json, { _tag: "MethodNotAllowed" }, where)
        }
        for (const path of ["/api/ai/table/1", "/debug/run-counts"]) {
          const reply = yield* raw(baseUrl, "POST", path, { token })
          assert.strictEqual(reply.status, 404, `${path}: ${reply.text}`)
          assert.isNull(reply.headers.get("allow"))
        }
      })
    )

    it.effect("every 401 carries a Bearer challenge; a token's subject is a decimal user id", () =>
      Effect.gen(function* () {
        const { baseUrl } = yield* Served
        const path = "/api/organization/3/document/list"
        const missing = yield* raw(baseUrl, "GET", path)
        assert.strictEqual(missing.status, 401)
        assert.strictEqual(missing.headers.get("www-authenticate"), 'Bearer realm="docsweep"')
        const refused = yield* raw(baseUrl, "GET", path, { token: "not.a.jwt" })
        assert.strictEqual(refused.status, 401)
        assert.strictEqual(refused.headers.get("www-authenticate"), 'Bearer realm="docsweep", error="invalid_token"')
        const login = yield* raw(baseUrl, "POST", "/api/auth", { body: '{"email":"no@one","password":"nothing"}' })
        assert.strictEqual(login.status, 401)
        assert.match(login.headers.get("www-authenticate") ?? "", /^Bearer /)
        // Number() reads each of these as 7: without the check they would act as user 7.
        for (const subject of ["0x7", " 7", "7.0", "7e0"]) {
          const reply = yield* raw(baseUrl, "GET", path, { token: yield* tokenWithSubject(subject) })
          assert.strictEqual(reply.status, 401, `sub ${JSON.stringify(subject)}: ${reply.text}`)
        }
        for (const subject of ["7", 7]) {
          const reply = yield* raw(baseUrl, "GET", path, { token: yield* tokenWithSubject(subject) })
          assert.strictEqual(reply.status, 200, `sub ${JSON.stringify(subject)}: ${reply.text}`)
        }
      })
    )

    it.effect("multi-doc sessions hold any number of documents, none included; a repeated id is one document", () =>
      Effect.gen(function* () {
        const { baseUrl, token, documents } = yield* Served
        const [first, second] = documents
        const create = (body: Record<string, unknown>) =>
          raw(baseUrl, "POST", "/api/ai/session/create", {
            token,
            body: JSON.stringify({ organization_id: asOrg(3), user_id: 7, ...body })
          })
        const empty = yield* create({ is_multidoc: true })
        assert.strictEqual(empty.status, 200, empty.text)
        assert.deepInclude(empty.json, { is_multidoc: true, document_ids: [] })
        const multi = yield* create({ is_multidoc: true, document_ids: [first, second] })
        assert.strictEqual(multi.status, 200, multi.text)
        const id = (multi.json as { id: number }).id
        const emptied = yield* raw(baseUrl, "POST", `/api/ai/session/${id}/update`, {
          token,
          body: JSON.stringify({ document_ids: [] })
        })
        assert.deepInclude(emptied.json, { document_ids: [] }, emptied.text)
        const asked = yield* raw(baseUrl, "POST", `/api/ai/session/${id}/qa/create`, { token, body: '{"query":"Hi?"}' })
        assert.strictEqual(asked.status, 200, asked.text)
        const repeated = yield* create({ is_multidoc: false, document_ids: [first, first] })
        assert.strictEqual(repeated.status, 200, repeated.text)
        assert.deepInclude(repeated.json, { is_multidoc: false, document_ids: [first] })
        const two = yield* create({ is_multidoc: false, document_ids: [first, second] })
        assert.strictEqual(two.status, 422, two.text)
        assert.deepStrictEqual((two.json as Array<{ loc: unknown }>)[0]?.loc, ["body", "document_ids"])
      })
    )
  })
})
