import { Duration } from "effect"
import { isSettledFailure } from "../api/Tables.js"

/** What a listed cell or chat message says about a unit in flight. */
export type Verdict =
  | { readonly _tag: "success"; readonly response: string }
  | {
      readonly _tag: "failure"
      readonly reason: string
      readonly timedOut: boolean
      /** Whether asking again may help (`cell_retries`): not for a status the interface does not know. */
      readonly again: boolean
    }
  | { readonly _tag: "waiting"; readonly status: string }

/** What a cell and a chat message show of the task that answers them. */
interface ListedTask {
  readonly task_status: string
  readonly response?: string | undefined
  readonly meta: { readonly [key: string]: unknown }
}

/**
 * A status outside the interface that names a failure: `failure` (what `docsweep serve` reports) and the words a
 * service would use for one. Asking such a pair again may help, as for any failure.
 */
const namesFailure = (status: string) => /fail|error|cancel|abort|reject|timed?.?out|expired/i.test(status)

/** Why a task failed: its status, and the service's reason when it gives one (`meta.error`). */
const failureReason = (task: ListedTask): string => {
  const reason = task.meta.error
  const stated = `task_status "${task.task_status}"${typeof reason === "string" && reason !== "" ? `: ${reason}` : ""}`
  return namesFailure(task.task_status)
    ? stated
    : `${stated} is not one the interface knows (pending, running, success) nor a failure; not asked again, since ` +
        "the service may still be answering it or have answered it under another word: check the service, then " +
        "run with --only-failed"
}

/**
 * The verdict on a unit from its listed task (undefined while the list does not show our request yet), the status
 * last seen and how long ago it was sent: answered, failed for good (any status but pending, running and success),
 * failed for taking longer than `cell_timeout`, or still waiting. A failure is asked again (while `cell_retries`
 * allows) when its status names a failure or it timed out; a status nobody knows (`completed`, `queued`) is not,
 * since a second request could only ask the same pair twice.
 */
export const verdictOf = (
  task: ListedTask | undefined,
  status: string,
  waitedMs: number,
  timeout: Duration.Duration
): Verdict => {
  if (task?.task_status === "success") return { _tag: "success", response: task.response ?? "" }
  if (task !== undefined && isSettledFailure(task.task_status))
    return { _tag: "failure", reason: failureReason(task), timedOut: false, again: namesFailure(task.task_status) }
  if (waitedMs > Duration.toMillis(timeout))
    return {
      _tag: "failure",
      reason: `still ${status} after ${Duration.format(timeout)} (cell_timeout)`,
      timedOut: true,
      again: true
    }
  return { _tag: "waiting", status }
}

/** How far along a status is: the copy to believe when a list shows one unit more than once. */
const progressOf = (status: string | undefined): number =>
  status === "success" ? 3 : status !== undefined && isSettledFailure(status) ? 2 : status === "running" ? 1 : 0

/**
 * Of the copies a list shows of one unit (a service that lists a cell twice), the one furthest along: an answer
 * beats a failure, which beats running, which beats pending, whatever their order; the last of equals wins.
 */
export const furthest = <T extends { readonly task_status: string }>(copies: ReadonlyArray<T>): T | undefined =>
  copies.reduce<T | undefined>(
    (best, copy) => (best === undefined || progressOf(copy.task_status) >= progressOf(best.task_status) ? copy : best),
    undefined
  )
