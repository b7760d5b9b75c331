import type { Grid } from "./Grid.js"

/**
 * Keyboard use of the grid (the WAI-ARIA grid pattern): arrows move the current cell, Home/End go to the row's
 * ends (with Ctrl: the grid's), Page Up/Down move a screen, Enter or Space opens the cell's detail (on a column
 * header: sorts by it).
 */
type Move = { row?: number; col?: number }

/** Where each key moves the current cell, from where it is; keys not listed are left to the browser. */
const moves: Record<string, (grid: Grid, at: { row: number; col: number }, whole: boolean) => Move> = {
  ArrowDown: (_, { row }) => ({ row: row + 1 }),
  ArrowUp: (_, { row }) => ({ row: row - 1 }),
  ArrowRight: (_, { col }) => ({ col: col + 1 }),
  ArrowLeft: (_, { col }) => ({ col: col - 1 }),
  PageDown: (grid, { row }) => ({ row: Math.min(grid.rows.length - 1, row + grid.pageRows) }),
  PageUp: (grid, { row }) => ({ row: Math.max(0, row - grid.pageRows) }),
  Home: (_, __, whole) => (whole ? { row: 0, col: 0 } : { col: 0 }),
  End: (grid, __, whole) =>
    whole ? { row: grid.rows.length - 1, col: grid.columnCount - 1 } : { col: grid.columnCount - 1 }
}

export const gridKeys = (event: KeyboardEvent, grid: Grid): void => {
  const at = grid.active
  const move = Object.hasOwn(moves, event.key) ? moves[event.key] : undefined
  if (move !== undefined) {
    const next = move(grid, at, event.ctrlKey || event.metaKey)
    grid.moveTo({ row: next.row ?? at.row, col: next.col ?? at.col })
  } else if (event.key === "Enter" || event.key === " ") {
    grid.openActive()
  } else {
    return
  }
  event.preventDefault()
}
