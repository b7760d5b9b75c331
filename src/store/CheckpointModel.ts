/**
 * The checkpoint's vocabulary, shared by the store (which implements it) and the runner (which drives it).
 * One SQLite file per pipeline at `<output dir>/state.sqlite`.
 */

/** Where a cell stands locally. `submitting` is the written intent: the run request may or may not have landed. */
export type CellState = "pending" | "submitting" | "submitted" | "success" | "failed"

/** How a run ended; the CLI maps it to an exit code. */
export type RunOutcome =
  | "running"
  | "completed" // every cell and chat answered: exit 0
  | "failed-cells" // finished, some cells or chats failed: exit 3
  | "refused" // 401/403 from the service: exit 4
  | "service-unavailable" // retries exhausted or Retry-After beyond the deadline: exit 5
  | "deadline" // the run's deadline passed: exit 5, resume later
  | "interrupted" // Ctrl-C / SIGTERM: exit 130
  | "invalid" // 400/404/422 from the service: exit 2
  | "error" // internal error: exit 1

export interface RunRecord {
  readonly id: number
  readonly pipelineName: string
  readonly pipelineHash: string
  readonly baseUrl: string
  /** "2/4" when the run is one shard of several. */
  readonly shard: string | undefined
  readonly docsweepVersion: string
  readonly startedAt: string
  readonly finishedAt: string | undefined
  readonly outcome: RunOutcome
  readonly note: string | undefined
  /** Cells and chats by state at the end of the run. */
  readonly counts: Readonly<Record<string, number>>
}

/** A document as the run knows it: read once from the document endpoint and kept. */
export interface DocumentRecord {
  readonly id: number
  readonly filename: string
  readonly pages: number | undefined
  readonly doctype: string
  /** The document's `modified_at`: a cell answered for an older version is asked again. */
  readonly version: string
}

/** One remote AI Table holding a slice of the documents (at most `max_documents_per_table`). */
export interface TableRecord {
  readonly slot: number
  readonly remoteId: number | undefined
  readonly documentIds: ReadonlyArray<number>
}

/** A pipeline column as created in one table. Editing the query or meta makes a new column. */
export interface ColumnRecord {
  readonly tableSlot: number
  readonly name: string
  readonly query: string
  readonly meta: Readonly<Record<string, unknown>>
  /** sha256 of query + meta: what the column's answers depend on. */
  readonly queryKey: string
  readonly remoteId: number | undefined
  readonly orderId: number
}

/** A column name the checkpoint knows, with the query key it was last created with (undefined: only cells name it). */
export interface KnownColumn {
  readonly name: string
  readonly queryKey: string | undefined
}

/** A column the pipeline renamed: what the checkpoint holds as `from` is asked as `to` from now on. */
export interface ColumnRename {
  readonly from: string
  readonly to: string
}

// Cell and chat message records are classes built from their rows, see WorkRecords.
export type { CellRecord, ChatMessageRecord } from "./WorkRecords.js"

/**
 * Why a chat message failed, when that is a fact the runner acts on rather than only text for people:
 * `plan-refused`, the service refused a multi-doc session for the workspace's plan (403).
 */
export type ChatErrorKind = "plan-refused"

/** An answer that differs between two runs (`docsweep diff`, the Changes sheet). */
export interface AnswerChange {
  readonly documentId: number
  readonly filename: string
  readonly column: string
  readonly before: string | undefined
  readonly after: string | undefined
}

/** A chat message whose answer differs between two runs (`docsweep diff`). */
export interface ChatAnswerChange {
  readonly chat: string
  /** Position of the message in the chat's `messages` list, from 0. */
  readonly position: number
  readonly documentIds: ReadonlyArray<number>
  readonly filenames: ReadonlyArray<string>
  /** The question as the later run asks it. */
  readonly query: string
  /** The question asked there as of the earlier run, when it differs. */
  readonly queryBefore?: string
  readonly before: string | undefined
  readonly after: string | undefined
}

export type * from "./CheckpointApi.js"

/** A result as its row is written, and appended to the history when it ended. */
export interface ResultFields {
  readonly state: "success" | "failed" | "pending"
  readonly response?: string | undefined
  readonly error?: string | undefined
  readonly at: string
  readonly seconds?: number | undefined
  readonly runId: number
}

/** A table holding wanted cells. */
export interface TableTally {
  readonly slot: number
  readonly remoteId: number | undefined
  readonly documents: number
}

/** What a run left: wanted cells and chat messages by state at its end, what it answered and failed, its tables. */
export interface WorkTally {
  readonly cells: Readonly<Record<CellState, number>>
  readonly chats: Readonly<Record<CellState, number>>
  /** Wanted cells this run answered, and failed. */
  readonly answered: number
  readonly failed: number
  /** Wanted chat messages this run answered. */
  readonly chatsAnswered: number
  readonly tables: ReadonlyArray<TableTally>
}
