import { EventEmitter } from "node:events"
import { Effect, Predicate } from "effect"
import type { stream } from "exceljs"
import { cutForExcel, isoDate } from "./CellValues.js"
import { ExportError } from "./ExportError.js"
import { inertControls, neutralizeFormula } from "./NeutralizeFormula.js"
import { type CellStyle, styles } from "./XlsxStyles.js"

export type XlsxValue = string | number | Date | undefined

/** One row: values and, at the same positions, their styles (`styles.text` where none is given). */
export interface XlsxRow {
  readonly values: ReadonlyArray<XlsxValue>
  readonly styles: ReadonlyArray<CellStyle | undefined>
}

interface XlsxColumn {
  readonly header: string
  readonly width: number
}

/** Columns in order from their headers and widths (in characters): `widths({ Chat: 20, Scope: 8 })`. */
export const widths = (byHeader: Readonly<Record<string, number>>): Array<XlsxColumn> =>
  Object.entries(byHeader).map(([header, width]) => ({ header, width }))

export interface XlsxTable {
  readonly name: string
  readonly columns: ReadonlyArray<XlsxColumn>
  /** Columns frozen left of the scrolling area; the header row is always frozen. */
  readonly frozenColumns: number
  readonly tabColor?: string
  readonly rows: Iterable<XlsxRow>
}

export interface XlsxContext {
  readonly workbook: stream.xlsx.WorkbookWriter
  readonly path: string
  readonly allowFormulas: boolean
  /** Fails as soon as the file under the workbook fails (disk full, permissions); never succeeds. */
  readonly outputFailed: Effect.Effect<never, ExportError>
}

// U+FFFE and U+FFFF: XML 1.0 cannot hold them, and exceljs writes them as they are (Excel then calls the file
// corrupt and exceljs cannot read it back).
const xmlNonCharacters = /[\uFFFE\uFFFF]/g

/**
 * Text an xlsx can hold: control characters made visible as CSV shows them (exceljs would drop them silently, and
 * a `=` behind a dropped NUL would start the cell unneutralised), and XML's two non-characters likewise.
 */
const xmlText = (text: string): string =>
  inertControls(text).replace(xmlNonCharacters, (char) => `\\u${char.charCodeAt(0).toString(16)}`)

// Excel's serial dates count 1900-02-29, which never was: exceljs writes earlier dates one day off (before 1900,
// negative: shown as ####), so those are written as the text of the date instead.
const firstExactSerialDate = Date.UTC(1900, 2, 1)

/** Rows are committed as they are added; after this many the writer waits for the zip stream to catch up. */
const chunkRows = 50

/**
 * The stream between a worksheet and the zip, when it holds more than it should. exceljs (4.4,
 * lib/utils/stream-buf.js `_pipe`) writes a sheet's XML into archiver's PassThrough and ignores its backpressure,
 * so a fast writer piles the whole sheet up in memory while deflate catches up. Undefined when that stream is
 * not full (or not found: then rows are written without waiting, which is slower on memory, never wrong).
 */
export const sheetBacklog = (sheet: unknown): EventEmitter | undefined => {
  if (!Predicate.hasProperty(sheet, "stream") || !Predicate.hasProperty(sheet.stream, "pipes")) return undefined
  const target: unknown = Array.isArray(sheet.stream.pipes) ? sheet.stream.pipes[0] : undefined
  return target instanceof EventEmitter &&
    Predicate.hasProperty(target, "_writableState") &&
    Predicate.hasProperty(target._writableState, "needDrain") &&
    target._writableState.needDrain === true
    ? target
    : undefined
}

/** Waits until the zip has taken what the sheet wrote so far (readable-stream emits "drain" when it is empty). */
const drained = (backlog: EventEmitter) =>
  Effect.async<void>((resume) => {
    const done = () => resume(Effect.void)
    backlog.once("drain", done)
    return Effect.sync(() => backlog.off("drain", done))
  })

/**
 * Writes one sheet with a frozen, filtered header row and commits it before returning: worksheets are written
 * one after another, so only the current one is ever in flight.
 */
export const writeTable = Effect.fn("XlsxTable.writeTable")(function* (context: XlsxContext, table: XlsxTable) {
  const { allowFormulas, path, workbook } = context
  const cellValue = (value: XlsxValue): XlsxValue => {
    if (typeof value === "string") return cutForExcel(neutralizeFormula(xmlText(value), allowFormulas))
    return value instanceof Date && value.getTime() < firstExactSerialDate ? isoDate(value) : value
  }
  const sheet = workbook.addWorksheet(table.name, {
    views: [{ state: "frozen", xSplit: table.frozenColumns, ySplit: 1 }],
    ...(table.tabColor === undefined ? {} : { properties: { tabColor: { argb: table.tabColor } } })
  })
  sheet.columns = table.columns.map((column) => ({ width: column.width }))
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, table.columns.length) } }

  const addRow = (row: XlsxRow): void => {
    const added = sheet.addRow(row.values.map(cellValue))
    for (let index = 0; index < row.values.length; index++) {
      added.getCell(index + 1).style = row.styles[index] ?? styles.text
    }
    added.commit()
  }
  const header = table.columns.map((column) => column.header)
  const rows = table.rows[Symbol.iterator]()
  const addChunk = (): boolean => {
    for (let count = 0; count < chunkRows; count++) {
      const next = rows.next()
      if (next.done === true) return true
      addRow(next.value)
    }
    return false
  }
  const attempt = <A>(f: () => A) => Effect.try({ try: f, catch: (cause) => new ExportError({ path, cause }) })

  yield* attempt(() => addRow({ values: header, styles: header.map(() => styles.header) }))
  let done = false
  while (!done) {
    done = yield* attempt(addChunk)
    const backlog = sheetBacklog(sheet)
    if (backlog !== undefined) yield* Effect.raceFirst(drained(backlog), context.outputFailed)
  }
  yield* attempt(() => sheet.commit())
})
