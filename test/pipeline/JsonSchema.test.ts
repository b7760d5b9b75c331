import { readFile } from "node:fs/promises"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { pipelineJsonSchema, schemaFileUrl } from "../../src/pipeline/writeJsonSchema.js"

describe("config/pipeline.schema.json", () => {
  it.effect("is current (regenerate with `npm run schema`)", () =>
    Effect.gen(function* () {
      const checkedIn = yield* Effect.promise(() => readFile(schemaFileUrl, "utf8"))
      assert.strictEqual(checkedIn, pipelineJsonSchema())
    })
  )

  it.effect("describes the YAML side: required keys, no unknown keys, durations as text, defaults", () =>
    Effect.sync(() => {
      const schema = JSON.parse(pipelineJsonSchema())
      assert.strictEqual(schema.$schema, "http://json-schema.org/draft-07/schema#")
      assert.deepStrictEqual(schema.required, ["name", "documents", "columns"])
      assert.strictEqual(schema.additionalProperties, false)
      assert.notProperty(schema.properties, "token")
      const run = schema.properties.run.properties
      assert.strictEqual(run.concurrency.default, "auto")
      assert.strictEqual(run.cell_timeout.type, "string")
      assert.strictEqual(run.cell_timeout.default, "10m")
      assert.strictEqual(schema.properties.visibility.default, "private")
      assert.strictEqual(schema.properties.documents.items.anyOf.length, 4)
      assert.deepStrictEqual(schema.properties.output.properties.formats.items.enum, ["xlsx", "csv", "html"])
    })
  )
})
