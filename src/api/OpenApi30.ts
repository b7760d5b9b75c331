/**
 * @effect/platform's `OpenApi.fromApi` writes OpenAPI 3.1 (JSON Schema 2020-12); the reference interface is
 * published as OpenAPI 3.0.3, which client generators and linters of that generation read. This rewrites the few
 * 3.1 forms that generator emits into their 3.0.3 equivalents; a validator test fails on any form left over.
 */

export type Json = { readonly [key: string]: unknown }

export const isJson = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const mapValues = (record: unknown, f: (value: Json) => Json): Json =>
  isJson(record)
    ? Object.fromEntries(Object.entries(record).map(([key, value]) => [key, isJson(value) ? f(value) : value]))
    : {}

const schemaList = (value: unknown): Array<Json> => (Array.isArray(value) ? value.filter(isJson).map(toSchema30) : [])

/** Keywords that exist only in JSON Schema 2019+ and mean nothing to a 3.0 reader. */
const dropped = new Set(["$id", "$schema", "$comment", "contentMediaType", "contentEncoding"])

/** A tuple (`prefixItems`) becomes an array of fixed length whose items may be any of the positions' schemas. */
const tupleItems = (prefixItems: Array<Json>): Json => {
  const distinct = [...new Map(prefixItems.map((item) => [JSON.stringify(item), item])).values()]
  return distinct.length === 1 && distinct[0] !== undefined ? distinct[0] : { anyOf: distinct }
}

/** One JSON Schema 2020-12 schema, as an OpenAPI 3.0 Schema Object. */
const toSchema30 = (schema: Json): Json => {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) {
    if (dropped.has(key)) continue
    if (key === "const") out.enum = [value]
    else if (key === "examples") {
      if (Array.isArray(value) && value.length > 0) out.example = value[0]
    } else if (key === "prefixItems") {
      const items = schemaList(value)
      out.items = tupleItems(items)
      out.minItems = items.length
      out.maxItems = items.length
    } else if (key === "items") {
      if (isJson(value) && schema.prefixItems === undefined) out.items = toSchema30(value)
    } else if (key === "properties") out.properties = mapValues(value, toSchema30)
    else if (key === "additionalProperties") out.additionalProperties = isJson(value) ? toSchema30(value) : value
    else if (key === "allOf" || key === "anyOf" || key === "oneOf") out[key] = schemaList(value)
    else if (key === "not" && isJson(value)) out.not = toSchema30(value)
    // 3.0 wants at least one name in `required`.
    else if (key === "required") {
      if (Array.isArray(value) && value.length > 0) out.required = value
    } else out[key] = value
  }
  nullableUnion(out)
  // In 3.0 a `$ref` replaces its object: keywords beside it would be ignored, so they wrap it.
  const { $ref, ...rest } = out
  return $ref !== undefined && Object.keys(rest).length > 0 ? { allOf: [{ $ref }], ...rest } : out
}

/** `anyOf: [X, {type: "null"}]` is 3.0's `nullable: true`. */
const nullableUnion = (out: Record<string, unknown>) => {
  const members = out.anyOf
  if (!Array.isArray(members)) return
  const rest = members.filter((member) => !(isJson(member) && member.type === "null"))
  if (rest.length === members.length) return
  out.nullable = true
  if (rest.length === 1 && isJson(rest[0])) {
    delete out.anyOf
    out.allOf = [rest[0]]
  } else out.anyOf = rest
}

const withSchema = (holder: Json): Json =>
  isJson(holder.schema) ? { ...holder, schema: toSchema30(holder.schema) } : holder

const operation30 = (operation: Json): Json => ({
  ...operation,
  ...(Array.isArray(operation.parameters)
    ? { parameters: operation.parameters.map((parameter) => (isJson(parameter) ? withSchema(parameter) : parameter)) }
    : {}),
  ...(isJson(operation.requestBody)
    ? { requestBody: { ...operation.requestBody, content: mapValues(operation.requestBody.content, withSchema) } }
    : {}),
  responses: mapValues(operation.responses, (response) => ({
    ...response,
    ...(isJson(response.content) ? { content: mapValues(response.content, withSchema) } : {}),
    ...(isJson(response.headers) ? { headers: mapValues(response.headers, withSchema) } : {})
  }))
})

/** The whole document, as OpenAPI 3.0.3. */
export const toOpenApi30 = (document: Json): Json => {
  const components = isJson(document.components) ? document.components : {}
  return {
    ...document,
    openapi: "3.0.3",
    paths: mapValues(document.paths, (pathItem) => mapValues(pathItem, operation30)),
    components: { ...components, schemas: mapValues(components.schemas, toSchema30) }
  }
}
