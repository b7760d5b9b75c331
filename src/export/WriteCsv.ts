import { createWriteStream } from "node:fs"
import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { stringify } from "csv-stringify"
import { Effect } from "effect"
import { isoDate, wideValue } from "./CellValues.js"
import { ExportError } from "./ExportError.js"
import { inertControls, neutralizeFormula } from "./NeutralizeFormula.js"
import { writeAtomically } from "./ReportFiles.js"
import { columnType, type ReportModel } from "./ReportModel.js"
import { documentHeaders } from "./ResultsSheet.js"

export interface CsvOptions {
  readonly allowFormulas: boolean
  /** Start each file with a UTF-8 byte-order mark (`output.csv_bom`), which Excel needs to read UTF-8. */
  readonly csvBom: boolean
}

type CsvRecord = ReadonlyArray<string | number | Date | undefined>

/**
 * Streams records through csv-stringify into `path` (through a temporary file): RFC 4180 quoting, CRLF line
 * ends, UTF-8. Every string, headers included, passes `neutralizeFormula`; numbers and dates are written plainly.
 */
const writeCsvFile = (path: string, records: () => Iterable<CsvRecord>, options: CsvOptions) =>
  writeAtomically(path, (temporary) =>
    Effect.tryPromise({
      try: () =>
        pipeline(
          Readable.from(records()),
          stringify({
            bom: options.csvBom,
            record_delimiter: "windows",
            // Quote any field holding a CR or LF, not only the CRLF pair: a bare LF ends a row in most readers.
            quote_record_delimiter: true,
            cast: {
              string: (value) => neutralizeFormula(inertControls(value), options.allowFormulas),
              date: isoDate
            }
          }),
          createWriteStream(temporary)
        ),
      catch: (cause) => new ExportError({ path, cause })
    })
  )

function* resultRecords(model: ReportModel): Generator<CsvRecord> {
  yield [...documentHeaders, ...model.columns.map((column) => column.name)]
  const types = model.columns.map(columnType)
  for (const document of model.documents) {
    const record: Array<string | number | Date | undefined> = [document.id, document.filename, document.pages]
    for (let index = 0; index < model.columns.length; index++) {
      const column = model.columns[index]
      record.push(wideValue(column && model.cell(document.id, column.id), types[index] ?? "text"))
    }
    yield record
  }
}

function* cellRecords(model: ReportModel): Generator<CsvRecord> {
  yield ["Document ID", "File name", "Column", "Status", "Response", "Attempts", "Seconds", "Error"]
  const filenames = new Map(model.documents.map((document) => [document.id, document.filename]))
  const columnNames = new Map(model.columns.map((column) => [column.id, column.name]))
  for (const cell of model.cells()) {
    yield [
      cell.documentId,
      filenames.get(cell.documentId),
      columnNames.get(cell.columnId),
      cell.status,
      cell.response,
      cell.attempts,
      cell.seconds,
      cell.error
    ]
  }
}

function* chatRecords(model: ReportModel): Generator<CsvRecord> {
  yield ["Chat", "Scope", "Documents", "Message", "Answer", "Status", "Error"]
  for (const chat of model.chats) {
    yield [chat.chat, chat.scope, chat.documents.join("\n"), chat.message, chat.answer, chat.status, chat.error]
  }
}

function* changeRecords(changes: NonNullable<ReportModel["changes"]>): Generator<CsvRecord> {
  yield ["Document ID", "File name", "Column", "Before", "After", "From run", "To run"]
  for (const change of changes) {
    yield [change.documentId, change.filename, change.column, change.before, change.after, change.fromRun, change.toRun]
  }
}

/**
 * Writes the CSV reports next to `stem` (a path without suffix, e.g. `out/report-20261122T031500Z`):
 * `<stem>-results.csv` (wide, as the Results sheet), `<stem>-cells.csv` (long, one row per cell),
 * `<stem>-chats.csv` when there are chats and `<stem>-changes.csv` when the model has changes.
 * Returns the paths written.
 */
export const writeCsv = (
  model: ReportModel,
  stem: string,
  options: CsvOptions
): Effect.Effect<ReadonlyArray<string>, ExportError> => {
  const { changes } = model
  const files: Array<readonly [string, () => Iterable<CsvRecord>]> = [
    [`${stem}-results.csv`, () => resultRecords(model)],
    [`${stem}-cells.csv`, () => cellRecords(model)],
    ...(model.chats.length > 0 ? [[`${stem}-chats.csv`, () => chatRecords(model)] as const] : []),
    ...(changes === undefined ? [] : [[`${stem}-changes.csv`, () => changeRecords(changes)] as const])
  ]
  return Effect.forEach(files, ([path, records]) => writeCsvFile(path, records, options)).pipe(
    Effect.withSpan("WriteCsv.writeCsv", { attributes: { stem } })
  )
}
