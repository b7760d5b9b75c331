import { open } from "node:fs/promises"
import { Data, Effect } from "effect"

/** Most bytes a pipeline file (or its defaults) may hold: real ones hold a few KiB. */
export const pipelineFileLimit = 4 * 1024 * 1024

/** A file holds more than a pipeline file may; it was read no further than that. */
export class FileTooLarge extends Data.TaggedError("FileTooLarge")<{ readonly limit: number }> {
  override get message() {
    return (
      `the file is larger than ${this.limit / 1024 / 1024} MiB, far more than a pipeline holds; it was not read ` +
      "(is it the right file?)"
    )
  }
}

const chunkSize = 64 * 1024

/**
 * The bytes of the file at `path`, failing with FileTooLarge as soon as more than `limit` are read: a huge file, or
 * one that never ends (`/dev/zero`; a device or a pipe has no size to look at first), is not read into memory whole.
 * Other failures are the file system's own (ENOENT, EISDIR …).
 */
export const readAtMost = (path: string, limit: number): Effect.Effect<Buffer, unknown> =>
  Effect.acquireUseRelease(
    Effect.tryPromise({ try: () => open(path, "r"), catch: (cause) => cause }),
    (handle) =>
      Effect.gen(function* () {
        const chunks: Array<Buffer> = []
        let total = 0
        while (true) {
          const chunk = Buffer.allocUnsafe(chunkSize)
          const { bytesRead } = yield* Effect.tryPromise({
            try: () => handle.read(chunk, 0, chunkSize, null),
            catch: (cause) => cause
          })
          if (bytesRead === 0) return Buffer.concat(chunks, total)
          total += bytesRead
          if (total > limit) return yield* new FileTooLarge({ limit })
          chunks.push(chunk.subarray(0, bytesRead))
        }
      }),
    (handle) => Effect.promise(() => handle.close())
  )
