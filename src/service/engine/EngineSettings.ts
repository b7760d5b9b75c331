import type { HttpClient } from "@effect/platform"
import { Config, Data, Effect, Either, Option, Redacted } from "effect"
import type { AnswerEngine } from "./AnswerEngine.js"
import { defaultSpread, type LatencyDistribution, latencyDistributions, makeLatencyEngine } from "./LatencyEngine.js"
import { makeOpenAiEngine } from "./OpenAiEngine.js"

/** Which answer engine the service runs, as chosen on the command line. */
export type EngineChoice =
  | { readonly name: "extractive" }
  | {
      readonly name: "latency"
      readonly latencyMs: number
      readonly distribution?: LatencyDistribution | undefined
      readonly spread?: number | undefined
    }
  | {
      readonly name: "openai"
      readonly baseUrl: string
      readonly model: string
      readonly apiKey?: Redacted.Redacted | undefined
    }

export interface EngineFlags {
  readonly engine?: string | undefined
  readonly latencyMs?: number | undefined
  readonly latencyDist?: string | undefined
  readonly latencySpread?: number | undefined
  readonly llmBaseUrl?: string | undefined
  readonly llmModel?: string | undefined
}

/** The engine flags do not make a usable choice; `reason` names the flag. */
class EngineChoiceInvalid extends Data.TaggedError("EngineChoiceInvalid")<{ readonly reason: string }> {
  override get message() {
    return this.reason
  }
}

const engineNames = ["extractive", "latency", "openai"] as const

/** Environment variable holding the model API key; read here only, kept `Redacted` from then on. */
const apiKeyVariable = "DOCSWEEP_LLM_API_KEY"

const invalid = (reason: string) => Either.left(new EngineChoiceInvalid({ reason }))

const present = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim()
  return trimmed === undefined || trimmed === "" ? undefined : trimmed
}

const hasCredentials = (value: string): boolean =>
  URL.canParse(value) && (new URL(value).username !== "" || new URL(value).password !== "")

const isHttpUrl = (value: string): boolean => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value)

/**
 * Decodes `--engine` and its companion flags. The default engine is `extractive`; `latency` defaults to 0 ms;
 * `openai` needs `--llm-base-url` and `--llm-model`, and takes its key from `DOCSWEEP_LLM_API_KEY` (read through
 * `Config`) when it is set.
 */
export const engineChoice = (flags: EngineFlags): Effect.Effect<EngineChoice, EngineChoiceInvalid> =>
  Effect.flatMap(Effect.orElseSucceed(Config.option(Config.redacted(apiKeyVariable)), Option.none), (key) =>
    parseEngineChoice(flags, Option.getOrUndefined(key))
  )

const parseEngineChoice = (
  flags: EngineFlags,
  apiKey: Redacted.Redacted | undefined
): Either.Either<EngineChoice, EngineChoiceInvalid> => {
  const engine = present(flags.engine) ?? "extractive"
  switch (engine) {
    case "extractive":
      return Either.right({ name: "extractive" })
    case "latency": {
      const latencyMs = flags.latencyMs ?? 0
      const distribution = present(flags.latencyDist) ?? "fixed"
      const spread = flags.latencySpread ?? defaultSpread
      if (!Number.isFinite(latencyMs) || latencyMs < 0)
        return invalid(`--latency-ms must be a number of milliseconds >= 0, got ${latencyMs}`)
      if (!isDistribution(distribution))
        return invalid(`--latency-dist must be one of ${latencyDistributions.join(", ")}, got "${distribution}"`)
      if (!Number.isFinite(spread) || spread < 0) return invalid(`--latency-spread must be >= 0, got ${spread}`)
      return Either.right({ name: "latency", latencyMs, distribution, spread })
    }
    case "openai": {
      const baseUrl = present(flags.llmBaseUrl)
      const model = present(flags.llmModel)
      if (baseUrl === undefined) return invalid("--engine openai needs --llm-base-url (e.g. http://127.0.0.1:11434/v1)")
      if (hasCredentials(baseUrl))
        return invalid("--llm-base-url must not carry a user name or password; the key goes in DOCSWEEP_LLM_API_KEY")
      if (!isHttpUrl(baseUrl)) return invalid(`--llm-base-url must be an http(s) URL, got "${baseUrl}"`)
      if (model === undefined) return invalid("--engine openai needs --llm-model")
      const key = present(apiKey === undefined ? undefined : Redacted.value(apiKey))
      return Either.right({
        name: "openai",
        baseUrl,
        model,
        apiKey: key === undefined ? undefined : Redacted.make(key)
      })
    }
    default:
      return invalid(`unknown --engine "${engine}"; expected one of ${engineNames.join(", ")}`)
  }
}

// Loaded on first use: runs on the latency or openai engine never load the ranking index.
const loadExtractiveEngine = Effect.promise(() => import("./ExtractiveEngine.js")).pipe(
  Effect.map((module) => module.makeExtractiveEngine())
)

const isDistribution = (name: string): name is LatencyDistribution =>
  (latencyDistributions as ReadonlyArray<string>).includes(name)

/** Builds the chosen engine; only `openai` uses the HttpClient. `seed` makes the latency engine reproducible. */
export const makeEngine = (
  choice: EngineChoice,
  seed?: number
): Effect.Effect<AnswerEngine, never, HttpClient.HttpClient> => {
  switch (choice.name) {
    case "extractive":
      return loadExtractiveEngine
    case "latency":
      return Effect.succeed(
        makeLatencyEngine({
          latencyMs: choice.latencyMs,
          distribution: choice.distribution,
          spread: choice.spread,
          seed
        })
      )
    case "openai":
      return makeOpenAiEngine({ baseUrl: choice.baseUrl, model: choice.model, apiKey: choice.apiKey })
  }
}
