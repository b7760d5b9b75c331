import { Effect } from "effect"
import { nowIso, ServiceDatabase, type Sql } from "../ServiceDatabase.js"
import { taskIdOf } from "./DocumentRecords.js"

type TaskKind = "cell" | "chat"

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

/** Who asks for new tasks, and how many open tasks they may have at most (`--max-pending`; none: no cap). */
export interface Admission {
  readonly userId: number
  readonly maxOpen: number | undefined
}

/** A run request or message refused whole: it would take the user past `--max-pending`. */
export interface Refused {
  readonly _tag: "Refused"
  readonly open: number
  readonly requested: number
  readonly maxOpen: number
}

/** Call inside the transaction that would queue `requested` tasks: a refusal, or undefined to go ahead. */
export const admit = (sql: Sql, admission: Admission, requested: number): Refused | undefined => {
  if (admission.maxOpen === undefined) return undefined
  const open = openTasksOf(sql, admission.userId)
  return open + requested > admission.maxOpen
    ? { _tag: "Refused", open, requested, maxOpen: admission.maxOpen }
    : undefined
}

/** Tasks of this user waiting for a worker or being answered: what `--max-pending` caps. */
const openTasksOf = (sql: Sql, userId: number): number =>
  sql.get<{ n: number }>(
    "SELECT count(*) AS n FROM tasks WHERE user_id = ? AND status IN ('pending', 'running')",
    userId
  )?.n ?? 0

interface TaskRow {
  readonly id: number
  readonly kind: TaskKind
  readonly target_id: number
  readonly base_response: string
  readonly continue_response: number
  readonly attempt: number
}

interface QueueRow {
  readonly status: string
  readonly created_ms: number
  readonly started_ms: number | null
  readonly finished_ms: number | null
}

const percentiles = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0
  const mean = sorted.length === 0 ? 0 : sorted.reduce((sum, value) => sum + value, 0) / sorted.length
  return { mean, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 }
}

/**
 * Queue wait (submitted → taken), answer time (taken → done), answers per second, and the peak number of tasks
 * waiting at once (a sweep over submissions and takes; a task cancelled before any worker took it leaves the
 * queue when it was cancelled).
 */
const summarizeQueue = (sinceMs: number, rows: ReadonlyArray<QueueRow>) => {
  const events: Array<readonly [number, number]> = []
  for (const row of rows) {
    events.push([row.created_ms, 1])
    const left = row.started_ms ?? row.finished_ms
    if (left !== null) events.push([left, -1])
  }
  // At equal times a take comes before a submission, so a task taken at once never counts as waiting.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  let pending = 0
  let peak = 0
  for (const [, delta] of events) {
    pending += delta
    peak = Math.max(peak, pending)
  }
  const started = rows.filter((row) => row.started_ms !== null)
  const answered = rows.filter((row) => row.status === "success")
  const first = Math.min(...rows.map((row) => row.created_ms))
  const last = Math.max(...answered.map((row) => row.finished_ms ?? 0))
  return {
    since_ms: sinceMs,
    tasks: rows.length,
    answered: answered.length,
    peak_pending: peak,
    queue_wait_ms: percentiles(started.map((row) => (row.started_ms ?? 0) - row.created_ms)),
    answer_ms: percentiles(answered.map((row) => (row.finished_ms ?? 0) - (row.started_ms ?? 0))),
    answers_per_second: answered.length > 0 && last > first ? answered.length / ((last - first) / 1000) : 0
  }
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
