import type { Sql } from "../ServiceDatabase.js"

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
