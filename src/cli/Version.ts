import { createRequire } from "node:module"

/** docsweep's version, from package.json: written into every run record and report. */
export const docsweepVersion: string = (createRequire(import.meta.url)("../../package.json") as { version: string })
  .version
