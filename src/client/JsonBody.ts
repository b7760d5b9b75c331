import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync, type ZlibOptions } from "node:zlib"
import { type Headers, HttpClientError, type HttpClientResponse } from "@effect/platform"
import { Data, Effect, Either, Stream } from "effect"
import { bodyUpTo } from "./ReplyBody.js"

/** A 2xx reply larger than the limit read, compressed or not (the cause of the `ResponseError`). */
export class ReplyTooLarge extends Data.TaggedError("ReplyTooLarge")<{ readonly limit: number }> {}

/** A 2xx body that cannot be the JSON every endpoint replies with: why, in words (the cause of the `ResponseError`). */
export class ReplyNotJson extends Data.TaggedError("ReplyNotJson")<{ readonly problem: string }> {}

type Decoder = (body: Buffer, options: ZlibOptions) => Buffer

/** Content codings a proxy may apply, by their name in Content-Encoding (deflate is zlib-wrapped, or raw). */
const decoders: Readonly<Record<string, Decoder>> = {
  gzip: gunzipSync,
  "x-gzip": gunzipSync,
  deflate: (body, options) =>
    Either.getOrElse(
      Either.try(() => inflateSync(body, options)),
      () => inflateRawSync(body, options)
    ),
  br: brotliDecompressSync
}

/** The content coding a reply names, lower-case; "" for none. */
const codingOf = (headers: Headers.Headers) => headers["content-encoding"]?.trim().toLowerCase() ?? ""

const isSpace = (byte: number | undefined) => byte === 32 || byte === 9 || byte === 10 || byte === 13

const firstByte = (body: Uint8Array) => body.find((byte) => !isSpace(byte))

/**
 * The body as the service wrote it. docsweep asks for none (`Accept-Encoding: identity`), but a proxy may compress
 * anyway: a coding it names is undone (never past `limit` bytes: a small bomb would fill the memory), unless the
 * body is plainly JSON already (a header that lies). A coding that does not decode is a `ReplyNotJson`.
 */
export const decodedBody = (
  headers: Headers.Headers,
  body: Buffer,
  limit: number
): Either.Either<Buffer, ReplyTooLarge | ReplyNotJson> => {
  const coding = codingOf(headers)
  if (coding === "" || coding === "identity") return Either.right(body)
  const first = firstByte(body)
  if (first === 0x5b || first === 0x7b) return Either.right(body)
  const decoder = decoders[coding]
  if (decoder === undefined)
    return Either.left(
      new ReplyNotJson({ problem: `the body is encoded as "${coding}" (Content-Encoding), which docsweep cannot read` })
    )
  return Either.mapLeft(
    Either.try(() => decoder(body, { maxOutputLength: limit })),
    (cause): ReplyTooLarge | ReplyNotJson =>
      cause instanceof RangeError
        ? new ReplyTooLarge({ limit })
        : new ReplyNotJson({ problem: `the body does not decode as its Content-Encoding says ("${coding}")` })
  )
}

/** What the start of a body that is not JSON holds, for the message: an HTML page's title, or its first words. */
const gistOf = (head: Uint8Array) => {
  const text = new TextDecoder().decode(head.subarray(0, 2048)).trim()
  if (text.startsWith("<")) {
    const title = /<title>([^<]*)<\/title>/i.exec(text)?.[1]?.trim()
    return title === undefined ? "an HTML page" : `an HTML page "${title}"`
  }
  return `"${text.length > 80 ? `${text.slice(0, 80)}…` : text}"`
}

/**
 * Why a 2xx body whose first bytes are `head` cannot be JSON, from how it starts: empty, or not an array or object
 * (a proxy's page, plain text, a login form). Undefined when it may be.
 */
export const startProblem = (
  response: Pick<HttpClientResponse.HttpClientResponse, "status" | "headers">,
  head: Uint8Array
): string | undefined => {
  const first = firstByte(head)
  if (first === undefined) return `the body is empty${response.status === 200 ? "" : ` (status ${response.status})`}`
  if (first === 0x5b || first === 0x7b) return undefined
  const type = response.headers["content-type"]
  return `the body is no JSON array or object${type === undefined ? "" : ` (Content-Type: ${type})`}: ${gistOf(head)}`
}

/** Why a whole 2xx body cannot be JSON: as `startProblem`, or an array or object that never closes (cut short). */
const bodyProblem = (response: HttpClientResponse.HttpClientResponse, body: Buffer): string | undefined => {
  const atStart = startProblem(response, body)
  if (atStart !== undefined) return atStart
  const close = firstByte(body) === 0x5b ? 0x5d : 0x7d
  const last = body.findLast((byte) => !isSpace(byte))
  return last === close ? undefined : `the body ends before its JSON does (${body.length} bytes): it was cut short`
}

const failure = (response: HttpClientResponse.HttpClientResponse, cause: ReplyTooLarge | ReplyNotJson) =>
  new HttpClientError.ResponseError({ request: response.request, response, reason: "Decode", cause })

/** A 2xx reply's body read whole (at most `limit` bytes), decoded, and checked to be an array or object. */
export const jsonBody = (response: HttpClientResponse.HttpClientResponse, limit: number) =>
  Effect.flatMap(bodyUpTo(response, limit), ({ body, over }) => {
    if (over) return Effect.fail(failure(response, new ReplyTooLarge({ limit })))
    const checked = Either.flatMap(decodedBody(response.headers, body, limit), (plain) => {
      const problem = bodyProblem(response, plain)
      return problem === undefined ? Either.right(plain) : Either.left(new ReplyNotJson({ problem }))
    })
    return Either.match(checked, {
      onLeft: (cause) => Effect.fail(failure(response, cause)),
      onRight: (plain) => Effect.succeed(plain)
    })
  })

/**
 * A 2xx reply's body as a stream of plain bytes: as it arrives, or, when a proxy compressed it, read whole (at most
 * `limit` bytes) and decoded first.
 */
export const plainStream = (response: HttpClientResponse.HttpClientResponse, limit: number) => {
  const coding = codingOf(response.headers)
  if (coding === "" || coding === "identity") return Effect.succeed(response.stream)
  return Effect.flatMap(bodyUpTo(response, limit), ({ body, over }) =>
    Either.match(over ? Either.left(new ReplyTooLarge({ limit })) : decodedBody(response.headers, body, limit), {
      onLeft: (cause) => Effect.fail(failure(response, cause)),
      onRight: (plain) => Effect.succeed(Stream.make(new Uint8Array(plain)))
    })
  )
}
