import { HttpClient } from "@effect/platform"
import { Effect } from "effect"
import { jsonBody } from "./JsonBody.js"
import { replyHolding } from "./ReplyBody.js"

/**
 * The most of a 2xx reply read into memory: far past the largest list a real workspace returns (a document list of
 * 100,000 documents is about 60 MB), while a reply that never ends stops here rather than at the memory's end.
 */
export const replyBodyLimit = 256 * 1024 * 1024

/**
 * Reads each 2xx reply's body whole, in one copy, and passes on a reply that holds it. `HttpApiClient` decodes every
 * reply through `arrayBuffer`, which the Node client builds with one `Buffer.concat` per chunk: a copy of all that
 * came before for every 64 KB, so a 20 MB document list took 2.5 s of CPU and 100 MB did not finish in a minute.
 * On the way the body is decompressed when a proxy compressed it, and one that cannot be JSON (empty, a proxy's
 * page, cut short) fails here with why, which the decoder's "Could not parse JSON" did not say.
 * Error replies are left to `rememberErrorReplies`, which reads only their start.
 */
export const readWholeReplies = (client: HttpClient.HttpClient, limit = replyBodyLimit): HttpClient.HttpClient =>
  HttpClient.transformResponse(
    client,
    Effect.flatMap((response) => {
      if (response.status < 200 || response.status >= 300) return Effect.succeed(response)
      return Effect.map(jsonBody(response, limit), (body) => replyHolding(response, body))
    })
  )
