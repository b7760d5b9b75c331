import type { ColumnRecord, ColumnRename } from "./CheckpointModel.js"

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

/**
 * Columns that joined or left the pipeline between two runs, were renamed (same query and meta under a new name),
 * or ask something else now, in pipeline order.
 */
export interface ColumnChanges {
  readonly added: ReadonlyArray<string>
  readonly removed: ReadonlyArray<string>
  readonly renamed: ReadonlyArray<ColumnRename>
  readonly requeried: ReadonlyArray<ColumnRequeried>
}

/** A column name with what its answers depend on. */
interface KeyedName {
  readonly name: string
  readonly key: string
}

/**
 * The renames among columns that left and columns that joined: one that joined takes over the one that left with
 * the same key when that key has exactly one of each. Two that left (or joined) with one key cannot be told apart,
 * so none of them counts as renamed. The runner adopts a renamed column's answers by this rule, and `diff` names it.
 */
export const renamesByKey = (
  left: ReadonlyArray<KeyedName>,
  joined: ReadonlyArray<KeyedName>
): ReadonlyArray<ColumnRename> =>
  joined.flatMap((column) => {
    const from = left.filter((other) => other.key === column.key)
    const twins = joined.filter((other) => other.key === column.key)
    const only = from.length === 1 && twins.length === 1 ? from[0] : undefined
    return only === undefined ? [] : [{ from: only.name, to: column.name }]
  })

type RunColumn = Pick<ColumnRecord, "name" | "query" | "meta">

/** Meta keys in any order ask the same. */
const settingsOf = (column: RunColumn) =>
  JSON.stringify(Object.entries(column.meta).sort(([a], [b]) => a.localeCompare(b)))

/**
 * How the columns of two runs differ (`docsweep diff`): without it a renamed column's answers read as new and the
 * old column's answers vanish without a word. Columns are told apart by name, as the runner does; a column that
 * left and one that joined asking the same (query and meta) are a rename. Undefined when either run recorded no
 * columns (a docsweep that kept none).
 */
export const columnChanges = (
  before: ReadonlyArray<RunColumn> | undefined,
  after: ReadonlyArray<RunColumn> | undefined
): ColumnChanges | undefined => {
  if (before === undefined || after === undefined) return undefined
  const earlier = new Map(before.map((column) => [column.name, column]))
  const later = new Set(after.map((column) => column.name))
  const keyed = (column: RunColumn) => ({ name: column.name, key: `${column.query}\u0000${settingsOf(column)}` })
  const left = before.filter((column) => !later.has(column.name))
  const joined = after.filter((column) => !earlier.has(column.name))
  const renamed = renamesByKey(left.map(keyed), joined.map(keyed))
  return {
    added: joined.map((column) => column.name).filter((name) => !renamed.some((rename) => rename.to === name)),
    removed: left.map((column) => column.name).filter((name) => !renamed.some((rename) => rename.from === name)),
    renamed,
    requeried: after.flatMap((column) => {
      const was = earlier.get(column.name)
      if (was === undefined) return []
      const metaChanged = settingsOf(was) !== settingsOf(column)
      if (!metaChanged && was.query === column.query) return []
      const meta = metaChanged ? { metaBefore: was.meta, metaAfter: column.meta } : {}
      return [{ name: column.name, before: was.query, after: column.query, ...meta }]
    })
  }
}
