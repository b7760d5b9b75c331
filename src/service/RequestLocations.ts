import { Api, DebugGroup } from "../api/Api.js"

interface Route {
  readonly method: string
  readonly pattern: RegExp
  readonly params: ReadonlyArray<string>
  readonly debug: boolean
}

/** The contract's routes with their path parameter names, to tell a path field from a body or query field. */
const routes: ReadonlyArray<Route> = Object.values(Api.groups).flatMap((group) =>
  Object.values(group.endpoints).map((endpoint) => {
    const params: Array<string> = []
    const source = endpoint.path
      .split("/")
      .map((segment: string) => {
        if (!segment.startsWith(":")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
        params.push(segment.slice(1))
        return "[^/]*"
      })
      .join("/")
    return {
      method: endpoint.method,
      pattern: new RegExp(`^${source}/?$`),
      params,
      debug: group.identifier === DebugGroup.identifier
    }
  })
)

/**
 * Where a request field lives, as the 422 `loc` starts (reference §6): `path` for a route parameter,
 * `query` on requests without a body, `body` otherwise.
 */
export const fieldLocation = (method: string, url: string, field: string | number | undefined): string => {
  const pathname = url.split("?")[0] ?? url
  const route = routes.find((candidate) => candidate.method === method && candidate.pattern.test(pathname))
  if (typeof field === "string" && route?.params.includes(field)) return "path"
  return method === "GET" || method === "DELETE" ? "query" : "body"
}

/** The upload endpoint has its own, larger, body limit. */
export const isUpload = (method: string, url: string): boolean =>
  method === "POST" && /^\/api\/document\/create\/?$/.test(url.split("?")[0] ?? url)

/**
 * The methods the contract serves at this path (`HEAD` with `GET`), for a 405's `Allow`; empty when none. The debug
 * operations are left out: off, they answer 404 whatever the method, so nothing tells that they exist.
 */
export const allowedMethods = (url: string): ReadonlyArray<string> => {
  const pathname = url.split("?")[0] ?? url
  const served = routes.filter((route) => !route.debug && route.pattern.test(pathname))
  const methods = new Set(served.map((route) => route.method))
  if (methods.has("GET")) methods.add("HEAD")
  return [...methods].sort()
}
