import type { ColumnRecord } from "./CheckpointModel.js"

/**
 * A column asked with another query (or meta) at the later run: its answers were asked anew. The meta of both runs
 * is named when it changed, as a meta change alone leaves `before` and `after` the same.
 */
interface ColumnRequeried {
  readonly name: string
  readonly before: string
  readonly after: string
  readonly metaBefore?: Readonly<Record<string, unknown>>
  readonly metaAfter?: Readonly<Record<string, unknown>>
}

/** Columns that joined or left the pipeline between two runs, or ask something else now, in pipeline order. */
export interface ColumnChanges {
  readonly added: ReadonlyArray<string>
  readonly removed: ReadonlyArray<string>
  readonly requeried: ReadonlyArray<ColumnRequeried>
}

type RunColumn = Pick<ColumnRecord, "name" | "query" | "meta">

/**
 * How the columns of two runs differ (`docsweep diff`): without it a renamed column's answers read as new and the
 * old column's answers vanish without a word. Columns are told apart by name, as the runner does. Undefined when
 * either run recorded no columns (a docsweep that kept none).
 */
export const columnChanges = (
  before: ReadonlyArray<RunColumn> | undefined,
  after: ReadonlyArray<RunColumn> | undefined
): ColumnChanges | undefined => {
  if (before === undefined || after === undefined) return undefined
  const earlier = new Map(before.map((column) => [column.name, column]))
  const later = new Set(after.map((column) => column.name))
  // Meta keys in any order ask the same.
  const settings = (column: RunColumn) =>
    JSON.stringify(Object.entries(column.meta).sort(([a], [b]) => a.localeCompare(b)))
  return {
    added: after.filter((column) => !earlier.has(column.name)).map((column) => column.name),
    removed: before.filter((column) => !later.has(column.name)).map((column) => column.name),
    requeried: after.flatMap((column) => {
      const was = earlier.get(column.name)
      if (was === undefined) return []
      const metaChanged = settings(was) !== settings(column)
      if (!metaChanged && was.query === column.query) return []
      const meta = metaChanged ? { metaBefore: was.meta, metaAfter: column.meta } : {}
      return [{ name: column.name, before: was.query, after: column.query, ...meta }]
    })
  }
}
