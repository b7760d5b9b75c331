/**
 * One measurement in its own process, so peak RSS belongs to one writer: `node --import tsx BenchChild.ts
 * <xlsx|csv|baseline> <dir>`. Prints one JSON line: seconds spent writing, peak RSS in MB.
 */
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { Effect } from "effect"
import ExcelJS from "exceljs"
import { cellText } from "../../src/export/CellValues.js"
import { writeCsv, writeXlsx } from "../../src/export/index.js"
import { benchModel } from "./BenchModel.js"

const [mode = "xlsx", dir = "."] = process.argv.slice(2)
const model = benchModel(2000, 50)

/** exceljs's streaming writer with the same values and nothing else: no styles, panes, filter or widths. */
const baseline = async (path: string) => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path })
  const sheet = workbook.addWorksheet("Results")
  sheet.addRow(["Document ID", "File name", "Pages", ...model.columns.map((column) => column.name)]).commit()
  for (const document of model.documents) {
    const values = model.columns.map((column) => cellText(model.cell(document.id, column.id)))
    sheet.addRow([document.id, document.filename, document.pages, ...values]).commit()
  }
  await workbook.commit()
}

const started = performance.now()
if (mode === "baseline") await baseline(join(dir, "baseline.xlsx"))
else if (mode === "xlsx") {
  await Effect.runPromise(writeXlsx(model, join(dir, "bench.xlsx"), { allowFormulas: false, now: new Date(0) }))
} else await Effect.runPromise(writeCsv(model, join(dir, "bench"), { allowFormulas: false, csvBom: true }))
const seconds = (performance.now() - started) / 1000
process.stdout.write(`${JSON.stringify({ seconds, peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`)
