import { createWriteStream, type WriteStream } from "node:fs"
import { createRequire } from "node:module"
import { Deferred, Effect, Exit } from "effect"
import type ExcelJs from "exceljs"
import { ExportError } from "./ExportError.js"
import { writeAtomically } from "./ReportFiles.js"
import type { ReportModel } from "./ReportModel.js"
import { changesTable, chatsTable, columnsTable, runTable } from "./ReportSheets.js"
import { errorsTable, resultsTable } from "./ResultsSheet.js"
import { writeTable, type XlsxContext } from "./XlsxTable.js"

export interface XlsxOptions {
  readonly allowFormulas: boolean
  /** Shown as the report's time on the Run sheet and in the workbook properties. */
  readonly now: Date
}

/** The output file, closed whatever happens; errors it emits (disk full) land in `failed`. */
const openOutput = (file: string, path: string, failed: Deferred.Deferred<never, ExportError>) =>
  Effect.acquireRelease(
    Effect.sync(() =>
      createWriteStream(file).on("error", (cause) => {
        Deferred.unsafeDone(failed, Exit.fail(new ExportError({ path, cause })))
      })
    ),
    (output: WriteStream) => Effect.sync(() => output.destroy())
  )

const closed = (output: WriteStream, path: string) =>
  Effect.tryPromise({
    try: () =>
      output.closed ? Promise.resolve() : new Promise<void>((resolve) => output.once("close", () => resolve())),
    catch: (cause) => new ExportError({ path, cause })
  })

/**
 * exceljs's streaming writer is loaded when a workbook is first written, not when docsweep starts: commands that
 * write no xlsx (help, validate, status, serve) start faster. Only the writer's module is required, not exceljs's
 * index, which also loads its reader, unzipper and in-memory workbook: 0.17 s instead of 0.46 s of each run's
 * start. It stays outside the bundle (src/build.ts): its zip library calls the deprecated `Buffer()`, which Node
 * tolerates silently only from node_modules. Required, not imported: the CLI's bundle runs from V8's code cache,
 * which keeps no way to `import()` (src/cli/bin.js).
 */
const loadWorkbookWriter = Effect.sync((): typeof ExcelJs.stream.xlsx.WorkbookWriter =>
  createRequire(import.meta.url)("exceljs/lib/stream/xlsx/workbook-writer.js")
)

/** Writes the workbook into `file`; errors name `path`, the report being written. */
const writeWorkbook = (model: ReportModel, file: string, path: string, options: XlsxOptions) =>
  Effect.scoped(
    Effect.gen(function* () {
      const failed = yield* Deferred.make<never, ExportError>()
      const output = yield* openOutput(file, path, failed)
      const WorkbookWriter = yield* loadWorkbookWriter
      const workbook = new WorkbookWriter({
        stream: output,
        useStyles: true,
        useSharedStrings: false
      })
      workbook.creator = `docsweep ${model.run.docsweepVersion}`
      workbook.created = options.now
      workbook.modified = options.now
      const outputFailed = Deferred.await(failed)
      const context: XlsxContext = { workbook, path, allowFormulas: options.allowFormulas, outputFailed }

      yield* writeTable(context, resultsTable(model))
      yield* writeTable(context, yield* columnsTable(model, path))
      yield* writeTable(context, runTable(model, options.now))
      yield* writeTable(context, errorsTable(model))
      if (model.chats.length > 0) yield* writeTable(context, chatsTable(model))
      if (model.changes !== undefined) yield* writeTable(context, changesTable(model.changes))

      const commit = Effect.tryPromise({
        try: () => workbook.commit(),
        catch: (cause) => new ExportError({ path, cause })
      })
      yield* Effect.raceFirst(commit, outputFailed)
      yield* closed(output, path)
    })
  )

/**
 * Writes the Excel report to `path` (through a temporary file) with exceljs's streaming writer: sheets Results,
 * Columns, Run, Errors, then Chats when there are chats and Changes when the model has changes. Rows are
 * committed as they are written, so memory stays flat as the report grows.
 */
export const writeXlsx = (model: ReportModel, path: string, options: XlsxOptions): Effect.Effect<string, ExportError> =>
  writeAtomically(path, (temporary) => writeWorkbook(model, temporary, path, options)).pipe(
    Effect.withSpan("WriteXlsx.writeXlsx", { attributes: { path } })
  )
