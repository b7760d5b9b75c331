import { readFile } from "node:fs/promises"
import { fileURLToPath } from "node:url"
import { Effect } from "effect"
import { ExportError } from "../ExportError.js"

/** The page's script and style sheet, bundled by `npm run build` (src/build.ts) into `.build/`. */
export interface PageAssets {
  readonly script: string
  readonly style: string
}

export const pageScriptFile = "report-page.js"
export const pageStyleFile = "report-page.css"

/**
 * Where the built assets are: beside the CLI bundle when this code runs from `.build/docsweep.cjs`, else in
 * `.build/` at the repository root (the sources run through tsx: tests, scripts, benchmarks).
 */
const candidates = (file: string): ReadonlyArray<string> => [
  fileURLToPath(new URL(file, import.meta.url)),
  fileURLToPath(new URL(`../../../.build/${file}`, import.meta.url))
]

const readFirst = async (file: string): Promise<string> => {
  const tried = candidates(file)
  for (const path of tried) {
    const text = await readFile(path, "utf8").catch(() => undefined)
    if (text !== undefined) return text
  }
  throw new Error(`the HTML report's ${file} is not built (looked in ${tried.join(", ")}): run npm run build`)
}

/** Reads the built page (half a megabyte); a missing build fails with a message that says to run the build. */
export const loadPageAssets = (path: string): Effect.Effect<PageAssets, ExportError> =>
  Effect.tryPromise({
    try: async () => ({ script: await readFirst(pageScriptFile), style: await readFirst(pageStyleFile) }),
    catch: (cause) => new ExportError({ path, cause })
  })
