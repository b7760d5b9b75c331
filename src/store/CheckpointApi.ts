/**
 * Inputs and outputs of the checkpoint stores' methods (records live in CheckpointModel.ts, which re-exports these).
 */
import type {
  AnswerChange,
  CellRecord,
  CellState,
  ChatErrorKind,
  ChatMessageRecord,
  ColumnRecord,
  DocumentRecord,
  ResultFields,
  RunRecord,
  WorkTally
} from "./CheckpointModel.js"

/** One setting a run ran with, as reports list it: its value as text and where it came from (never the token). */
export interface RunSetting {
  readonly key: string
  readonly value: string
  readonly source: string
}

export interface RunStart {
  readonly pipelineName: string
  readonly pipelineHash: string
  readonly baseUrl: string
  readonly shard: string | undefined
  readonly docsweepVersion: string
  /** The settings the run runs with, kept with it for its reports. */
  readonly settings?: ReadonlyArray<RunSetting>
}

export interface CellKey {
  readonly documentId: number
  readonly columnName: string
}

/** A pair the pipeline wants answered. `queryKey` (optional) lets the store tell an edited column from a modified document. */
export interface WantedCell extends CellKey {
  readonly dependencyKey: string
  readonly tableSlot: number
  readonly queryKey?: string
}

export interface SyncOptions {
  readonly onlyFailed: boolean
}

/** What a sync left to do, over the wanted pairs. `skipped`: new or changed pairs left out by `onlyFailed`. */
export interface SyncCounts {
  readonly total: number
  readonly alreadyAnswered: number
  readonly toRun: number
  readonly inFlight: number
  readonly skipped: number
}

/** A pair about to be sent, with what its remote cell showed before (undefined: what the checkpoint last saw). */
export interface CellIntent extends CellKey {
  readonly staleSign?: string | undefined
}

export interface CellSubmitted extends CellKey {
  readonly remoteCellId: number
  readonly remoteTaskId: string | undefined
  readonly remoteSign?: string | undefined
  readonly at: string
}

export interface CellResult extends CellKey, ResultFields {
  /** What the remote cell showed with this result (kept for a later re-run of a failed pair). */
  readonly remoteSign?: string | undefined
}

/** A pair waiting to be sent: what the runner's queue keeps of it. */
export interface PendingCell {
  readonly documentId: number
  readonly columnName: string
  readonly tableSlot: number
  readonly remoteTaskId: string | undefined
  readonly remoteSign: string | undefined
}

export interface CellFilter {
  readonly states?: ReadonlyArray<CellState>
  readonly tableSlot?: number
  /** Also pairs no longer wanted (a column removed from the pipeline); off by default. */
  readonly includeUnwanted?: boolean
}

export interface ChatKey {
  readonly chatName: string
  readonly sessionKey: string
  readonly position: number
}

export interface ChatSession {
  readonly chatName: string
  readonly sessionKey: string
  readonly remoteSessionId: number | undefined
}

export interface WantedChatMessage extends ChatKey {
  readonly scope: "each" | "all"
  readonly documentIds: ReadonlyArray<number>
  readonly query: string
  readonly dependencyKey: string
}

export interface ChatResult {
  readonly state: "success" | "failed" | "pending"
  readonly response?: string | undefined
  readonly error?: string | undefined
  /** Set with a failure the runner knows the kind of (see `ChatErrorKind`). */
  readonly errorKind?: ChatErrorKind | undefined
  readonly at: string
  readonly seconds?: number | undefined
  readonly runId: number
}

export interface ChatFilter {
  readonly states?: ReadonlyArray<CellState>
  readonly chatName?: string
  readonly includeUnwanted?: boolean
}

export interface StatusSummary {
  readonly runs: ReadonlyArray<RunRecord>
  readonly cells: Record<CellState, number>
  readonly chats: Record<CellState, number>
  readonly failedCells: ReadonlyArray<CellRecord & { readonly filename: string }>
  /** Each with the file names of the documents its session asks about. */
  readonly failedChats: ReadonlyArray<ReportChat>
  readonly lastActivity: string | undefined
}

export interface ReportChat extends ChatMessageRecord {
  readonly filenames: ReadonlyArray<string>
}

export interface ReportDataOptions {
  /** Add the answers changed since the previous run (`output.changes`). */
  readonly changes?: boolean
  /** Add each pair's earlier answers (the HTML report's cell detail). */
  readonly history?: boolean
}

/** One result of a pair in the history table. */
export interface HistoryAnswer {
  readonly runId: number
  readonly state: "success" | "failed"
  readonly response: string | undefined
  readonly error: string | undefined
  readonly at: string
}

/** The answers pairs had up to a run (see AnswerHistory.ts for which pairs are read). */
export interface AnswerHistory {
  readonly previousRunId: number | undefined
  /** Oldest first; empty when the history adds nothing to the current cell. */
  readonly of: (documentId: number, columnName: string) => ReadonlyArray<HistoryAnswer>
}

/** Everything a report needs, read in one pass. */
export interface ReportData {
  readonly pipelineName: string
  readonly pipelineHash: string
  readonly run: RunRecord
  /** Whether `run` is the checkpoint's newest run (only its reports replace the `-latest` files). */
  readonly newest: boolean
  /** The pipeline's columns as the run asked them (older checkpoints: each name's latest query), pipeline order. */
  readonly columns: ReadonlyArray<ColumnRecord>
  /** Documents with a wanted cell at the end of the run, first-seen order. */
  readonly documents: ReadonlyArray<DocumentRecord>
  /** Wanted cells at the end of the run, document order. */
  readonly cells: ReadonlyArray<CellRecord>
  readonly cell: (documentId: number, columnName: string) => CellRecord | undefined
  readonly chats: ReadonlyArray<ReportChat>
  /** The settings the run ran with; undefined for a run recorded before docsweep kept them (or a merge). */
  readonly settings: ReadonlyArray<RunSetting> | undefined
  /** With `changes`: the previous run's id (undefined when there is none) and what changed since. */
  readonly changes?: { readonly fromRunId: number | undefined; readonly list: ReadonlyArray<AnswerChange> }
  /** With `history`: earlier answers per pair. */
  readonly history?: AnswerHistory
}

export interface MergeCounts {
  readonly documents: number
  readonly cells: number
  readonly chats: number
}

/**
 * How a run ended, as the checkpoint holds it (`ReadStore.runTally`); the cells and chats counts are the run
 * record's, from when the run ended.
 */
export interface RunTally extends WorkTally {
  readonly run: RunRecord
  /** Whether the run wrote any intent or result: a run refused before any work did not. */
  readonly touched: boolean
}
