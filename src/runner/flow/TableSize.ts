/**
 * Cells per AI Table when the pipeline sets no `max_documents_per_table`. The cell list has no paging (reference
 * §4.2): every poll returns the whole table, so a poll's cost grows with documents × columns. About 1,000 cells
 * keep a poll near 200 KB of short answers: cheap enough to poll a 200 ms service every few tens of milliseconds
 * at under 20 KB of listing per answer, while a 100 × 50 pipeline still needs only five tables.
 */
const cellsPerTable = 1000

/** Documents per table: `max_documents_per_table` when set, else what keeps a table near `cellsPerTable` cells. */
export const documentsPerTable = (columns: number, explicit: number | undefined): number =>
  explicit ?? Math.max(1, Math.min(cellsPerTable, Math.round(cellsPerTable / Math.max(1, columns))))
