import { Effect } from "effect"
import type { AnswerEngine } from "./engine/AnswerEngine.js"
import { makeEngine } from "./engine/EngineSettings.js"
import { ServiceSettings } from "./ServiceSettings.js"

/** The engine that writes answers: the one `--engine` chose, unless the settings hand one in. */
export class ServiceEngine extends Effect.Service<ServiceEngine>()("app/service/ServiceEngine", {
  effect: Effect.gen(function* () {
    const settings = yield* ServiceSettings
    const engine: AnswerEngine = settings.answerEngine ?? (yield* makeEngine(settings.engine, settings.seed))
    yield* Effect.logDebug(`answer engine: ${engine.name}`)
    return { engine } as const
  })
}) {}
