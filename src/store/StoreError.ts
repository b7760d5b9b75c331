import { Data } from "effect"
import { codeAmong, permissionCodes } from "./FileProblems.js"
import type { SqliteError } from "./SqliteError.js"

/**
 * A checkpoint read or write failed: `operation` names the store call, `path` the SQLite file, `cause` what
 * better-sqlite3 or the file system threw. `reason`, when set, is the whole explanation (a refusal of ours).
 */
export class StoreError extends Data.TaggedError("StoreError")<{
  readonly operation: string
  readonly path: string
  readonly cause: unknown
  readonly reason?: string
  /**
   * "damaged": SQLite finds the file malformed; "inconsistent": it lost what an earlier run wrote (see
   * CheckpointConsistency); "missing": it does not hold what was asked for (a run, or an old run's history);
   * "foreign": another program's SQLite file; "unwritable": this user cannot open or write it or its folder;
   * "unmergeable": checkpoints `merge` refuses to combine (see MergeChecks); "version": a schema this docsweep
   * cannot use here (written by a newer one, or an older one opened read-only). All are refused with exit 2: the
   * user must decide how to go on.
   */
  readonly kind?: "damaged" | "inconsistent" | "missing" | "foreign" | "unwritable" | "unmergeable" | "version"
}> {
  override get message(): string {
    if (this.reason !== undefined) return `${this.reason}: ${this.path}`
    const detail = this.cause instanceof Error ? this.cause.message : String(this.cause)
    return `Checkpoint ${this.operation} failed on ${this.path}: ${detail}`
  }
}

/** A failed read or write of the checkpoint or its lock; one this user may not do there says so. */
export const storeErrorOf = (operation: string, path: string, cause: unknown): StoreError => {
  const code = codeAmong(cause, permissionCodes)
  if (code === undefined) return new StoreError({ operation, path, cause })
  const detail = cause instanceof Error ? cause.message : code
  return new StoreError({
    operation,
    path,
    cause,
    kind: "unwritable",
    reason: `The checkpoint cannot be opened or written here (${detail}): fix the permissions, or write to another output folder (--output; --out for merge)`
  })
}

/** The checkpoint's words for what went wrong with its SQLite file. */
export const checkpointError = (error: SqliteError): StoreError => {
  const { operation, path, problem } = error
  if (problem?._tag === "Damaged") {
    return new StoreError({
      operation,
      path,
      cause: undefined,
      kind: "damaged",
      reason:
        `The checkpoint is damaged (SQLite: ${problem.detail}); its answers cannot be trusted. Restore it from a ` +
        "backup, or move it aside (with its state.sqlite-wal and state.sqlite-shm) and run again with --fresh to " +
        "start over"
    })
  }
  if (problem?._tag === "Newer") {
    return new StoreError({
      operation,
      path,
      cause: undefined,
      kind: "version",
      reason: `This checkpoint has schema version ${problem.found}, newer than this docsweep understands (${problem.known}); upgrade docsweep or use another output directory`
    })
  }
  if (problem?._tag === "Foreign") {
    return new StoreError({
      operation,
      path,
      cause: undefined,
      kind: "foreign",
      reason:
        `This file is not a docsweep checkpoint: it holds tables docsweep did not write (${problem.tables.join(", ")}) ` +
        "and is left as it is. Move it aside, or use another output folder (--output; --out for merge)"
    })
  }
  if (problem?._tag === "OlderReadOnly") {
    return new StoreError({
      operation,
      path,
      cause: undefined,
      kind: "version",
      reason: `This checkpoint has schema version ${problem.found}, older than this docsweep's (${problem.known}), and is opened read-only; run \`docsweep status\` on it once to upgrade it`
    })
  }
  return storeErrorOf(operation, path, error.cause)
}
