import { Data } from "effect"

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
   * CheckpointConsistency); "missing": it does not hold what was asked for (a run, or an old run's history).
   * All are refused with exit 2: the user must decide how to go on.
   */
  readonly kind?: "damaged" | "inconsistent" | "missing"
}> {
  override get message(): string {
    if (this.reason !== undefined) return `${this.reason}: ${this.path}`
    const detail = this.cause instanceof Error ? this.cause.message : String(this.cause)
    return `Checkpoint ${this.operation} failed on ${this.path}: ${detail}`
  }
}
