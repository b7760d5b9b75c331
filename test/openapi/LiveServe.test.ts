import { randomUUID } from "node:crypto"
import { join } from "node:path"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { isJson, type Json } from "../../src/api/OpenApi30.js"
import { signToken } from "../../src/service/Auth.js"
import { allOutput, runCli } from "../cli/CliHarness.js"
import { startServe } from "../cli/ServeChild.js"
import { asOrg, asUser, contract, waitUntil } from "../service/support.js"
import { scopedBrowser, screenshotDir } from "../support/browser.js"
import { operationsOf, replyChecker } from "./Described.js"
import { checkedClient, ok } from "./GeneratedClient.js"

/** `docsweep serve` as a child process (debug operations on), a token it accepts and what it describes. */
class Served extends Effect.Service<Served>()("test/openapi/Served", {
  scoped: Effect.gen(function* () {
    const secret = `openapi-test-${randomUUID()}`
    const flags = ["--debug-endpoints", "--secret", secret, "--engine", "latency", "--latency-ms", "20"]
    const { baseUrl } = yield* startServe({ flags })
    const user = { userId: asUser(7), organizationIds: [asOrg(3)], plan: "advanced" as const }
    const token = Redacted.value(yield* signToken(Redacted.make(secret), user, "1 hour"))
    const reply = yield* Effect.promise(() => fetch(`${baseUrl}/openapi.json`))
    assert.strictEqual(reply.status, 200, "GET /openapi.json needs no token")
    const body: unknown = yield* Effect.promise(() => reply.json())
    const description: Json = isJson(body) ? body : {}
    return { baseUrl, token, description } as const
  }).pipe(Effect.orDie)
}) {}

