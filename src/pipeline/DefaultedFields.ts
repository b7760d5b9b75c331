import { type Duration, Schema } from "effect"
import { formatDuration } from "./Duration.js"
import { mappingMessage } from "./Fields.js"

/** An optional key with a default; the default also reaches the JSON Schema, so editors show it. */
export const field = <A extends string | number | boolean | ReadonlyArray<string>, I>(
  schema: Schema.Schema<A, I>,
  value: A,
  description: string
) => Schema.optionalWith(schema.annotations({ description, default: value }), { exact: true, default: () => value })

export const durationField = (
  schema: Schema.Schema<Duration.Duration, string>,
  value: Duration.Duration,
  about: string
) =>
  Schema.optionalWith(schema.annotations({ description: about, jsonSchema: { default: formatDuration(value) } }), {
    exact: true,
    default: () => value
  })

export const mapping = <F extends Schema.Struct.Fields>(fields: F, description: string) =>
  Schema.Struct(fields).annotations({ description, message: mappingMessage })
