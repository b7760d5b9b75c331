import { type Headers, HttpClient, type HttpClientResponse } from "@effect/platform"
import { Effect, Either, FiberRef, Option } from "effect"
import { decodedBody } from "./JsonBody.js"
import { bodyUpTo, replyHolding } from "./ReplyBody.js"

/** A non-2xx reply, read once: what the decoded error leaves out (Retry-After) and what the fallback reads. */
export interface ErrorReply {
  readonly status: number
  readonly headers: Headers.Headers
  readonly text: string
}

/**
 * The error reply of the call running on this fiber (`ServiceClient` scopes it to each call with
 * `Effect.locally`): `HttpApiClient` decodes a declared error from the body alone, and fails without the response
 * when the body is not the contract's.
 */
export const currentErrorReply = FiberRef.unsafeMake<Option.Option<ErrorReply>>(Option.none())

/**
 * How much of an error reply is read: far more than any error the contract declares, while a proxy's page that
 * never ends (or a body past the 512 MB a string may hold, which ended the process) costs no more than this.
 */
const errorBodyLimit = 1024 * 1024

/**
 * The start of an error reply's body, at most `errorBodyLimit` bytes (decompressed when a proxy compressed it); the
 * rest is not read (the socket closes).
 */
const errorBodyText = (response: HttpClientResponse.HttpClientResponse) =>
  Effect.map(bodyUpTo(response, errorBodyLimit), ({ body }) => {
    const start = body.subarray(0, errorBodyLimit)
    const plain = Either.getOrElse(decodedBody(response.headers, start, errorBodyLimit), () => start)
    // A character cut at the limit decodes to U+FFFD.
    return new TextDecoder().decode(plain.subarray(0, errorBodyLimit))
  })

/**
 * Reads each non-2xx reply once, remembers it in `currentErrorReply`, and passes a copy on, so that
 * `HttpApiClient` decodes the errors the contract declares (`Api`'s `addError`) and the fallback still has the body.
 */
export const rememberErrorReplies = (client: HttpClient.HttpClient): HttpClient.HttpClient =>
  HttpClient.transformResponse(
    client,
    Effect.flatMap((response) =>
      response.status >= 200 && response.status < 300
        ? Effect.succeed(response)
        : Effect.gen(function* () {
            const text = yield* errorBodyText(response)
            yield* FiberRef.set(
              currentErrorReply,
              Option.some({ status: response.status, headers: response.headers, text })
            )
            return replyHolding(response, text === "" ? null : text)
          })
    )
  )
