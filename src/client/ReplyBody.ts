import { HttpClientResponse } from "@effect/platform"
import { Effect, Stream } from "effect"

/**
 * A reply's body, read up to `limit` bytes in one copy at the end (the Node client's own `arrayBuffer` copies all it
 * has read on every chunk), and whether the body goes on past the limit; the rest is not read.
 */
export const bodyUpTo = (response: HttpClientResponse.HttpClientResponse, limit: number) =>
  Effect.map(
    Stream.runFoldWhile(
      response.stream,
      { chunks: [] as Array<Uint8Array>, bytes: 0 },
      (read) => read.bytes <= limit,
      (read, chunk) => {
        read.chunks.push(chunk)
        return { chunks: read.chunks, bytes: read.bytes + chunk.byteLength }
      }
    ),
    ({ bytes, chunks }) => ({ body: Buffer.concat(chunks), over: bytes > limit })
  )

/** Statuses whose reply cannot carry a body (the Response constructor refuses one). */
const bodiless = new Set([204, 205, 304])

/** A reply like `response` that holds `body` in place of its stream: read once, then passed on to be decoded. */
export const replyHolding = (response: HttpClientResponse.HttpClientResponse, body: Buffer | string | null) =>
  HttpClientResponse.fromWeb(
    response.request,
    new Response(bodiless.has(response.status) ? null : body, { status: response.status, headers: response.headers })
  )
