import { rename, writeFile } from "node:fs/promises"
import { fileURLToPath, pathToFileURL } from "node:url"
import { NodeRuntime } from "@effect/platform-node"
import { Effect, JSONSchema } from "effect"
import { packageFile } from "./PackageFiles.js"
import { PipelineSchema } from "./PipelineSchema.js"

export const schemaFileUrl = pathToFileURL(packageFile("config", "pipeline.schema.json"))

/** Titles the schema library derives from refinements ("positive", "minItems(1)") mean nothing in an editor. */
const dropDerivedTitles = (value: unknown, root = true): unknown => {
  if (Array.isArray(value)) return value.map((v) => dropDerivedTitles(v, false))
  if (typeof value !== "object" || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, v]) => root || key !== "title" || typeof v !== "string")
      .map(([key, v]) => [key, key === "properties" ? mapValues(v) : dropDerivedTitles(v, false)])
  )
}

// Under `properties` the keys are field names, so a field called `title` must stay.
const mapValues = (value: unknown): unknown =>
  typeof value === "object" && value !== null
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, dropDerivedTitles(v, false)]))
    : value

/** The text of config/pipeline.schema.json: the encoded (YAML) side of `PipelineSchema` as JSON Schema draft-07. */
export const pipelineJsonSchema = (): string =>
  `${JSON.stringify(dropDerivedTitles(JSONSchema.make(PipelineSchema)), null, 2)}\n`

/** Writes the schema next to config/default.yaml (temp file, then rename). */
export const writeJsonSchema = Effect.gen(function* () {
  const target = fileURLToPath(schemaFileUrl)
  const temp = `${target}.tmp`
  yield* Effect.tryPromise(() => writeFile(temp, pipelineJsonSchema()))
  yield* Effect.tryPromise(() => rename(temp, target))
  yield* Effect.logInfo(`wrote ${target}`)
})

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  NodeRuntime.runMain(writeJsonSchema)
}
