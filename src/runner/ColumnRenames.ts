import type { ColumnRename, KnownColumn } from "../store/CheckpointModel.js"
import { renamesByKey } from "../store/ColumnChanges.js"
import type { ColumnPlan } from "./PlanRun.js"

/**
 * The pipeline's renamed columns. A column whose name the checkpoint does not know takes over the column that left
 * the pipeline with the same query key (query and meta): its remote column in every table (the service's column
 * keeps its old name), its cells with their answers, attempts and requests in flight. So renaming a report header
 * asks nothing again. Two columns that left with that key, or two new ones, are not told apart: none of them is a
 * rename, and the new ones are asked, as is a column renamed with another query. The rule holds for the whole
 * checkpoint, every table at once, so a cell is never renamed in one table and not in another.
 */
export const columnRenames = (
  plans: ReadonlyArray<ColumnPlan>,
  known: ReadonlyArray<KnownColumn>
): ReadonlyArray<ColumnRename> => {
  const knownNames = new Set(known.map((column) => column.name))
  const wanted = new Set(plans.map((plan) => plan.name))
  const left = known.flatMap((column) =>
    wanted.has(column.name) || column.queryKey === undefined ? [] : [{ name: column.name, key: column.queryKey }]
  )
  const joined = plans.flatMap((plan) => (knownNames.has(plan.name) ? [] : [{ name: plan.name, key: plan.queryKey }]))
  return renamesByKey(left, joined)
}

/**
 * The columns under the names the checkpoint holds them by until `renames` are applied: planning (`--dry-run`,
 * `--max-cells`) looks the renamed pairs up there, so it counts what the run will do and writes nothing.
 */
export const storedNames = (
  plans: ReadonlyArray<ColumnPlan>,
  renames: ReadonlyArray<ColumnRename>
): ReadonlyArray<ColumnPlan> => {
  const before = new Map(renames.map((rename) => [rename.to, rename.from]))
  return plans.map((plan) => {
    const name = before.get(plan.name)
    return name === undefined ? plan : { ...plan, name }
  })
}
