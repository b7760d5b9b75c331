import { Data } from "effect"

/**
 * A statement of the service database failed. Its own tag: the checkpoint's `StoreError` is another store with
 * other handling. Handlers treat it as a defect (the reply is 500, the log keeps the cause).
 */
export class ServiceStoreError extends Data.TaggedError("ServiceStoreError")<{
  readonly operation: string
  readonly cause: unknown
  /** The whole explanation, when it is a refusal of ours (a damaged file, a schema from a newer release). */
  readonly reason?: string
}> {
  override get message() {
    return this.reason ?? `service database: ${this.operation} failed: ${String(this.cause)}`
  }
}

/**
 * The service could not start: database, data directory, secret, engine or listening socket. `setting`: what the
 * person starting it must fix (the address it listens on, a data directory it cannot use, a damaged or newer
 * database); none: an error of docsweep's own.
 */
export class ServiceStartError extends Data.TaggedError("ServiceStartError")<{
  readonly reason: string
  readonly cause?: unknown
  readonly setting?: "address" | "data"
}> {
  override get message() {
    return `cannot start the service: ${this.reason}`
  }
}

/** Errors of the file system that a path given to the service causes (not a fault of docsweep's). */
const pathProblems: ReadonlySet<string> = new Set([
  "EACCES",
  "EEXIST",
  "EISDIR",
  "ELOOP",
  "ENAMETOOLONG",
  "ENOENT",
  "ENOSPC",
  "ENOTDIR",
  "EPERM",
  "EROFS",
  // SQLite's own, for the database file: a folder in its place, no permission, a read-only file or mount.
  "SQLITE_CANTOPEN",
  "SQLITE_PERM",
  "SQLITE_READONLY"
])

/** A SQLite extended code (`SQLITE_READONLY_DBMOVED`) as its primary code; other codes as they are. */
const primaryCode = (code: string) => code.replace(/^(SQLITE_[A-Z]+)_\w+$/, "$1")

/** Whether `error`, or an error it was caused by, is one of `pathProblems`. */
export const isPathProblem = (error: unknown): boolean => {
  for (let at = error, depth = 0; at !== null && typeof at === "object" && depth < 5; depth++) {
    const code = Reflect.get(at, "code")
    if (typeof code === "string" && pathProblems.has(primaryCode(code))) return true
    at = Reflect.get(at, "cause")
  }
  return false
}
