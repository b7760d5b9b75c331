import type { SyncCounts, SyncOptions } from "./CheckpointModel.js"

/** A stored pair (cell or chat message) as the sync sees it. */
export interface StoredPair {
  readonly state: string
  readonly dependencyKey: string
  readonly tableSlot: number
  readonly queryKey: string | undefined
}

export interface WantedPair {
  readonly dependencyKey: string
  readonly tableSlot: number
  readonly queryKey?: string | undefined
}

type SyncAction =
  | { readonly _tag: "none" }
  | { readonly _tag: "insert" }
  | { readonly _tag: "keep" }
  | { readonly _tag: "move" }
  /** Back to `pending`, response cleared; `fresh`: a new question (attempts from 0); `clearRemote`: forget remote ids. */
  | { readonly _tag: "reset"; readonly fresh: boolean; readonly clearRemote: boolean }

/** The actions that write: a sync never passes "none" on to its store. */
export type SyncWrite = Exclude<SyncAction, { readonly _tag: "none" }>

interface SyncDecision {
  readonly action: SyncAction
  readonly counted: keyof Omit<SyncCounts, "total">
}

const decision = (action: SyncAction, counted: SyncDecision["counted"]): SyncDecision => ({ action, counted })

/**
 * What a sync does with one wanted pair:
 * - new: inserted `pending` (with `onlyFailed`: left out, counted `skipped`);
 * - `submitting` / `submitted`: untouched, even when stale: the resumed run reconciles the request in flight (in the
 *   column it went to), and the old key then makes the next run ask again. Except a cell whose column's query or
 *   meta changed, and a chat message whose key changed (not with `onlyFailed`): it is asked again at once (in the
 *   new column; as a new message), as the old request's answer is to a question the pipeline no longer asks, and a
 *   run that adopted it would report it as current;
 * - `success`, same key: kept (`alreadyAnswered`); a changed key re-asks it (with `onlyFailed`: `skipped`);
 * - `failed`: retried; `pending`: stays pending, under the current key.
 * A changed key keeps the remote ids only when the pair stays in the same table slot and column (same known
 * queryKey): the runner re-runs that remote cell. Otherwise they are cleared, as the old ones name another column.
 */
export const decideSync = (old: StoredPair | undefined, wanted: WantedPair, options: SyncOptions): SyncDecision => {
  if (old === undefined)
    return options.onlyFailed ? decision({ _tag: "none" }, "skipped") : decision({ _tag: "insert" }, "toRun")
  const changed = old.dependencyKey !== wanted.dependencyKey
  const slotChanged = old.tableSlot !== wanted.tableSlot
  const sameColumn =
    !slotChanged && old.queryKey !== undefined && wanted.queryKey !== undefined && old.queryKey === wanted.queryKey
  const retry = decision({ _tag: "reset", fresh: changed, clearRemote: changed ? !sameColumn : slotChanged }, "toRun")
  switch (old.state) {
    case "submitting":
    case "submitted":
      return changed && !sameColumn && !options.onlyFailed ? retry : decision({ _tag: "keep" }, "inFlight")
    case "success":
      if (!changed) return decision(slotChanged ? { _tag: "move" } : { _tag: "keep" }, "alreadyAnswered")
      return options.onlyFailed ? decision({ _tag: "keep" }, "skipped") : retry
    case "failed":
      return retry
    default:
      return changed || slotChanged ? retry : decision({ _tag: "keep" }, "toRun")
  }
}
