import { markers, wideValue } from "./CellValues.js"
import { columnType, type ReportModel } from "./ReportModel.js"
import { type CellStyle, colours, statusStyle, styles } from "./XlsxStyles.js"
import { widths, type XlsxRow, type XlsxTable, type XlsxValue } from "./XlsxTable.js"

/** Columns before the query columns in the wide form (Results sheet and results.csv). */
export const documentHeaders = ["Document ID", "File name", "Pages"] as const

const answerWidth = 40

const answerStyle = (value: string | number | Date): CellStyle => {
  if (typeof value === "number") return styles.plain
  if (typeof value === "string") return styles.text
  return value.getUTCHours() + value.getUTCMinutes() + value.getUTCSeconds() === 0 ? styles.date : styles.dateTime
}

function* resultRows(model: ReportModel): Generator<XlsxRow> {
  const types = model.columns.map(columnType)
  for (const document of model.documents) {
    const values: Array<XlsxValue> = [document.id, document.filename, document.pages]
    const rowStyles: Array<CellStyle | undefined> = [styles.plain, styles.text, styles.plain]
    for (let index = 0; index < model.columns.length; index++) {
      const column = model.columns[index]
      const cell = column === undefined ? undefined : model.cell(document.id, column.id)
      const value = wideValue(cell, types[index] ?? "text")
      values.push(value)
      rowStyles.push(cell === undefined || cell.status === "success" ? answerStyle(value) : statusStyle(cell.status))
    }
    yield { values, styles: rowStyles }
  }
}

/** Results: one row per document, one column per query; failed cells red with their reason, pending ones marked. */
export const resultsTable = (model: ReportModel): XlsxTable => ({
  name: "Results",
  columns: [
    { header: documentHeaders[0], width: 12 },
    { header: documentHeaders[1], width: 36 },
    { header: documentHeaders[2], width: 8 },
    ...model.columns.map((column) => ({ header: column.name, width: answerWidth }))
  ],
  frozenColumns: 2,
  // A run that did not complete says so on its first tab as well as on the Run sheet.
  ...(model.run.outcome === "completed" ? {} : { tabColor: colours.alertTab }),
  rows: resultRows(model)
})

function* errorRows(model: ReportModel): Generator<XlsxRow> {
  const filenames = new Map(model.documents.map((document) => [document.id, document.filename]))
  const columnNames = new Map(model.columns.map((column) => [column.id, column.name]))
  for (const cell of model.cells()) {
    if (cell.status !== "failed") continue
    yield {
      values: [
        cell.documentId,
        filenames.get(cell.documentId),
        columnNames.get(cell.columnId),
        cell.error ?? markers.noReason,
        cell.attempts,
        cell.seconds
      ],
      styles: [styles.plain, styles.text, styles.text, styles.failed, styles.plain, styles.plain]
    }
  }
}

/** Errors: every failed cell with its reason and attempts. */
export const errorsTable = (model: ReportModel): XlsxTable => ({
  name: "Errors",
  columns: widths({ "Document ID": 12, "File name": 36, Column: 24, Reason: 80, Attempts: 10, Seconds: 10 }),
  frozenColumns: 0,
  rows: errorRows(model)
})
