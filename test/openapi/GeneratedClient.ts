import { Effect } from "effect"
import createClient from "openapi-fetch"
import type { Json } from "../../src/api/OpenApi30.js"
import { replyChecker } from "./Described.js"
import type { paths } from "./generated/service-api.js"

/** openapi-fetch over the generated types; every reply is checked against the served description. */
export const checkedClient = (baseUrl: string, token: string, description: Json) => {
  const problems: Array<string> = []
  const check = replyChecker(description)
  const client = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } })
  client.use({
    onResponse: async ({ request, response }) => {
      const text = await response.clone().text()
      const body: unknown = text === "" ? undefined : JSON.parse(text)
      problems.push(...check(request.method, request.url, response.status, body, response.headers))
    }
  })
  return { client, problems }
}

/** The `data` of a reply that must have succeeded; anything else fails the test with the reply. */
export const ok = <T>(call: () => Promise<{ data?: T; error?: unknown; response: Response }>) =>
  Effect.flatMap(Effect.promise(call), ({ data, error, response }) =>
    response.status === 200 && data !== undefined
      ? Effect.succeed(data)
      : Effect.dieMessage(`${response.url} → ${response.status} ${JSON.stringify(error)}`)
  )
