import { pipeline as pipelineWithCallback, Readable, Writable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { createGzip } from "node:zlib"
import { Effect } from "effect"
import { ExportError } from "../ExportError.js"
import type { PageData } from "./PageData.js"

/**
 * Arrays longer than this are written in slices: no string holds a whole column of answers, and the few pieces a
 * stream buffers stay small (with slices of 2,000 answers the report added 30 MB to a 100,000-cell run's peak).
 */
const slice = 250

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
 * zlib's level 4: on 100,000 answers (31 MB of JSON) it takes a third of level 6's time for 13 % more bytes, which
 * keeps writing the HTML report as fast as writing the xlsx (`npm run bench -- html`).
 */
const gzipOptions = { level: 4 } as const

/**
 * The page data as gzip. The browser inflates it with `DecompressionStream("gzip")`; `docsweep view` sends the
 * same bytes with `Content-Encoding: gzip`.
 */
export const gzipPageData = (data: PageData, path: string): Effect.Effect<Buffer, ExportError> =>
  Effect.tryPromise({
    try: async () => {
      const chunks: Array<Buffer> = []
      await pipeline(Readable.from(jsonChunks(data)), createGzip(gzipOptions), collector(chunks))
      return Buffer.concat(chunks)
    },
    catch: (cause) => new ExportError({ path, cause })
  })

/**
 * The page data as base64 of gzip, produced piece by piece: the writer streams it into the file, so neither the
 * JSON, nor the gzip, nor its base64 is ever whole in memory (a 100,000-cell run's report stays within its memory).
 */
export async function* base64OfGzip(data: PageData): AsyncGenerator<string> {
  const gzipped = pipelineWithCallback(Readable.from(jsonChunks(data)), createGzip(gzipOptions), () => undefined)
  let rest = Buffer.alloc(0)
  for await (const chunk of gzipped) {
    const bytes = rest.length === 0 ? Buffer.from(chunk) : Buffer.concat([rest, chunk])
    // base64 turns every 3 bytes into 4 characters: what is left over waits for the next chunk.
    const cut = bytes.length - (bytes.length % 3)
    yield bytes.subarray(0, cut).toString("base64")
    rest = bytes.subarray(cut)
  }
  if (rest.length > 0) yield rest.toString("base64")
}
