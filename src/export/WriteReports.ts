import { basename } from "node:path"
import { Effect } from "effect"
import { makeDirectory } from "../store/MakeDirectory.js"
import { ExportError } from "./ExportError.js"
import { writeHtml } from "./html/WriteHtml.js"
import {
  copyAllAtomically,
  latestTag,
  pruneReports,
  removeFile,
  removeStaleTemporaries,
  removeWritten,
  reportStem,
  reportSuffixes,
  timestampTag
} from "./ReportFiles.js"
import type { ReportModel, ReportOptions } from "./ReportModel.js"
import { writeCsv } from "./WriteCsv.js"
import { writeXlsx } from "./WriteXlsx.js"

/** `dir/report-20261122T031500Z-cells.csv` → `dir/report-latest-cells.csv`. */
const latestPath = (path: string, stem: string, latestStem: string): string => latestStem + path.slice(stem.length)

/**
 * Writes every report of a run, whatever its outcome (the Run sheet says how it ended): each format under
 * `<dir>/<name>-<UTC timestamp>…`, each file then copied over its stable `<name>-latest…` name (`-latest` CSV
 * files this run did not write, such as chats, are removed), then the oldest timestamped sets beyond `keep` are
 * removed. Every file goes through a temporary file and a rename; temporary files a killed export left are removed
 * first. A set that cannot be written whole is removed, and the `-latest` files are replaced only once every copy of
 * them is made. With `latest: false` (a report of an earlier run) the `-latest` files are left as they are.
 * Returns the paths written, timestamped ones first.
 */
export const writeReports = (
  model: ReportModel,
  options: ReportOptions
): Effect.Effect<ReadonlyArray<string>, ExportError> =>
  Effect.gen(function* () {
    const tag = timestampTag(options.now)
    const stem = reportStem(options.dir, options.name, tag)
    const latestStem = reportStem(options.dir, options.name, latestTag)
    yield* Effect.try({
      try: () => makeDirectory(options.dir),
      catch: (cause) => new ExportError({ path: options.dir, cause })
    })
    const leftOver = yield* removeStaleTemporaries(options.dir, options.now.getTime())
    // A set is written whole or not at all: the files of a set that failed part-way (a full disk) are removed, so
    // none of them passes for the newest report, and the earlier -latest set stays as it was.
    const written: Array<string> = []
    const replacesLatest = options.latest !== false
    const latest = yield* Effect.gen(function* () {
      if (options.formats.includes("xlsx")) {
        const xlsx = { allowFormulas: options.allowFormulas, now: options.now }
        written.push(yield* writeXlsx(model, `${stem}.xlsx`, xlsx))
      }
      if (options.formats.includes("csv")) {
        written.push(...(yield* writeCsv(model, stem, options)))
      }
      if (options.formats.includes("html")) {
        written.push(yield* writeHtml(model, `${stem}.html`, { now: options.now, settings: options.settings ?? [] }))
      }
      return replacesLatest
        ? yield* copyAllAtomically(written.map((path) => [path, latestPath(path, stem, latestStem)] as const))
        : []
    }).pipe(Effect.onError(() => removeWritten(written)))
    // A `-latest-chats.csv` from an earlier run with chats must not pass for this run's.
    const staleLatest =
      replacesLatest && options.formats.includes("csv")
        ? reportSuffixes.filter((suffix) => suffix.endsWith(".csv")).map((suffix) => latestStem + suffix)
        : []
    yield* Effect.forEach(
      staleLatest.filter((path) => !latest.includes(path)),
      removeFile,
      { discard: true }
    )
    const removed = yield* pruneReports(options.dir, options.name, options.keep, tag)
    yield* Effect.logInfo("Reports written").pipe(
      Effect.annotateLogs({
        run: model.run.id,
        files: written.map((path) => basename(path)),
        pruned: removed.length,
        ...(leftOver.length === 0 ? {} : { leftOver: leftOver.map((path) => basename(path)) })
      })
    )
    return [...written, ...latest]
  }).pipe(Effect.withSpan("WriteReports.writeReports", { attributes: { dir: options.dir, name: options.name } }))
