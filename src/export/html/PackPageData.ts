import { Readable, Writable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { createGzip } from "node:zlib"
import { Effect } from "effect"
import { ExportError } from "../ExportError.js"
import type { PageData } from "./PageData.js"

/** Arrays longer than this are written in slices, so no single string holds a whole column of answers. */
const slice = 2000

/**
 * The JSON text of `value` in pieces, as `JSON.stringify` would write it whole: the report's 100,000 answers pass
 * into the compressor a slice at a time instead of as one 30 MB string.
 */
export function* jsonChunks(value: unknown): Generator<string> {
  if (Array.isArray(value) && value.length > slice) {
    yield "["
    for (let start = 0; start < value.length; start += slice) {
      const part = JSON.stringify(value.slice(start, start + slice))
      yield (start === 0 ? "" : ",") + part.slice(1, -1)
    }
    yield "]"
  } else if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    yield "{"
    let first = true
    for (const [key, field] of Object.entries(value)) {
      if (field === undefined) continue
      yield `${first ? "" : ","}${JSON.stringify(key)}:`
      first = false
      yield* jsonChunks(field)
    }
    yield "}"
  } else {
    yield JSON.stringify(value) ?? "null"
  }
}

/** Collects what flows into it. */
const collector = (chunks: Array<Buffer>) =>
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk)
      done()
    }
  })

/**
 * The page data as gzip (level 6: of zlib's levels, 9 takes twice as long for 2 % less here). The browser
 * inflates it with `DecompressionStream("gzip")`; `docsweep view` sends the same bytes with
 * `Content-Encoding: gzip`.
 */
export const gzipPageData = (data: PageData, path: string): Effect.Effect<Buffer, ExportError> =>
  Effect.tryPromise({
    try: async () => {
      const chunks: Array<Buffer> = []
      await pipeline(Readable.from(jsonChunks(data)), createGzip({ level: 4 }), collector(chunks))
      return Buffer.concat(chunks)
    },
    catch: (cause) => new ExportError({ path, cause })
  })
