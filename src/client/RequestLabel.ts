import { Api } from "../api/Api.js"

/**
 * How errors and spans name a request: the endpoint's method and path as the contract declares them, its path
 * parameters filled in (`POST /api/ai/table/12/run`). Read from the contract, so the names cannot drift from it.
 */
export const requestLabel = (group: string, name: string, path: unknown): string => {
  const endpoint = Api.groups[group]?.endpoints[name]
  if (endpoint === undefined) return `${group}.${name}`
  const values: ReadonlyMap<string, unknown> =
    typeof path === "object" && path !== null ? new Map(Object.entries(path)) : new Map()
  const filled = endpoint.path.replace(/:(\w+)/g, (parameter, key: string) =>
    values.has(key) ? String(values.get(key)) : parameter
  )
  return `${endpoint.method} ${filled}`
}
