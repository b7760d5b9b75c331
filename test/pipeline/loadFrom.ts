import { Effect } from "effect"
import { type LoadOptions, loadPipeline } from "../../src/pipeline/loadPipeline.js"
import { tempDir, writeFiles } from "./TempDir.js"

/**
 * Writes `files` (relative path → text, or bytes) into a fresh temp folder, removed with the scope, and loads `file` (default
 * `p.yaml`) from there: the folder is the working directory, as when a user runs docsweep in it.
 */
export const loadFrom = (
  files: Record<string, string | Uint8Array>,
  {
    file = "p.yaml",
    before,
    ...options
  }: {
    readonly file?: string
    /** Runs after the files are written, before loading: what a record of texts cannot say (links, modes). */
    readonly before?: (dir: string) => void
  } & Omit<LoadOptions, "cwd"> = {}
) =>
  Effect.gen(function* () {
    const dir = yield* tempDir
    yield* writeFiles(dir, files)
    before?.(dir)
    const loaded = yield* loadPipeline(file, { ...options, cwd: dir })
    return { dir, loaded }
  })
