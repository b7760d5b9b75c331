import { Effect } from "effect"
import { nowIso, ServiceDatabase, type Sql } from "../ServiceDatabase.js"
import { taskIdOf } from "./DocumentRecords.js"

export type TaskKind = "cell" | "chat"

/** A task the pool has taken: `running` in the database until it succeeds, fails or is superseded. */
export interface ClaimedTask {
  readonly rowId: number
  readonly taskId: string
  readonly kind: TaskKind
  readonly targetId: number
  readonly baseResponse: string
  readonly continueResponse: boolean
  /** 1 for the first run of a cell; the `--fail-rate` fault only hits first attempts. */
  readonly attempt: number
  readonly startedMs: number
}

/** Cells and chat messages carry the same three task columns. */
const targetTable = { cell: "ai_cells", chat: "ai_messages" } as const

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
    readonly now: string
  }
): string => {
  const rowId = sql.run(
    `INSERT INTO tasks (kind, target_id, document_id, status, base_response, continue_response, attempt, created_at,
     updated_at) VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?)`,
    task.kind,
    task.targetId,
    task.documentId,
    task.baseResponse,
    task.continueResponse ? 1 : 0,
    task.attempt,
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
    `UPDATE tasks SET status = 'cancelled', updated_at = ? WHERE id = ? AND status IN ('pending', 'running')`,
    now,
    Number(taskId.slice("task-".length))
  )
}

interface TaskRow {
  readonly id: number
  readonly kind: TaskKind
  readonly target_id: number
  readonly base_response: string
  readonly continue_response: number
  readonly attempt: number
}

/** The lifecycle of persisted tasks: claim, stream chunks into the target, settle, requeue after a crash. */
export class TaskStore extends Effect.Service<TaskStore>()("app/service/TaskStore", {
  effect: Effect.gen(function* () {
    const db = yield* ServiceDatabase

    /** Tasks left `running` by a killed process go back to `pending`, their partial answers undone. */
    const requeueRunning = Effect.fn("TaskStore.requeueRunning")(function* () {
      const now = yield* nowIso
      return yield* db.transaction("requeue running tasks", (sql) => {
        const running = sql.all<TaskRow>("SELECT * FROM tasks WHERE status = 'running'")
        for (const task of running) {
          sql.run(
            "UPDATE tasks SET status = 'pending', nrequeue = nrequeue + 1, updated_at = ? WHERE id = ?",
            now,
            task.id
          )
          sql.run(
            `UPDATE ${targetTable[task.kind]} SET task_status = 'pending', response = ? WHERE id = ? AND task_id = ?`,
            task.base_response,
            task.target_id,
            taskIdOf(task.id)
          )
        }
        return running.length
      })
    })

    /** Takes up to `limit` pending tasks, oldest first, in one transaction; their targets turn `running`. */
    const claim = Effect.fn("TaskStore.claim")(function* (limit: number) {
      const now = yield* nowIso
      const startedMs = yield* Effect.clockWith((clock) => clock.currentTimeMillis)
      return yield* db.transaction("claim tasks", (sql) => {
        const rows = sql.all<TaskRow>(
          `UPDATE tasks SET status = 'running', started_ms = ?, updated_at = ?
           WHERE id IN (SELECT id FROM tasks WHERE status = 'pending' ORDER BY id LIMIT ?) RETURNING *`,
          startedMs,
          now,
          limit
        )
        return rows
          .sort((a, b) => a.id - b.id)
          .flatMap((row): Array<ClaimedTask> => {
            const taskId = taskIdOf(row.id)
            const current = sql.run(
              `UPDATE ${targetTable[row.kind]} SET task_status = 'running' WHERE id = ? AND task_id = ?`,
              row.target_id,
              taskId
            )
            if (current.changes === 0) {
              sql.run("UPDATE tasks SET status = 'cancelled' WHERE id = ?", row.id)
              return []
            }
            return [
              {
                rowId: row.id,
                taskId,
                kind: row.kind,
                targetId: row.target_id,
                baseResponse: row.base_response,
                continueResponse: row.continue_response === 1,
                attempt: row.attempt,
                startedMs
              }
            ]
          })
      })
    })

    /** Appends a chunk to the target's response; false when the task was superseded or its target deleted. */
    const append = (task: ClaimedTask, chunk: string) =>
      db.use(
        "append answer chunk",
        (sql) =>
          sql.run(
            `UPDATE ${targetTable[task.kind]} SET response = response || ? WHERE id = ? AND task_id = ?`,
            chunk,
            task.targetId,
            task.taskId
          ).changes > 0
      )

    /** Ends the task in `success` or `failure` (reason kept on the task and in the target's `meta.error`). */
    const settle = Effect.fn("TaskStore.settle")(function* (task: ClaimedTask, failure: string | undefined) {
      const now = yield* nowIso
      const runtime = ((yield* Effect.clockWith((clock) => clock.currentTimeMillis)) - task.startedMs) / 1000
      const status = failure === undefined ? "success" : "failure"
      yield* db.transaction("settle task", (sql) => {
        const target = targetTable[task.kind]
        const stamp = task.kind === "cell" ? ", modified_at = ?" : ""
        const meta = failure === undefined ? "json_remove(meta, '$.error')" : "json_set(meta, '$.error', ?)"
        const params = [status, ...(failure === undefined ? [] : [failure]), ...(stamp === "" ? [] : [now])]
        const current = sql.run(
          `UPDATE ${target} SET task_status = ?, meta = ${meta}${stamp} WHERE id = ? AND task_id = ?`,
          ...params,
          task.targetId,
          task.taskId
        )
        sql.run(
          "UPDATE tasks SET status = ?, reason = ?, runtime = ?, updated_at = ? WHERE id = ?",
          current.changes === 0 ? "cancelled" : status,
          failure ?? null,
          runtime,
          now,
          task.rowId
        )
      })
    })

    return { requeueRunning, claim, append, settle } as const
  })
}) {}
