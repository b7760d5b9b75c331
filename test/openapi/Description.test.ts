import { assert, describe, it } from "@effect/vitest"
import { compileErrors, validate } from "@readme/openapi-parser"
import { Ajv } from "ajv"
import { Effect } from "effect"
import { additionMarker } from "../../src/api/Api.js"
import { apiDescription } from "../../src/api/ApiDescription.js"
import { isJson, type Json } from "../../src/api/OpenApi30.js"
import { generatedClientTypes, operationsOf, servedDescription } from "./Described.js"

const withDebug = apiDescription({ debugEndpoints: true })

const at = (value: unknown, ...keys: ReadonlyArray<string>): unknown =>
  keys.reduce<unknown>((inner, key) => (isJson(inner) ? inner[key] : undefined), value)

const json = (value: unknown): Json => (isJson(value) ? value : {})

describe("the OpenAPI description", () => {
  it.effect("is OpenAPI 3.0.3 (version 1.2.5) that @readme/openapi-parser validates without an error", () =>
    Effect.gen(function* () {
      for (const description of [servedDescription(), withDebug]) {
        assert.strictEqual(description.openapi, "3.0.3")
        assert.strictEqual(at(description, "info", "version"), "1.2.5")
        // The parser dereferences what it is given: hand it a copy.
        const result = yield* Effect.promise(() => validate(JSON.parse(JSON.stringify(description))))
        assert.isTrue(result.valid, result.valid ? "" : compileErrors(result))
      }
    })
  )

  it("declares every reply: 400, 401 with its challenge, 403, 404, 413, 422 as a bare array, 429 and 503 with Retry-After, 500", () => {
    const operations = operationsOf(withDebug)
    assert.lengthOf(operations, 23)
    for (const { method, path, operation } of operations) {
      const responses = json(operation.responses)
      const where = `${method} ${path}`
      assert.sameMembers(
        Object.keys(responses),
        ["200", "400", "401", "403", "404", "413", "422", "429", "500", "503"],
        where
      )
      for (const status of ["401", "403", "404", "413", "429", "500", "503"]) {
        const schema = at(responses, status, "content", "application/json", "schema", "$ref")
        assert.match(String(schema), /^#\/components\/schemas\/\w+$/, `${where} ${status}`)
      }
      const invalid = json(at(responses, "422", "content", "application/json", "schema"))
      assert.strictEqual(invalid.type, "array", `${where}: a 422 body is a bare array`)
      assert.deepStrictEqual(invalid.items, { $ref: "#/components/schemas/ValidationIssue" })
      for (const status of ["429", "503"])
        assert.strictEqual(at(responses, status, "headers", "Retry-After", "schema", "type"), "integer", where)
      assert.strictEqual(at(responses, "401", "headers", "WWW-Authenticate", "schema", "type"), "string", where)
      // Decode failures are answered 422, never 400: a 400 is only the service's own BadRequest (a body cut short,
      // JSON nested too deeply), described without the platform's decode error.
      assert.deepStrictEqual(
        at(responses, "400", "content", "application/json", "schema"),
        { $ref: "#/components/schemas/BadRequest" },
        where
      )
    }
    const detailReply = json(at(withDebug, "components", "schemas", "TooManyRequests"))
    assert.deepStrictEqual(detailReply.required, ["detail", "_tag"])
  })

  it("asks for the bearer token (a JWT) everywhere but POST /api/auth, which needs none", () => {
    assert.deepStrictEqual(at(withDebug, "components", "securitySchemes", "bearer"), {
      type: "http",
      scheme: "bearer",
      bearerFormat: "JWT",
      description: at(withDebug, "components", "securitySchemes", "bearer", "description")
    })
    // The default requirement too, as the reference says of the hosted service's description (§1).
    assert.deepStrictEqual(withDebug.security, [{ bearer: [] }])
    for (const { method, path, operation } of operationsOf(withDebug)) {
      const expected = path === "/api/auth" ? [] : [{ bearer: [] }]
      assert.deepStrictEqual(operation.security, expected, `${method} ${path}`)
    }
  })

  it("shows the contract's samples as examples, each valid against the schema it illustrates", () => {
    const schemas = json(at(withDebug, "components", "schemas"))
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false })
    const records = Object.entries(schemas).filter(([, schema]) => at(schema, "type") === "object")
    const withExample = records.filter(([, schema]) => at(schema, "example") !== undefined).map(([name]) => name)
    for (const name of ["AiTable", "AiColumn", "AiCell", "Session", "ChatMessage", "Document", "RunTableBody"])
      assert.include(withExample, name)
    assert.isAtLeast(withExample.length, 18)
    for (const name of withExample) {
      const check = ajv.compile({ $ref: `#/components/schemas/${name}`, components: { schemas } })
      assert.isTrue(check(at(schemas, name, "example")), `${name}: ${ajv.errorsText(check.errors)}`)
    }
    const invalid = at(withDebug, "paths", "/api/ai/table/{ai_table_id}/run", "post", "responses", "422")
    const issues = at(invalid, "content", "application/json", "schema", "example")
    assert.deepStrictEqual(issues, [at(schemas, "ValidationIssue", "example")])
  })

  it("describes the debug operation only when it is on, marked as an addition", () => {
    const debugPath = "/debug/run-counts"
    assert.isUndefined(at(servedDescription(), "paths", debugPath))
    assert.isUndefined(at(servedDescription(), "components", "schemas", "RunCount"))
    assert.isString(at(withDebug, "paths", debugPath, "get", additionMarker))
    const marked = operationsOf(withDebug).filter(({ operation }) => operation[additionMarker] !== undefined)
    assert.deepStrictEqual(
      marked.map(({ method, path }) => `${method} ${path}`),
      [`GET ${debugPath}`, "GET /debug/queue-stats"]
    )
  })

  it.effect("generates client types that declare every path it serves", () =>
    Effect.gen(function* () {
      const types = yield* Effect.promise(() => generatedClientTypes())
      for (const { path } of operationsOf(servedDescription())) assert.include(types, `"${path}": {`, path)
    })
  )
})
