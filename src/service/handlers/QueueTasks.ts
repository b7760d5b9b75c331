import { Effect, Predicate } from "effect"
import { CurrentUser } from "../../api/Authentication.js"
import { tooManyRequests } from "../HttpGuards.js"
import { ServiceSettings } from "../ServiceSettings.js"
import type { Admission, Refused } from "../store/Admission.js"
import { TaskPool } from "../TaskPool.js"

/**
 * The 429 of `--max-pending`: the request is refused whole (nothing was queued), with a Retry-After estimated
 * from the queue, as queue-capped services answer; the body is the error the contract declares for 429.
 */
const tooManyTasks = (refused: Refused) =>
  Effect.gen(function* () {
    const pool = yield* TaskPool
    const seconds = yield* pool.retryAfterSeconds(refused)
    const detail =
      `too many tasks: ${refused.open} pending or running, ${refused.requested} more asked, ` +
      `at most ${refused.maxOpen} per user (serve --max-pending)`
    return tooManyRequests(detail, seconds)
  })

/**
 * Queues tasks for the caller (a run request's cells, a chat message): `queue` gets the caller's admission under
 * `--max-pending` and, in its transaction, queues everything or refuses the whole request. A refusal is answered
 * 429; otherwise the pool wakes to the new tasks and `reply` answers.
 */
export const queueTasks = <A, B, E, R, R2>(
  queue: (admission: Admission) => Effect.Effect<A | Refused, never, R>,
  reply: (queued: A) => Effect.Effect<B, E, R2>
) =>
  Effect.gen(function* () {
    const user = yield* CurrentUser
    const settings = yield* ServiceSettings
    const queued = yield* queue({ userId: user.userId, maxOpen: settings.maxPending })
    if (Predicate.isTagged(queued, "Refused")) return yield* tooManyTasks(queued)
    yield* Effect.flatMap(TaskPool, (pool) => pool.notify)
    return yield* reply(queued)
  })
