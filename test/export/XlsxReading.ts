import { Effect } from "effect"
import ExcelJS from "exceljs"

/** Reads a written workbook back with exceljs's full reader. */
export const readWorkbook = (path: string) => Effect.promise(() => new ExcelJS.Workbook().xlsx.readFile(path))

export const sheet = (workbook: ExcelJS.Workbook, name: string): ExcelJS.Worksheet => {
  const found = workbook.getWorksheet(name)
  if (found === undefined) throw new Error(`no sheet ${name}`)
  return found
}

/** The values of one row, from column A to the sheet's last column; empty cells read as null. */
export const rowValues = (worksheet: ExcelJS.Worksheet, row: number): Array<ExcelJS.CellValue> =>
  Array.from({ length: worksheet.columnCount }, (_, index) => worksheet.getRow(row).getCell(index + 1).value)

/** The solid fill colour of a cell, if any. */
export const fillColour = (cell: ExcelJS.Cell): string | undefined =>
  cell.fill?.type === "pattern" ? cell.fill.fgColor?.argb : undefined

/** The value next to `field` on the Run sheet. */
export const runField = (workbook: ExcelJS.Workbook, field: string): ExcelJS.Cell => {
  const run = sheet(workbook, "Run")
  for (let row = 2; row <= run.rowCount; row++) {
    if (run.getCell(row, 1).value === field) return run.getCell(row, 2)
  }
  throw new Error(`no Run field ${field}`)
}

/** Every cell value of every sheet, as text. */
export const allText = (workbook: ExcelJS.Workbook): Array<string> => {
  const texts: Array<string> = []
  workbook.eachSheet((worksheet) => {
    worksheet.eachRow((row) => {
      row.eachCell((cell) => {
        texts.push(String(cell.value))
      })
    })
  })
  return texts
}
