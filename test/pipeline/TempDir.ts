import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { Effect } from "effect"

/** A fresh folder under the system temp dir, removed when the test's scope closes. */
export const tempDir = Effect.acquireRelease(
  Effect.promise(() => mkdtemp(join(tmpdir(), "docsweep-pipeline-"))),
  (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true }))
)

/** Writes `files` (relative path → text, or bytes) under `dir`, creating folders. */
export const writeFiles = (dir: string, files: Record<string, string | Uint8Array>) =>
  Effect.promise(() =>
    Promise.all(
      Object.entries(files).map(async ([name, text]) => {
        await mkdir(dirname(join(dir, name)), { recursive: true })
        await writeFile(join(dir, name), text)
      })
    )
  )

/** Lines of a YAML file, joined with newlines (and one at the end). */
export const yaml = (...lines: ReadonlyArray<string>): string => `${lines.join("\n")}\n`
