import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../../api/Api.js"
import { NotFound } from "../../api/ApiError.js"
import { CurrentUser } from "../../api/Authentication.js"
import { ServiceSettings } from "../ServiceSettings.js"
import { CellStore } from "../store/CellStore.js"

/** Run counts for the runner's exactly-once tests; answers 404 unless `--debug-endpoints` was given. */
export const DebugHandlers = HttpApiBuilder.group(Api, "debug", (handlers) =>
  Effect.gen(function* () {
    const settings = yield* ServiceSettings
    const cells = yield* CellStore
    return handlers.handle("runCounts", ({ urlParams }) =>
      Effect.gen(function* () {
        if (!settings.debugEndpoints)
          return yield* Effect.fail(new NotFound({ detail: "debug endpoints are off (serve --debug-endpoints)" }))
        const user = yield* CurrentUser
        return yield* cells.runCounts(user.organizationIds, urlParams.ai_table_id)
      })
    )
  })
)
