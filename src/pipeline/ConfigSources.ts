import { Effect, Schema } from "effect"
import { type LoadedPipeline, leafKeys } from "./loadPipeline.js"
import { type Pipeline, PipelineSchema } from "./PipelineSchema.js"

export type ConfigSource = "default" | "config/default.yaml" | "pipeline" | "environment" | "flag"

/** One effective setting and where it came from, for `docsweep config`. Keys are the pipeline's dotted keys. */
export interface ConfigEntry {
  readonly key: string
  readonly value: unknown
  readonly source: ConfigSource
}

/** How the token shows wherever settings are printed. */
export const redactedText = "<redacted>"

const keyOrder = [
  "name",
  "base_url",
  "token",
  "workspace",
  "user_id",
  "visibility",
  "documents",
  "columns",
  "chats",
  "run",
  "output"
]
const rank = (key: string) => {
  const i = keyOrder.indexOf(key.split(".")[0] ?? key)
  return i === -1 ? keyOrder.length : i
}

const valueAt = (value: unknown, key: string): unknown =>
  key
    .split(".")
    .reduce<unknown>(
      (v, k) => (typeof v === "object" && v !== null && !Array.isArray(v) ? Reflect.get(v, k) : undefined),
      value
    )

/** Every setting in pipeline-file form (durations as text), with its source; the token only as `<redacted>`. */
export const describeSources = (
  loaded: LoadedPipeline,
  pipeline: Pipeline,
  chosen: ReadonlyMap<string, ConfigSource>
) =>
  Schema.encode(PipelineSchema)(pipeline).pipe(
    // The pipeline was decoded by this same schema, so encoding it back cannot fail.
    Effect.orDie,
    Effect.map((encoded) =>
      [...new Set([...leafKeys(encoded), "base_url", "token", "workspace", "user_id", "run.deadline"])]
        .sort((a, b) => rank(a) - rank(b))
        .map(
          (key): ConfigEntry => ({
            key,
            value: key === "token" ? (chosen.has("token") ? redactedText : undefined) : valueAt(encoded, key),
            source: chosen.get(key) ?? loaded.keySources.get(key) ?? "default"
          })
        )
    )
  )

/**
 * What a setting that is not set means, where that is not plain "nothing". Without a base URL the run works on its
 * embedded service, as user 1 in workspace 1 (`embeddedIdentity`) with a token it issues itself: "(not set)" alone
 * read as if the run would lack them.
 */
const unsetText = (key: string, embedded: boolean): string => {
  if (key === "base_url") return "(not set: the embedded local service)"
  if (!embedded) return "(not set)"
  if (key === "user_id" || key === "workspace") return "(not set: 1 on the embedded service)"
  if (key === "token") return "(not set: the embedded service issues its own)"
  return "(not set)"
}

const runsEmbedded = (sources: ReadonlyArray<ConfigEntry>) =>
  sources.find((entry) => entry.key === "base_url")?.value === undefined

const show = (key: string, value: unknown, embedded: boolean): string =>
  value === undefined ? unsetText(key, embedded) : value === redactedText ? redactedText : JSON.stringify(value)

/** `run.concurrency = 8  (pipeline)`, one line per setting, for `docsweep config`. */
export const renderSources = (sources: ReadonlyArray<ConfigEntry>): string => {
  const width = Math.max(0, ...sources.map((s) => s.key.length))
  const embedded = runsEmbedded(sources)
  return sources.map((s) => `${s.key.padEnd(width)} = ${show(s.key, s.value, embedded)}  (${s.source})`).join("\n")
}

/** Keys a run's listed settings leave out: the token, and what a report shows elsewhere. */
const unlisted = new Set(["token", "name", "documents", "columns", "chats"])

/** The effective settings as a run keeps them and its reports list them: values as text, no token. */
export const listedSettings = (
  sources: ReadonlyArray<ConfigEntry>
): ReadonlyArray<{ readonly key: string; readonly value: string; readonly source: ConfigSource }> => {
  const embedded = runsEmbedded(sources)
  return sources
    .filter((entry) => !unlisted.has(entry.key))
    .map((entry) => ({ key: entry.key, value: show(entry.key, entry.value, embedded), source: entry.source }))
}