describe.concurrent("a client and a browser against a live `docsweep serve`", () => {
  layer(Served.Default, { excludeTestServices: true })("served", (it) => {
    it.effect("serves the description --print-openapi prints, without a token", () =>
      Effect.gen(function* () {
        const served = yield* Served
        const printed = yield* runCli(["serve", "--print-openapi", "--debug-endpoints"])
        assert.strictEqual(printed.code, 0, allOutput(printed))
        assert.deepStrictEqual(JSON.parse(printed.stdout), served.description)
        assert.strictEqual(served.description.openapi, "3.0.3")
      })
    )

    it.effect("routes every described operation, behind the bearer token where it says so", () =>
      Effect.gen(function* () {
        const served = yield* Served
        const check = replyChecker(served.description)
        const problems: Array<string> = []
        for (const { method, path, operation } of operationsOf(served.description)) {
          const url = `${served.baseUrl}${path.replace(/\{[^}]+\}/g, "1")}`
          const init = method === "GET" || method === "DELETE" ? {} : { body: "{}" }
          const reply = yield* Effect.promise(() =>
            fetch(url, { method, ...init, headers: { "content-type": "application/json" } })
          )
          const body: unknown = yield* Effect.promise(() => reply.json())
          const secured = Array.isArray(operation.security) && operation.security.length > 0
          // Without a token: 401 where a token is required; POST /api/auth reads the (empty) body: 422.
          if (reply.status !== (secured ? 401 : 422)) problems.push(`${method} ${path} → ${reply.status}`)
          problems.push(...check(method, url, reply.status, body, reply.headers))
        }
        assert.deepStrictEqual(problems, [])
      })
    )

    it.effect("a generated client runs the main flow and gets the 422 array for a bad pair", () =>
      Effect.gen(function* () {
        const served = yield* Served
        const { client, problems } = checkedClient(served.baseUrl, served.token, served.description)
        const document = yield* ok(() =>
          client.POST("/api/document/create", {
            body: { organization_id: 3, doctype: "txt", file: contract },
            bodySerializer: (body) => {
              const form = new FormData()
              form.append("organization_id", String(body.organization_id))
              form.append("doctype", body.doctype)
              form.append("file", new Blob([body.file]), "msa.txt")
              return form
            }
          })
        )
        assert.strictEqual(document.filename, "msa.txt")
        const table = yield* ok(() =>
          client.POST("/api/ai/table/create", {
            body: { organization_id: 3, user_id: 7, document_ids: [document.id], visibility: "private" }
          })
        )
        const tablePath = { params: { path: { ai_table_id: table.id } } }
        const column = yield* ok(() =>
          client.POST("/api/ai/table/{ai_table_id}/column/create", {
            ...tablePath,
            body: { name: "Term", query: "When does the agreement terminate?" }
          })
        )
        const run = yield* ok(() =>
          client.POST("/api/ai/table/{ai_table_id}/run", {
            ...tablePath,
            body: { doc_id_col_id: [[document.id, column.id]] }
          })
        )
        assert.lengthOf(run, 1)
        const cells = yield* waitUntil(
          ok(() => client.GET("/api/ai/table/{ai_table_id}/cell/list", tablePath)),
          (list) => list.length === 1 && list.every((cell) => cell.task_status === "success")
        )
        assert.include(cells[0]?.response ?? "", "msa.txt")

        const session = yield* ok(() =>
          client.POST("/api/ai/session/create", {
            body: { organization_id: 3, user_id: 7, is_multidoc: false, document_ids: [document.id] }
          })
        )
        const sessionPath = { params: { path: { ai_session_id: session.id } } }
        yield* ok(() =>
          client.POST("/api/ai/session/{ai_session_id}/qa/create", {
            ...sessionPath,
            body: { query: "When does the agreement terminate?" }
          })
        )
        const messages = yield* waitUntil(
          ok(() => client.GET("/api/ai/session/{ai_session_id}/qa/list", sessionPath)),
          (list) => list.length === 1 && list.every((message) => message.task_status === "success")
        )
        assert.isNotEmpty(messages[0]?.response ?? "")

        const bad = yield* Effect.promise(() =>
          client.POST("/api/ai/table/{ai_table_id}/run", {
            ...tablePath,
            body: { doc_id_col_id: [[document.id, 999]] }
          })
        )
        assert.strictEqual(bad.response.status, 422)
        assert.isTrue(Array.isArray(bad.error), "the 422 body is a bare array")
        const issue = Array.isArray(bad.error) ? bad.error[0] : undefined
        assert.deepStrictEqual(issue?.loc, ["body", "doc_id_col_id", 0, 1])
        assert.strictEqual(issue?.type, "value_error")
        assert.deepStrictEqual(problems, [], "every reply matches the description")
      })
    )

    it.effect("/docs renders the whole description in headless Chromium with the network cut off", () =>
      Effect.gen(function* () {
        const served = yield* Served
        const browser = yield* scopedBrowser
        const page = yield* Effect.promise(async () => {
          const context = await browser.newContext()
          const outside: Array<string> = []
          const failures: Array<string> = []
          // Only the service on 127.0.0.1 answers: anything else the page asks for is cut off and reported.
          await context.route("**/*", (route) => {
            const url = route.request().url()
            if (url.startsWith(`${served.baseUrl}/`)) return route.continue()
            outside.push(url)
            return route.abort("internetdisconnected")
          })
          const page = await context.newPage()
          page.on("pageerror", (error) => failures.push(error.message))
          await page.goto(`${served.baseUrl}/docs`)
          await page.locator(".opblock").nth(21).waitFor({ timeout: 20_000 })
          const title = await page.locator(".info .title").innerText()
          const operations = await page.locator(".opblock").count()
          const summaries = await page.locator(".opblock-summary-path").allInnerTexts()
          await page.screenshot({ path: join(screenshotDir("openapi"), "docs.png"), fullPage: true })
          return { title, operations, summaries, outside, failures }
        })
        assert.deepStrictEqual(page.outside, [], "the page asked for nothing beyond the service")
        assert.deepStrictEqual(page.failures, [])
        assert.include(page.title, "docsweep service API")
        assert.include(page.title, "1.2.5")
        assert.strictEqual(page.operations, operationsOf(served.description).length)
        assert.includeMembers(
          page.summaries.map((text) => text.replace(/\u200b/g, "")),
          ["/api/ai/table/{ai_table_id}/run", "/debug/run-counts"]
        )
      }).pipe(Effect.scoped)
    )
  })
})
