#!/usr/bin/env -S node --heap-growing-percent=50
// docsweep's command line: runs the plain JavaScript that `npm ci` built from the sources (src/build.ts writes
// .build/docsweep.mjs; `npm run build` after editing them). The flag above is read by Node at start, where V8
// takes it: by default V8 lets the heap grow to about four times what survived the last full collection before
// collecting again, and a 100,000-cell run peaked near 550 MB that way; growing by at most half keeps it under
// 400 MB for a few percent of speed. It is a growth step, not a cap (NODE_OPTIONS=--max-old-space-size=N caps).
import { existsSync } from "node:fs"
import { fileURLToPath, pathToFileURL } from "node:url"

const built = fileURLToPath(new URL("../../.build/docsweep.mjs", import.meta.url))
if (!existsSync(built)) {
  process.stderr.write("docsweep is not built: run `npm run build` (npm ci and npm install do it)\n")
  process.exit(1)
}
await import(pathToFileURL(built).href)
