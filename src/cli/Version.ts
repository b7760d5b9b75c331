import { readFileSync } from "node:fs"
import { packageFile } from "../pipeline/PackageFiles.js"

/** docsweep's version, from package.json: written into every run record and report. */
export const docsweepVersion: string = (
  JSON.parse(readFileSync(packageFile("package.json"), "utf8")) as { readonly version: string }
).version
