import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../../api/Api.js"
import { NotFound } from "../../api/ApiError.js"
import { CurrentUser } from "../../api/Authentication.js"
import { ServiceSettings } from "../ServiceSettings.js"
import { CellStore } from "../store/CellStore.js"
import { TaskStore } from "../store/TaskStore.js"

/**
 * Run counts for the runner's exactly-once tests and queue statistics for the benchmarks; both answer 404 unless
 * `--debug-endpoints` was given.
 */
export const DebugHandlers = HttpApiBuilder.group(Api, "debug", (handlers) =>
  Effect.gen(function* () {
    const settings = yield* ServiceSettings
    const cells = yield* CellStore
    const tasks = yield* TaskStore
    const enabled = settings.debugEndpoints
      ? Effect.void
      : Effect.fail(new NotFound({ detail: "debug endpoints are off (serve --debug-endpoints)" }))
    return handlers
      .handle("runCounts", ({ urlParams }) =>
        Effect.gen(function* () {
          yield* enabled
          const user = yield* CurrentUser
          return yield* cells.runCounts(user.organizationIds, urlParams.ai_table_id)
        })
      )
      .handle("queueStats", ({ urlParams }) => Effect.zipRight(enabled, tasks.queueStats(urlParams.since_ms ?? 0)))
  })
)
