import type { Effect, Scope } from "effect"
import { migrations } from "./Migrations.js"
import { openSqlite, type Sqlite } from "./Sqlite.js"
import { checkpointError, type StoreError } from "./StoreError.js"

/** One open checkpoint connection (see `Sqlite`); every failure is a `StoreError`. */
export type Database = Sqlite<StoreError>

interface OpenOptions {
  /** Refuse a missing file instead of creating it (merge sources, `docsweep status`). */
  readonly fileMustExist?: boolean
  /** Open an existing file for reading only (`docsweep view` beside a running run): nothing is ever written. */
  readonly readOnly?: boolean
  /** With `readOnly`: read a checkpoint of an older schema as it is (merge sources: the reader takes what it finds). */
  readonly olderReadable?: boolean
  /** With `readOnly`: a copy in memory where a reader could not open it safely (status, diff, view, merge). */
  readonly copyWhenIdle?: boolean
}

/** Opens (creating when allowed), checks and migrates the checkpoint at `path`; it closes with the scope. */
export const openDatabase = (
  path: string,
  options: OpenOptions = {}
): Effect.Effect<Database, StoreError, Scope.Scope> =>
  openSqlite({
    path,
    migrations,
    fileMustExist: options.fileMustExist,
    readOnly: options.readOnly,
    olderReadable: options.olderReadable,
    copyWhenIdle: options.copyWhenIdle,
    toError: checkpointError
  })
