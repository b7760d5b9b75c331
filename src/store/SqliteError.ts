import { Data } from "effect"

/**
 * A SQLite file could not be used. `problem` says when it is not a plain failure of a statement: the file is
 * damaged, or a newer release wrote a schema this one does not know. Each owner (the checkpoint, the service
 * database) turns it into its own error with its own words, so this type never leaves `src/store` and `src/service`.
 */
export class SqliteError extends Data.TaggedError("SqliteError")<{
  readonly operation: string
  readonly path: string
  readonly cause: unknown
  readonly problem?:
    | { readonly _tag: "Damaged"; readonly detail: string }
    | { readonly _tag: "Newer"; readonly found: number; readonly known: number }
    | { readonly _tag: "OlderReadOnly"; readonly found: number; readonly known: number }
    | { readonly _tag: "Foreign"; readonly tables: ReadonlyArray<string> }
}> {
  override get message() {
    return `SQLite ${this.operation} failed on ${this.path}: ${String(this.cause)}`
  }
}

const isCorrupt = (cause: unknown) =>
  typeof cause === "object" &&
  cause !== null &&
  "code" in cause &&
  (cause.code === "SQLITE_CORRUPT" || cause.code === "SQLITE_NOTADB")

/** The error for a statement that threw `cause`; a damaged file says so in `problem`. */
export const failed = (operation: string, path: string) => (cause: unknown) =>
  isCorrupt(cause)
    ? new SqliteError({ operation, path, cause, problem: { _tag: "Damaged", detail: String(cause) } })
    : new SqliteError({ operation, path, cause })
