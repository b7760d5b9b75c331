import { NodeHttpClient } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Effect, Either, Redacted } from "effect"
import { type EngineFlags, engineChoice, makeEngine } from "../../src/service/engine/EngineSettings.js"

/** The engine the flags choose, the environment given as the Config provider the CLI reads it through. */
const parseEngineChoice = (flags: EngineFlags, env: Record<string, string>) =>
  Effect.runSync(
    Effect.either(engineChoice(flags)).pipe(
      Effect.withConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env))))
    )
  )

const reasonOf = <A>(result: Either.Either<A, { reason: string }>) =>
  Either.match(result, { onLeft: (error) => error.reason, onRight: () => assert.fail("expected an invalid choice") })

describe("EngineSettings", () => {
  it("defaults to extractive and latency to 0 ms", () => {
    assert.deepStrictEqual(parseEngineChoice({}, {}), Either.right({ name: "extractive" }))
    assert.deepStrictEqual(
      parseEngineChoice({ engine: "latency" }, {}),
      Either.right({ name: "latency", latencyMs: 0, distribution: "fixed", spread: 0.5 })
    )
    assert.deepStrictEqual(
      parseEngineChoice({ engine: "latency", latencyMs: 250 }, {}),
      Either.right({ name: "latency", latencyMs: 250, distribution: "fixed", spread: 0.5 })
    )
  })

  it("openai needs a base URL and a model, and takes the key from DOCSWEEP_LLM_API_KEY as Redacted", () => {
    assert.strictEqual(
      reasonOf(parseEngineChoice({ engine: "openai", llmModel: "m" }, {})),
      "--engine openai needs --llm-base-url (e.g. http://127.0.0.1:11434/v1)"
    )
    assert.strictEqual(
      reasonOf(parseEngineChoice({ engine: "openai", llmBaseUrl: "http://localhost:8000/v1" }, {})),
      "--engine openai needs --llm-model"
    )
    assert.match(reasonOf(parseEngineChoice({ engine: "openai", llmBaseUrl: "localhost", llmModel: "m" }, {})), /http/)
    const flags = { engine: "openai", llmBaseUrl: "https://api.example.com/v1", llmModel: "gpt-x" }
    const choice = Either.getOrThrow(parseEngineChoice(flags, { DOCSWEEP_LLM_API_KEY: "sk-secret" }))
    assert.strictEqual(choice.name, "openai")
    if (choice.name !== "openai") return
    assert.strictEqual(choice.baseUrl, "https://api.example.com/v1")
    assert.isTrue(choice.apiKey !== undefined && Redacted.isRedacted(choice.apiKey))
    assert.notInclude(String(choice.apiKey), "sk-secret")
    assert.strictEqual(choice.apiKey && Redacted.value(choice.apiKey), "sk-secret")
    const keyless = Either.getOrThrow(parseEngineChoice(flags, { DOCSWEEP_LLM_API_KEY: "" }))
    assert.isTrue(keyless.name === "openai" && keyless.apiKey === undefined)
  })

  it("rejects unknown engines and bad latencies by flag name", () => {
    assert.strictEqual(
      reasonOf(parseEngineChoice({ engine: "gpt" }, {})),
      'unknown --engine "gpt"; expected one of extractive, latency, openai'
    )
    assert.match(reasonOf(parseEngineChoice({ engine: "latency", latencyMs: -1 }, {})), /^--latency-ms /)
    assert.match(
      reasonOf(parseEngineChoice({ engine: "latency", latencyMs: 5, latencyDist: "gamma" }, {})),
      /^--latency-dist must be one of fixed, exponential, lognormal, got "gamma"/
    )
  })

  it.effect("makeEngine builds the latency and openai engines", () =>
    Effect.gen(function* () {
      const latency = yield* makeEngine({ name: "latency", latencyMs: 0 })
      assert.strictEqual(latency.name, "latency")
      const openai = yield* makeEngine({ name: "openai", baseUrl: "http://127.0.0.1:1/v1", model: "m" })
      assert.strictEqual(openai.name, "openai")
    }).pipe(Effect.provide(NodeHttpClient.layer))
  )
})
