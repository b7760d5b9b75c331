import type { Grid } from "./Grid.js"

/**
 * Keyboard use of the grid (the WAI-ARIA grid pattern): arrows move the current cell, Home/End go to the row's
 * ends (with Ctrl: the grid's), Page Up/Down move a screen, Enter or Space opens the cell's detail (on a column
 * header: sorts by it).
 */
export const gridKeys = (event: KeyboardEvent, grid: Grid): void => {
  const { col, row } = grid.active
  const last = grid.rows.length - 1
  const move = (next: { row?: number; col?: number }) => grid.moveTo({ row: next.row ?? row, col: next.col ?? col })
  switch (event.key) {
    case "ArrowDown":
      move({ row: row + 1 })
      break
    case "ArrowUp":
      move({ row: row - 1 })
      break
    case "ArrowRight":
      move({ col: col + 1 })
      break
    case "ArrowLeft":
      move({ col: col - 1 })
      break
    case "PageDown":
      move({ row: Math.min(last, row + grid.pageRows) })
      break
    case "PageUp":
      move({ row: Math.max(0, row - grid.pageRows) })
      break
    case "Home":
      move(event.ctrlKey || event.metaKey ? { row: 0, col: 0 } : { col: 0 })
      break
    case "End":
      move(event.ctrlKey || event.metaKey ? { row: last, col: grid.columnCount - 1 } : { col: grid.columnCount - 1 })
      break
    case "Enter":
    case " ":
      grid.openActive()
      break
    default:
      return
  }
  event.preventDefault()
}
