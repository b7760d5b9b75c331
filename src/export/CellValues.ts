import type { ColumnType, ReportCell } from "./ReportModel.js"

/** Excel's limit on the characters in one cell (UTF-16 units). */
export const excelCellLimit = 32_767

/** How a cell of the wide form (Results sheet, results.csv) reads when it has no answer to show. */
export const markers = {
  pending: "(pending)",
  running: "(running)",
  skipped: "(skipped)",
  failed: "FAILED: ",
  noReason: "no reason recorded"
} as const

/** The text one cell shows in the wide form: the answer, the failure reason, or a status marker. */
export const cellText = (cell: ReportCell | undefined): string => {
  if (cell === undefined) return ""
  switch (cell.status) {
    case "success":
      return cell.response ?? ""
    case "failed":
      return markers.failed + (cell.error ?? markers.noReason)
    case "pending":
      return markers.pending
    case "running":
      return markers.running
    case "skipped":
      return markers.skipped
  }
}

const cleanNumber = /^[+-]?(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/
const cleanDate = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/

/** Excel keeps 15 significant digits; a longer number (an account number, an id) would be shown as another. */
const spreadsheetDigits = 15

/** The significant digits written in a clean number's mantissa: `0.00120` has 2, `1,500` has 2. */
const significantDigits = (clean: string) =>
  clean
    .replace(/[eE].*$/, "")
    .replace(/\D/g, "")
    .replace(/^0+/, "")
    .replace(/0+$/, "").length

/**
 * A plain number (optionally with thousands separators), or undefined; no currency, units or words, and no more
 * significant digits than a spreadsheet keeps (such a number stays text, as written).
 */
export const parseNumber = (text: string): number | undefined => {
  const trimmed = text.trim()
  if (!cleanNumber.test(trimmed) || significantDigits(trimmed) > spreadsheetDigits) return undefined
  const value = Number(trimmed.replaceAll(",", ""))
  return Number.isFinite(value) ? value : undefined
}

/** An ISO 8601 date (`2026-11-22`) or date-time (UTC unless it names an offset), or undefined. */
export const parseDate = (text: string): Date | undefined => {
  const trimmed = text.trim()
  const match = cleanDate.exec(trimmed)
  if (match === null) return undefined
  const [, year, month, day, hour, , , zone] = match
  const y = Number(year)
  const m = Number(month)
  const d = Number(day)
  const calendar = new Date(Date.UTC(y, m - 1, d))
  // Date.UTC rolls 2026-02-30 over to March; a clean date must come back as written.
  if (calendar.getUTCFullYear() !== y || calendar.getUTCMonth() !== m - 1 || calendar.getUTCDate() !== d) {
    return undefined
  }
  if (hour === undefined) return calendar
  const instant = new Date(zone === undefined ? `${trimmed.replace(" ", "T")}Z` : trimmed.replace(" ", "T"))
  return Number.isNaN(instant.getTime()) ? undefined : instant
}

/**
 * An answer as its column's type says: numbers and dates when they parse cleanly, otherwise the text itself.
 * Text columns keep answers that look like numbers, dates or money as text.
 */
export const typedValue = (text: string, type: ColumnType): string | number | Date => {
  if (type === "number") return parseNumber(text) ?? text
  if (type === "date") return parseDate(text) ?? text
  return text
}

/** A date as CSV writes it: the day alone when it has no time of day, else ISO 8601 in UTC. */
export const isoDate = (date: Date): string => {
  const iso = date.toISOString()
  return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso
}

/** Cuts text over Excel's cell limit, ending it with a visible note that says how long the full text was. */
export const cutForExcel = (text: string): string => {
  if (text.length <= excelCellLimit) return text
  const note = ` … [cut: ${text.length.toLocaleString("en-US")} characters in full, over Excel's 32,767 limit]`
  let keep = excelCellLimit - note.length
  const last = text.charCodeAt(keep - 1)
  // Do not split a surrogate pair (an emoji) in two.
  if (last >= 0xd800 && last <= 0xdbff) keep -= 1
  return text.slice(0, keep) + note
}

/** A cell of the wide form: its typed answer when it succeeded, else its text (reason or marker). */
export const wideValue = (cell: ReportCell | undefined, type: ColumnType): string | number | Date =>
  cell?.status === "success" ? typedValue(cell.response ?? "", type) : cellText(cell)
