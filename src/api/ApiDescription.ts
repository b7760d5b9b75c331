import { HttpApiSchema, OpenApi } from "@effect/platform"
import { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import { Option, SchemaAST } from "effect"
import { Api, DebugGroup } from "./Api.js"
import { BadRequest, retryAfterErrors, Unauthorized } from "./ApiError.js"
import { isJson, type Json, toOpenApi30 } from "./OpenApi30.js"

interface DescriptionOptions {
  /** Whether `serve --debug-endpoints` is on: the debug operations are described only then. */
  readonly debugEndpoints: boolean
}

const retryAfterHeader = {
  "Retry-After": {
    description: "Seconds to wait before asking again.",
    schema: { type: "integer", minimum: 0 },
    example: 1
  }
}

const challengeHeader = {
  "WWW-Authenticate": {
    description: 'The challenge: `Bearer realm="docsweep"`, with `error="invalid_token"` when a token was refused.',
    schema: { type: "string" },
    example: 'Bearer realm="docsweep", error="invalid_token"'
  }
}

/** The name the contract gives its bearer scheme (`Authentication`'s `security` key). */
const bearerScheme = "bearer"
const unauthorizedStatus = String(HttpApiSchema.getStatusErrorAST(Unauthorized.ast))
const decodeErrorStatus = String(HttpApiSchema.getStatusErrorAST(HttpApiDecodeError.ast))
const retryAfterStatuses = new Set(retryAfterErrors.map((error) => String(HttpApiSchema.getStatusErrorAST(error.ast))))

const operationsOf = (document: Json): Array<[path: string, method: string, operation: Json]> =>
  Object.entries(isJson(document.paths) ? document.paths : {}).flatMap(([path, item]) =>
    Object.entries(isJson(item) ? item : {}).flatMap(
      ([method, operation]): Array<[string, string, Json]> => (isJson(operation) ? [[path, method, operation]] : [])
    )
  )

const decodeErrorRef = `#/components/schemas/${HttpApiDecodeError.identifier}`
/** `BadRequest`'s own description (the class keeps its annotations on the record it wraps). */
const badRequestText = SchemaAST.getDescriptionAnnotation(
  SchemaAST.isTransformation(BadRequest.ast) ? BadRequest.ast.to : BadRequest.ast
).pipe(Option.getOrElse(() => "A body that cannot be read."))

/**
 * The platform's 400 is its decode error or our `BadRequest`; the service answers every decode failure with the
 * reference's 422, so a 400 it sends is always `BadRequest` (a body cut short, JSON nested too deeply).
 */
const badRequestOnly = (response: Json): Json => {
  const content = isJson(response.content) ? response.content : {}
  const json = isJson(content["application/json"]) ? content["application/json"] : {}
  const schema = isJson(json.schema) ? json.schema : {}
  const members = Array.isArray(schema.anyOf) ? schema.anyOf : [schema]
  const kept = members.filter((member) => !(isJson(member) && member.$ref === decodeErrorRef))
  return {
    ...response,
    description: badRequestText,
    content: { ...content, "application/json": { ...json, schema: kept.length === 1 ? kept[0] : { anyOf: kept } } }
  }
}

/**
 * What the platform cannot declare: the service answers every decode failure with the reference's 422 (so the
 * platform's decode error is never sent; its 400 is `BadRequest` alone), 429/503 carry `Retry-After` and 401 its
 * `WWW-Authenticate` challenge.
 */
const withRealErrors = (operation: Json): Json => {
  const responses = Object.entries(isJson(operation.responses) ? operation.responses : {}).flatMap(
    ([status, response]): Array<[string, unknown]> => {
      if (status === decodeErrorStatus) return isJson(response) ? [[status, badRequestOnly(response)]] : []
      if (retryAfterStatuses.has(status) && isJson(response))
        return [[status, { ...response, headers: retryAfterHeader }]]
      if (status === unauthorizedStatus && isJson(response))
        return [[status, { ...response, headers: challengeHeader }]]
      return [[status, response]]
    }
  )
  return { ...operation, responses: Object.fromEntries(responses) }
}

/** The operations of the groups kept, each path with at least one. */
const keepOperations = (document: Json, keep: (operation: Json) => boolean): Json => {
  const paths: Record<string, Record<string, Json>> = {}
  for (const [path, method, operation] of operationsOf(document)) {
    if (!keep(operation)) continue
    paths[path] = { ...paths[path], [method]: withRealErrors(operation) }
  }
  return { ...document, paths }
}

const refsIn = (value: unknown, found: Set<string>): Set<string> => {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found)
  else if (isJson(value))
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.add(inner.replace("#/components/schemas/", ""))
      else refsIn(inner, found)
    }
  return found
}

/** Component schemas that no kept operation reaches (the platform's 400 body, a debug record with debug off). */
const pruneSchemas = (document: Json): Json => {
  const components = isJson(document.components) ? document.components : {}
  const schemas = isJson(components.schemas) ? components.schemas : {}
  const reached = refsIn(document.paths, new Set())
  for (let size = -1; size !== reached.size; ) {
    size = reached.size
    for (const name of [...reached]) refsIn(schemas[name], reached)
  }
  const kept = Object.entries(schemas).filter(([name]) => reached.has(name))
  return { ...document, components: { ...components, schemas: Object.fromEntries(kept) } }
}

/**
 * The service's OpenAPI 3.0.3 description, generated from the contract (`Api`) by the platform's `OpenApi` and
 * brought to 3.0.3. Operations marked `x-docsweep-addition` are not in the reference interface.
 */
export const apiDescription = (options: DescriptionOptions): Json => {
  // fromApi caches its result per Api: work on a copy.
  const generated: Json = { ...structuredClone(OpenApi.fromApi(Api)) }
  const debugTag = DebugGroup.identifier
  const tagged = (operation: Json) => Array.isArray(operation.tags) && operation.tags.includes(debugTag)
  const kept = keepOperations(generated, (operation) => options.debugEndpoints || !tagged(operation))
  const tags = Array.isArray(kept.tags) ? kept.tags : []
  const shownTags = tags.filter((tag) => options.debugEndpoints || !(isJson(tag) && tag.name === debugTag))
  // Bearer auth is the default requirement (reference §1); the platform writes none, each operation stating its own.
  return toOpenApi30(pruneSchemas({ ...kept, tags: shownTags, security: [{ [bearerScheme]: [] }] }))
}
