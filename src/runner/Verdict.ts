import { Duration } from "effect"
import { isSettledFailure } from "../api/Tables.js"

/** What a listed cell or chat message says about a unit in flight. */
export type Verdict =
  | { readonly _tag: "success"; readonly response: string }
  | { readonly _tag: "failure"; readonly reason: string; readonly timedOut: boolean }
  | { readonly _tag: "waiting"; readonly status: string }

/** What a cell and a chat message show of the task that answers them. */
interface ListedTask {
  readonly task_status: string
  readonly response?: string | undefined
  readonly meta: { readonly [key: string]: unknown }
}

/** Why a task failed: its status, and the service's reason when it gives one (`meta.error`). */
const failureReason = (task: ListedTask): string => {
  const reason = task.meta.error
  return `task_status "${task.task_status}"${typeof reason === "string" && reason !== "" ? `: ${reason}` : ""}`
}

/**
 * The verdict on a unit from its listed task (undefined while the list does not show our request yet), the status
 * last seen and how long ago it was sent: answered, failed for good (any status but pending, running and success),
 * failed for taking longer than `cell_timeout`, or still waiting.
 */
export const verdictOf = (
  task: ListedTask | undefined,
  status: string,
  waitedMs: number,
  timeout: Duration.Duration
): Verdict => {
  if (task?.task_status === "success") return { _tag: "success", response: task.response ?? "" }
  if (task !== undefined && isSettledFailure(task.task_status))
    return { _tag: "failure", reason: failureReason(task), timedOut: false }
  if (waitedMs > Duration.toMillis(timeout))
    return {
      _tag: "failure",
      reason: `still ${status} after ${Duration.format(timeout)} (cell_timeout)`,
      timedOut: true
    }
  return { _tag: "waiting", status }
}
