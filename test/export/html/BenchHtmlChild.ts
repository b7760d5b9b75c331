/**
 * One measurement in its own process: `node --import tsx BenchHtmlChild.ts <html|xlsx> <dir>` writes the realistic
 * 100,000-cell model in one format and prints one JSON line: seconds spent writing, peak RSS in MB, bytes written.
 */
import { statSync } from "node:fs"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { Effect } from "effect"
import { writeHtml, writeXlsx } from "../../../src/export/index.js"
import { realisticModel } from "./BenchHtmlModel.js"

const [mode = "html", dir = "."] = process.argv.slice(2)
const model = realisticModel(2000, 50)
const path = join(dir, `bench.${mode}`)
const started = performance.now()
if (mode === "html") await Effect.runPromise(writeHtml(model, path, { now: new Date(0), settings: [] }))
else await Effect.runPromise(writeXlsx(model, path, { allowFormulas: false, now: new Date(0) }))
const seconds = (performance.now() - started) / 1000
const bytes = statSync(path).size
process.stdout.write(`${JSON.stringify({ seconds, peakRssMb: process.resourceUsage().maxRSS / 1024, bytes })}\n`)
