import type { Sql } from "../ServiceDatabase.js"
import { taskIdOf } from "./DocumentRecords.js"

export type TaskKind = "cell" | "chat"

/** Cells and chat messages carry the same three task columns. */
export const targetTable = { cell: "ai_cells", chat: "ai_messages" } as const

/**
 * Queues a task for a cell or message and points the target at it: `pending`, response reset to `base`.
 * Call inside the transaction that created or reset the target.
 */
export const enqueueTask = (
  sql: Sql,
  task: {
    readonly kind: TaskKind
    readonly targetId: number
    readonly documentId: number | null
    readonly baseResponse: string
    readonly continueResponse: boolean
    readonly attempt: number
    /** Who asked: the per-user cap (`--max-pending`) counts their open tasks. */
    readonly userId: number
    readonly now: string
  }
): string => {
  const rowId = sql.run(
    `INSERT INTO tasks (kind, target_id, document_id, status, base_response, continue_response, attempt, user_id,
     created_ms, created_at, updated_at) VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?)`,
    task.kind,
    task.targetId,
    task.documentId,
    task.baseResponse,
    task.continueResponse ? 1 : 0,
    task.attempt,
    task.userId,
    Date.parse(task.now),
    task.now,
    task.now
  ).id
  const taskId = taskIdOf(rowId)
  sql.run(
    `UPDATE ${targetTable[task.kind]} SET task_status = 'pending', task_id = ?, response = ? WHERE id = ?`,
    taskId,
    task.baseResponse,
    task.targetId
  )
  return taskId
}

/** Marks a cell's or message's open task cancelled: it was superseded, or its target is being deleted. */
export const cancelTask = (sql: Sql, taskId: string, now: string) => {
  if (!taskId.startsWith("task-")) return
  sql.run(
    `UPDATE tasks SET status = 'cancelled', finished_ms = ?, updated_at = ? WHERE id = ? AND status IN ('pending',
     'running')`,
    Date.parse(now),
    now,
    Number(taskId.slice("task-".length))
  )
}
