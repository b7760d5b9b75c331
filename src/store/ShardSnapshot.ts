import { existsSync } from "node:fs"
import type BetterSqlite3 from "better-sqlite3"
import { Effect } from "effect"
import { openDatabase } from "./Database.js"
import { refuse } from "./MergeChecks.js"
import { StoreError } from "./StoreError.js"
import type { RunRow } from "./StoreRows.js"

export type Row = Record<string, unknown>

/** One shard checkpoint, read in one snapshot. History: only the latest row of each pair (the answer it has now). */
export interface Shard {
  readonly path: string
  readonly run: RunRow | undefined
  readonly rows: Readonly<Record<MergedTable, ReadonlyArray<Row>>>
}

const latestOf = (table: string, key: string) =>
  `SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY ${key} ORDER BY run_id DESC, id DESC) AS rank
   FROM ${table}) WHERE rank = 1 ORDER BY id`

const sources = {
  documents: "SELECT * FROM documents ORDER BY position",
  uploads: "SELECT * FROM uploads",
  ai_tables: "SELECT * FROM ai_tables",
  columns: "SELECT * FROM columns ORDER BY saved",
  cells: "SELECT * FROM cells ORDER BY rowid",
  chat_sessions: "SELECT * FROM chat_sessions",
  chat_messages: "SELECT * FROM chat_messages ORDER BY rowid",
  answers: latestOf("answers", "document_id, column_name"),
  chat_answers: latestOf("chat_answers", "chat_name, session_key, position")
} as const
type MergedTable = keyof typeof sources

const eachTable = <A>(f: (table: MergedTable) => A): Record<MergedTable, A> => ({
  documents: f("documents"),
  uploads: f("uploads"),
  ai_tables: f("ai_tables"),
  columns: f("columns"),
  cells: f("cells"),
  chat_sessions: f("chat_sessions"),
  chat_messages: f("chat_messages"),
  answers: f("answers"),
  chat_answers: f("chat_answers")
})

/**
 * Reads a shard checkpoint (which must exist) in one read transaction, read-only: merging never writes a shard, and a
 * shard an older docsweep wrote is read as it is (a column it lacks is taken as NULL).
 */
export const readShard = (path: string) =>
  Effect.scoped(
    Effect.gen(function* () {
      // A copy in memory where SQLite would have to write beside a shard this user may only read (`openIdleCopy`).
      const { attempt, sqlite } = yield* openDatabase(path, {
        fileMustExist: true,
        readOnly: true,
        olderReadable: true,
        copyWhenIdle: true
      })
      // An empty file (schema version 0) opens as a database without tables: nothing a shard run wrote.
      if ((yield* attempt("merge", () => schemaVersion(sqlite))) === 0) return yield* notAShard(path)
      const read = sqlite.transaction(
        (): Shard => ({
          path,
          run: sqlite.prepare<[], RunRow>("SELECT * FROM runs ORDER BY id DESC LIMIT 1").get(),
          rows: eachTable((table): ReadonlyArray<Row> => sqlite.prepare<[], Row>(sources[table]).all())
        })
      )
      return yield* attempt("merge", () => read.deferred())
    })
  ).pipe(
    Effect.mapError((error) =>
      error.kind === "unwritable" ? unreadable(path, error) : error.kind === "foreign" ? notAShard(path) : error
    )
  )

const schemaVersion = (sqlite: BetterSqlite3.Database) => Number(sqlite.pragma("user_version", { simple: true }))

const notAShard = (path: string) =>
  refuse(path, "This file is not a docsweep checkpoint (empty, or another program's); merge takes shard output dirs")

/**
 * SQLite reads a WAL checkpoint only where it may create its `-shm` file beside it: a shard in a folder this user
 * cannot write is not read, whatever its own permissions (the advice of `unwritable`, another --out, would not help).
 */
const unreadable = (path: string, error: StoreError) =>
  new StoreError({
    operation: "merge",
    path,
    cause: error.cause,
    kind: "unwritable",
    reason:
      "This shard checkpoint cannot be read here: SQLite needs to write beside it (its -shm file) and this user " +
      "may not. Copy the shard's folder somewhere writable and merge that copy"
  })

/** A run of a merge target, and whether it recorded any answer or failure (a run refused before any work did not). */
export type TargetRun = RunRow & { readonly answered: boolean }

/** The runs of a merge target, oldest first; none when it has no checkpoint yet. */
export const readTargetRuns = (path: string): Effect.Effect<ReadonlyArray<TargetRun>, StoreError> =>
  existsSync(path)
    ? Effect.scoped(
        Effect.gen(function* () {
          const { attempt, sqlite } = yield* openDatabase(path, { readOnly: true, olderReadable: true })
          // An empty file is a checkpoint not yet begun: the merge writes the schema into it.
          return yield* attempt("merge", () => {
            if (schemaVersion(sqlite) === 0) return []
            const answered = new Set(
              sqlite
                .prepare<[], number>("SELECT run_id FROM answers UNION SELECT run_id FROM chat_answers")
                .pluck()
                .all()
            )
            return sqlite
              .prepare<[], RunRow>("SELECT * FROM runs ORDER BY id")
              .all()
              .map((run) => ({ ...run, answered: answered.has(run.id) }))
          })
        })
      )
    : Effect.succeed([])

/** Per table, the columns that name objects of the service a row was written against. */
const remoteColumns = {
  ai_tables: ["remote_id"],
  columns: ["remote_id"],
  cells: ["remote_cell_id", "remote_task_id", "stale_task_id", "remote_sign", "stale_sign", "submitted_at"],
  chat_sessions: ["remote_session_id"],
  chat_messages: ["remote_message_id", "submitted_at"]
} as const
export type RemoteTable = keyof typeof remoteColumns

/** Rows without their remote ids; a pair in flight at its shard's service goes back to `pending`. */
export const detach = (table: RemoteTable, rows: ReadonlyArray<Row>): ReadonlyArray<Row> =>
  rows.map((row) => {
    const cleared = Object.fromEntries(remoteColumns[table].map((column) => [column, null]))
    const inFlight = row.state === "submitting" || row.state === "submitted"
    return { ...row, ...cleared, ...(inFlight ? { state: "pending", intent_at: null } : {}) }
  })
