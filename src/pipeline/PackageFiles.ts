import { existsSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const isDocsweepPackage = (dir: string) => {
  const manifest = join(dir, "package.json")
  if (!existsSync(manifest)) return false
  return (JSON.parse(readFileSync(manifest, "utf8")) as { readonly name?: unknown }).name === "docsweep"
}

/**
 * docsweep's own folder, found upward from this module: the same for the sources (`src/pipeline/`) and for the
 * bundle the CLI runs (`node_modules/.cache/docsweep/`), where paths relative to `import.meta.url` would differ.
 */
const packageRoot = (() => {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (isDocsweepPackage(dir)) return dir
    if (dirname(dir) === dir) throw new Error(`docsweep's package.json was not found above ${import.meta.url}`)
  }
})()

/** A file shipped with docsweep, by its path in the package: `packageFile("config", "default.yaml")`. */
export const packageFile = (...parts: ReadonlyArray<string>) => join(packageRoot, ...parts)
