import { HttpServerResponse } from "@effect/platform"
import { Effect, Schema } from "effect"
import { TooManyRequests } from "../../api/ApiError.js"
import type { Refused } from "../store/TaskStore.js"
import { TaskPool } from "../TaskPool.js"

/**
 * The 429 of `--max-pending`: the request is refused whole (nothing was queued), with a Retry-After estimated
 * from the queue, as queue-capped services answer; the body is the error the contract declares for 429.
 */
export const tooManyTasks = (refused: Refused) =>
  Effect.gen(function* () {
    const pool = yield* TaskPool
    const seconds = yield* pool.retryAfterSeconds(refused)
    const detail =
      `too many tasks: ${refused.open} pending or running, ${refused.requested} more asked, ` +
      `at most ${refused.maxOpen} per user (serve --max-pending)`
    return HttpServerResponse.unsafeJson(Schema.encodeSync(TooManyRequests)(new TooManyRequests({ detail })), {
      status: 429,
      headers: { "retry-after": String(seconds) }
    })
  })
