import { Effect } from "effect"
import { nowIso, ServiceDatabase } from "../ServiceDatabase.js"
import { taskIdOf } from "./DocumentRecords.js"
import { type TaskKind, targetTable } from "./EnqueueTask.js"
import { type QueueRow, summarizeQueue } from "./SummarizeQueue.js"

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
      return yield* db.stamped("requeue running tasks", (sql, now) => {
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
      const endedMs = yield* Effect.clockWith((clock) => clock.currentTimeMillis)
      const runtime = (endedMs - task.startedMs) / 1000
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
          "UPDATE tasks SET status = ?, reason = ?, runtime = ?, finished_ms = ?, updated_at = ? WHERE id = ?",
          current.changes === 0 ? "cancelled" : status,
          failure ?? null,
          runtime,
          endedMs,
          now,
          task.rowId
        )
      })
    })

    /** Mean answer time of the last 100 finished tasks, ms (undefined before any). */
    const recentRuntimeMs = db.use("recent task runtime", (sql) => {
      const row = sql.get<{ ms: number | null }>(
        `SELECT avg(finished_ms - started_ms) AS ms FROM (SELECT finished_ms, started_ms FROM tasks
         WHERE status IN ('success', 'failure') AND started_ms IS NOT NULL AND finished_ms IS NOT NULL
         ORDER BY id DESC LIMIT 100)`
      )
      return row?.ms ?? undefined
    })

    /** The queue of tasks submitted since `sinceMs` (all when 0): for `GET /debug/queue-stats`. */
    const queueStats = (sinceMs: number) =>
      db.use("queue statistics", (sql) =>
        summarizeQueue(
          sinceMs,
          sql.all<QueueRow>(
            "SELECT status, created_ms, started_ms, finished_ms FROM tasks WHERE created_ms >= ? ORDER BY id",
            sinceMs
          )
        )
      )

    return { requeueRunning, claim, append, settle, recentRuntimeMs, queueStats } as const
  })
}) {}
