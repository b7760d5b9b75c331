import type { Fill, Style } from "exceljs"

/**
 * Shared style objects. exceljs caches a style's id by object identity (a WeakMap in its styles writer), so
 * giving 100,000 cells the same few objects costs one lookup each; a new object per cell would be serialised
 * and compared every time. exceljs never changes them, and neither may anyone else.
 */
export type CellStyle = Readonly<Partial<Style>>

const solid = (argb: string): Fill => ({ type: "pattern", pattern: "solid", fgColor: { argb } })

const top = { vertical: "top" } as const
const wrapTop = { vertical: "top", wrapText: true } as const

/** Excel's own "Bad" (light red) and "Neutral" (light yellow) cell styles. */
export const colours = {
  failedFill: "FFFFC7CE",
  failedFont: "FF9C0006",
  pendingFill: "FFFFEB9C",
  pendingFont: "FF9C5700",
  headerFill: "FFD9E1F2",
  skippedFont: "FF808080",
  alertTab: "FFC00000"
} as const

export const styles = {
  header: {
    font: { bold: true },
    fill: solid(colours.headerFill),
    alignment: wrapTop,
    border: { bottom: { style: "thin" } }
  },
  text: { alignment: wrapTop },
  plain: { alignment: top },
  date: { numFmt: "yyyy-mm-dd", alignment: top },
  dateTime: { numFmt: "yyyy-mm-dd hh:mm:ss", alignment: top },
  failed: {
    font: { color: { argb: colours.failedFont } },
    fill: solid(colours.failedFill),
    alignment: wrapTop
  },
  pending: {
    font: { italic: true, color: { argb: colours.pendingFont } },
    fill: solid(colours.pendingFill),
    alignment: top
  },
  skipped: { font: { italic: true, color: { argb: colours.skippedFont } }, alignment: top }
} as const satisfies Record<string, CellStyle>

/** The style of a status: failed cells stand out, pending and running ones are marked. */
export const statusStyle = (status: string): CellStyle | undefined => {
  switch (status) {
    case "failed":
      return styles.failed
    case "pending":
    case "running":
      return styles.pending
    case "skipped":
      return styles.skipped
    default:
      return undefined
  }
}
