#!/usr/bin/env node
// docsweep's command line: runs the plain JavaScript that `npm ci` built from the sources (src/build.ts writes
// .build/docsweep.mjs; `npm run build` after editing them). Node starts with its default flags: a 100,000-cell
// run stays under 400 MB because the runner keeps little per pair, not because the heap is held down (and a
// `#!/usr/bin/env -S` line with flags would not start where env lacks -S, as in BusyBox-based images).
import { existsSync } from "node:fs"
import { fileURLToPath, pathToFileURL } from "node:url"

const built = fileURLToPath(new URL("../../.build/docsweep.mjs", import.meta.url))
if (!existsSync(built)) {
  process.stderr.write("docsweep is not built: run `npm run build` (npm ci and npm install do it)\n")
  process.exit(1)
}
await import(pathToFileURL(built).href)
