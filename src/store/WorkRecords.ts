import type { CellState, ChatErrorKind } from "./CheckpointModel.js"
import { opt, toNumbers, toState } from "./StoreRows.js"

/** The progress columns every unit of work (cell or chat message) has, as better-sqlite3 returns them. */
interface ProgressRow {
  readonly state: string
  readonly response: string | null
  readonly error: string | null
  readonly attempts: number
  readonly intent_at: string | null
  readonly submitted_at: string | null
  readonly finished_at: string | null
  readonly seconds: number | null
  readonly run_id: number | null
  readonly dependency_key: string
}

export interface CellRow extends ProgressRow {
  readonly document_id: number
  readonly column_name: string
  readonly table_slot: number
  readonly query_key: string | null
  readonly remote_cell_id: number | null
  readonly remote_task_id: string | null
  readonly stale_task_id: string | null
  readonly remote_sign: string | null
  readonly stale_sign: string | null
}

export interface ChatRow extends ProgressRow {
  readonly chat_name: string
  readonly scope: string
  readonly session_key: string
  readonly document_ids: string
  readonly remote_session_id: number | null
  readonly position: number
  readonly query: string
  readonly remote_message_id: number | null
  readonly error_kind: string | null
}

/**
 * What every unit of work (cell or chat message) records of its progress. Records are built by constructors rather
 * than by spreading a progress object into a literal: V8 lays a class's instances out with all their fields at once,
 * as it does an object literal, while a spread builds each record in a second, slow step into a far larger shape
 * (the report of a 100,000-cell run holds every cell's record at once: 465 MB at its peak with the spread).
 */
class WorkProgress {
  readonly state: CellState
  readonly response: string | undefined
  readonly error: string | undefined
  /** Requests made for this unit: the first one and its retries. */
  readonly attempts: number
  readonly intentAt: string | undefined
  /** When the request was seen to land (its reply, or an adoption): the unit's timeout counts from here. */
  readonly submittedAt: string | undefined
  readonly finishedAt: string | undefined
  readonly seconds: number | undefined
  readonly runId: number | undefined
  /**
   * What the answer depends on: a cell's document version and its column's queryKey, a message's document versions,
   * query and use_history. A different key means the answer is stale.
   */
  readonly dependencyKey: string

  constructor(row: ProgressRow) {
    this.state = toState(row.state)
    this.response = opt(row.response)
    this.error = opt(row.error)
    this.attempts = row.attempts
    this.intentAt = opt(row.intent_at)
    this.submittedAt = opt(row.submitted_at)
    this.finishedAt = opt(row.finished_at)
    this.seconds = opt(row.seconds)
    this.runId = opt(row.run_id)
    this.dependencyKey = row.dependency_key
  }
}

/** One (document, column) pair: keyed by what the answer depends on. */
export class CellRecord extends WorkProgress {
  readonly documentId: number
  readonly columnName: string
  readonly tableSlot: number
  /** The query key of the column the pair was last asked in (a stale pair in flight keeps its old column's). */
  readonly queryKey: string | undefined
  readonly remoteCellId: number | undefined
  /** task_id of the generation we asked for; a reconcile adopts only a cell whose task_id differs from `staleTaskId`. */
  readonly remoteTaskId: string | undefined
  /** task_id the remote cell had before our latest request (re-runs of an existing cell keep its id). */
  readonly staleTaskId: string | undefined
  /** What the remote cell showed when last seen (see `signOf` in the runner's Reconcile). */
  readonly remoteSign: string | undefined
  /** What the remote cell showed before our latest request. */
  readonly staleSign: string | undefined

  constructor(row: CellRow) {
    super(row)
    this.documentId = row.document_id
    this.columnName = row.column_name
    this.tableSlot = row.table_slot
    this.queryKey = opt(row.query_key)
    this.remoteCellId = opt(row.remote_cell_id)
    this.remoteTaskId = opt(row.remote_task_id)
    this.staleTaskId = opt(row.stale_task_id)
    this.remoteSign = opt(row.remote_sign)
    this.staleSign = opt(row.stale_sign)
  }
}

/** One chat message of a pipeline chat, in one session. */
export class ChatMessageRecord extends WorkProgress {
  readonly chatName: string
  readonly scope: "each" | "all"
  /** Stable key of the session: the sorted document ids it covers. */
  readonly sessionKey: string
  readonly documentIds: ReadonlyArray<number>
  readonly remoteSessionId: number | undefined
  /** Position of the message in the chat's `messages` list. */
  readonly position: number
  readonly query: string
  readonly errorKind: ChatErrorKind | undefined
  readonly remoteMessageId: number | undefined

  constructor(row: ChatRow) {
    super(row)
    this.chatName = row.chat_name
    this.scope = row.scope === "all" ? "all" : "each"
    this.sessionKey = row.session_key
    this.documentIds = toNumbers(row.document_ids)
    this.remoteSessionId = opt(row.remote_session_id)
    this.position = row.position
    this.query = row.query
    this.errorKind = row.error_kind === "plan-refused" ? "plan-refused" : undefined
    this.remoteMessageId = opt(row.remote_message_id)
  }
}

export const toCell = (row: CellRow): CellRecord => new CellRecord(row)

export const toChat = (row: ChatRow): ChatMessageRecord => new ChatMessageRecord(row)
