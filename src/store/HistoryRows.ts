import { Schema } from "effect"
import type { CellRow, ChatRow } from "./WorkRecords.js"

/** A pipeline column as a run asked it: what a report of that run shows on its Columns sheet. */
export interface RunColumn {
  readonly name: string
  readonly query: string
  readonly meta: Readonly<Record<string, unknown>>
}

/** A pair as `cell_history` keeps it for a run (see RunHistory). */
export interface HistoricCell {
  readonly document_id: number
  readonly column_name: string
  readonly state: string
  readonly response: string | null
  readonly error: string | null
  readonly attempts: number
  readonly seconds: number | null
}

/** A chat message as `chat_history` keeps it for a run (see RunHistory). */
export interface HistoricChat {
  readonly chat_name: string
  readonly session_key: string
  readonly position: number
  readonly scope: string
  readonly document_ids: string
  readonly query: string
  readonly state: string
  readonly response: string | null
  readonly error: string | null
}

/** A cell history row as a checkpoint cell row: what history does not keep is left empty. */
export const cellRow = (row: HistoricCell): CellRow => ({
  ...row,
  dependency_key: "",
  table_slot: 0,
  query_key: null,
  remote_cell_id: null,
  remote_task_id: null,
  stale_task_id: null,
  remote_sign: null,
  stale_sign: null,
  submitted_at: null,
  intent_at: null,
  finished_at: null,
  run_id: null
})

/** A chat history row as a checkpoint chat message row: what history does not keep is left empty. */
export const chatRow = (row: HistoricChat): ChatRow => ({
  ...row,
  dependency_key: "",
  remote_session_id: null,
  remote_message_id: null,
  attempts: 0,
  intent_at: null,
  submitted_at: null,
  finished_at: null,
  seconds: null,
  run_id: null,
  // History keeps what a report shows; why a message failed is in its error text.
  error_kind: null
})

const isRunColumn: (value: unknown) => value is RunColumn = Schema.is(
  Schema.Struct({
    name: Schema.String,
    query: Schema.String,
    meta: Schema.Record({ key: Schema.String, value: Schema.Unknown })
  })
)

export const parseColumns = (text: string): ReadonlyArray<RunColumn> => {
  const parsed: unknown = JSON.parse(text)
  return Array.isArray(parsed) ? parsed.filter(isRunColumn) : []
}
