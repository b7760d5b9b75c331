import { HttpServerRequest } from "@effect/platform"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Redacted } from "effect"
import { guardRequests } from "../../src/service/HttpGuards.js"
import { resolveServiceSettings } from "../../src/service/ServiceSettings.js"
import { raw, testService } from "../service/support.js"
import { replyChecker, servedDescription } from "./Described.js"

/** Real replies of the error statuses, each checked against the description the service serves. */
describe("error replies as described", () => {
  it.scopedLive("401, 403, 404, 413 and 422 have the described bodies; the served description hides /debug", () =>
    Effect.gen(function* () {
      const service = yield* testService()
      const described = yield* raw(service.baseUrl, "GET", "/openapi.json")
      assert.deepStrictEqual(described.json, servedDescription())
      const check = replyChecker(servedDescription())
      const token = Redacted.value(yield* service.token(7, 3))
      const cases = [
        { path: "/api/ai/table/1/cell/list", token: undefined, status: 401 },
        { path: "/api/user/8/organization/list", token, status: 403 },
        { path: "/api/ai/table/999/cell/list", token, status: 404 },
        { path: "/api/ai/table/x/cell/list", token, status: 422 },
        { path: "/api/ai/table/create", token, status: 413, body: JSON.stringify({ pad: "x".repeat(1_100_000) }) },
        { path: "/api/ai/table/create", token, status: 422, body: '{"organization_id": "3"' }
      ]
      const problems: Array<string> = []
      for (const { path, token, status, body } of cases) {
        const method = body === undefined ? "GET" : "POST"
        const reply = yield* raw(service.baseUrl, method, path, { token, body })
        if (reply.status !== status) problems.push(`${method} ${path} → ${reply.status}, not ${status}`)
        problems.push(...check(method, `${service.baseUrl}${path}`, reply.status, reply.json, reply.headers))
      }
      assert.deepStrictEqual(problems, [])
    })
  )

  it.scopedLive("400 (JSON nested too deeply, an upload cut short) has the described body", () =>
    Effect.gen(function* () {
      const service = yield* testService()
      const check = replyChecker(servedDescription())
      const token = Redacted.value(yield* service.token(7, 3))
      const boundary = "describedBoundary"
      const cutShort = `--${boundary}\r\nContent-Disposition: form-data; name="doctype"\r\n\r\ntxt\r\n`
      const cases = [
        { path: "/api/ai/table/create", body: `${"[".repeat(100)}${"]".repeat(100)}`, contentType: undefined },
        { path: "/api/document/create", body: cutShort, contentType: `multipart/form-data; boundary=${boundary}` }
      ]
      const problems: Array<string> = []
      for (const { path, body, contentType } of cases) {
        const reply = yield* raw(service.baseUrl, "POST", path, { token, body, ...(contentType && { contentType }) })
        if (reply.status !== 400) problems.push(`POST ${path} → ${reply.status}, not 400`)
        problems.push(...check("POST", `${service.baseUrl}${path}`, reply.status, reply.json, reply.headers))
      }
      assert.deepStrictEqual(problems, [])
    })
  )

  it.scopedLive("429, 500 and 503 from --fault-rate have the described bodies, Retry-After on 429 and 503", () =>
    Effect.gen(function* () {
      const service = yield* testService({ faultRate: 1, seed: 7, faultDelayMs: 10 })
      const check = replyChecker(servedDescription())
      const token = Redacted.value(yield* service.token(7, 3))
      const path = "/api/organization/3/document/list"
      const seen = new Set<number>()
      const problems: Array<string> = []
      // Each request draws one of six faults; 60 draws miss one of the three statuses with odds below 1e-9.
      for (let attempt = 0; attempt < 60 && seen.size < 3; attempt++) {
        // Dropped connections (a fault too) reject the fetch: not a reply, so not counted.
        const exit = yield* Effect.exit(raw(service.baseUrl, "GET", path, { token }))
        if (Exit.isFailure(exit) || ![429, 500, 503].includes(exit.value.status)) continue
        const reply = exit.value
        seen.add(reply.status)
        problems.push(...check("GET", `${service.baseUrl}${path}`, reply.status, reply.json, reply.headers))
      }
      assert.sameMembers([...seen], [429, 500, 503])
      assert.deepStrictEqual(problems, [])
    })
  )

  it.effect("a defect behind the API answers the declared 500 body, not an empty one", () =>
    Effect.gen(function* () {
      const uploads = yield* Effect.makeSemaphore(1)
      const guarded = guardRequests(resolveServiceSettings({}), uploads)(Effect.die(new Error("boom")))
      const request = HttpServerRequest.fromWeb(new Request("http://127.0.0.1/api/ai/table/1/cell/list"))
      const error = yield* Effect.flip(Effect.provideService(guarded, HttpServerRequest.HttpServerRequest, request))
      assert.strictEqual(error._tag, "InternalServerError")
    })
  )
})
