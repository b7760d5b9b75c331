#!/usr/bin/env node
// docsweep's command line: runs the plain JavaScript that `npm ci` built from the sources (src/build.ts writes
// .build/docsweep.cjs; `npm run build` after editing them). Node starts with its default flags: a 100,000-cell
// run stays under 400 MB because the runner keeps little per pair, not because the heap is held down (and a
// `#!/usr/bin/env -S` line with flags would not start where env lacks -S, as in BusyBox-based images).
//
// The bundle is compiled from V8's code cache when there is one: compiling 4 MB of JavaScript, and each function
// as it is first called, was half of what a short command cost. Each command's first run of a build writes its
// cache beside the bundle (where it may: elsewhere docsweep runs uncached), holding the functions that command
// compiled. A cache is named by the bundle's content, since V8 checks a cache only against its source's length.
import { createHash } from "node:crypto"
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import Module, { createRequire } from "node:module"
import { dirname } from "node:path"
import { fileURLToPath } from "node:url"
import { Script } from "node:vm"

const built = fileURLToPath(new URL("../../.build/docsweep.cjs", import.meta.url))
if (!existsSync(built)) {
  process.stderr.write("docsweep is not built: run `npm run build` (npm ci and npm install do it)\n")
  process.exit(1)
}
const source = readFileSync(built, "utf8")
const commands = [
  "run",
  "validate",
  "export",
  "status",
  "config",
  "diff",
  "view",
  "merge",
  "serve",
  "docs",
  "users",
  "token"
]
const command = commands.includes(process.argv[2] ?? "") ? process.argv[2] : "other"
const cacheFile = `${built}.${createHash("sha256").update(source).digest("hex").slice(0, 16)}.${command}.cache`
/** The cache, or undefined where there is none (or a build removed it just now). */
const readCache = () => {
  try {
    return readFileSync(cacheFile)
  } catch {
    return undefined
  }
}
const cached = readCache()
const script = new Script(Module.wrap(source), { filename: built, cachedData: cached })
if (cached === undefined || script.cachedDataRejected) {
  // At exit, so the cache holds the functions this run compiled too; written aside and renamed, so a run starting
  // meanwhile never reads half a cache.
  process.once("exit", () => {
    const partial = `${cacheFile}.${process.pid}.tmp`
    try {
      writeFileSync(partial, script.createCachedData())
      renameSync(partial, cacheFile)
    } catch {
      rmSync(partial, { force: true })
    }
  })
}
const bundle = { exports: {} }
script.runInThisContext()(bundle.exports, createRequire(built), bundle, built, dirname(built))
