import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Duration, Effect, Option, Redacted } from "effect"
import { OrganizationId, UserId } from "../../src/api/Ids.js"
import { type ConfigEntry, type ConfigFlags, renderSources, resolveConfig } from "../../src/pipeline/EffectiveConfig.js"
import { loadFrom } from "./loadFrom.js"
import { yaml } from "./TempDir.js"

const pipelineText = yaml(
  "name: t",
  "workspace: 10",
  "user_id: 20",
  "documents:",
  "  - ids: [1]",
  "columns:",
  "  - { name: A, query: q }",
  "run:",
  "  concurrency: 4"
)

/** The pipeline above (and `files` beside it) resolved with `env` as the environment and `flags` as the flags. */
const resolved = (env: Record<string, string>, flags: ConfigFlags = {}, files: Record<string, string> = {}) =>
  Effect.gen(function* () {
    const { dir, loaded } = yield* loadFrom({ "p.yaml": pipelineText, ...files })
    const provider = ConfigProvider.fromMap(new Map(Object.entries(env)))
    const config = yield* resolveConfig({ loaded, flags, cwd: dir }).pipe(Effect.withConfigProvider(provider))
    return { dir, config }
  })

/** Settings that cannot be used, and the message that names each of them, one line each. */
const refused: ReadonlyArray<{
  readonly name: string
  readonly env: Record<string, string>
  readonly flags: ConfigFlags
  readonly files: Record<string, string>
  readonly messages: ReadonlyArray<string>
}> = [
  {
    name: "reports every unusable variable and flag, naming it",
    env: { DOCSWEEP_USER_ID: "bob", DOCSWEEP_ORG_ID: "0", DOCSWEEP_BASE_URL: "localhost:8080" },
    flags: { concurrency: 0, deadline: "soon", tokenFile: "nope", visibility: "all" },
    files: {},
    messages: [
      'DOCSWEEP_BASE_URL: expected an http(s) URL, got "localhost:8080"',
      'DOCSWEEP_USER_ID: expected a user id (a positive 32-bit integer), got "bob"',
      "DOCSWEEP_ORG_ID: expected an organization id (a positive 32-bit integer), got 0",
      '--concurrency: expected "auto" or a positive integer, got 0',
      '--deadline: expected a duration like 500ms, 2s, 10m or 1h30m, got "soon"',
      '--visibility: expected "private" or "shared", got "all"',
      "--token-file: cannot use nope: no such file or directory"
    ]
  },
  {
    name: "an empty token file is an error",
    env: {},
    flags: { tokenFile: "tok" },
    files: { tok: "\n" },
    messages: ["--token-file: cannot use tok: is empty"]
  },
  {
    // An HTTP header cannot carry these: sent, the request threw a TypeError and the run ended as an internal error.
    name: "a token that is not one line of printable ASCII is refused without showing it",
    env: {},
    flags: { tokenFile: "tok" },
    files: { tok: "file-s3cret\nsecond-line\n" },
    messages: [
      "--token-file: cannot use tok: the token has a line break (character 12 of 23); it must be one line of printable ASCII"
    ]
  },
  {
    name: "so is such a token in DOCSWEEP_TOKEN",
    env: { DOCSWEEP_TOKEN: "env-s3cret\u0007" },
    flags: {},
    files: {},
    messages: [
      "DOCSWEEP_TOKEN: the token has a character an HTTP header cannot carry (character 11 of 11); it must be one line of printable ASCII"
    ]
  },
  {
    name: "a token with a letter outside ASCII (or a byte that is not UTF-8) is refused",
    env: {},
    flags: { tokenFile: "tok" },
    files: { tok: "s3cr\u00e9t" },
    messages: [
      "--token-file: cannot use tok: the token has a character an HTTP header cannot carry (character 5 of 6); it must be one line of printable ASCII"
    ]
  },
  {
    // It was named --output-dir, a flag no command takes.
    name: "an empty --output is named as the flag that is typed",
    env: {},
    flags: { outputDir: "" },
    files: {},
    messages: ['--output: expected non-empty text, got ""']
  },
  {
    // `--token-file` with no value read the working directory: "cannot use : is a directory".
    name: "a --token-file without a file name says so",
    env: {},
    flags: { tokenFile: "" },
    files: {},
    messages: ['--token-file: expected a file name, got ""']
  },
  {
    // It was read whole: `--token-file /dev/zero` filled memory until the process died.
    name: "a token file that never ends is refused, not read",
    env: {},
    flags: { tokenFile: "/dev/zero" },
    files: {},
    messages: [
      "--token-file: cannot use /dev/zero: is larger than 64 KiB, far more than a token; it was not read (is it the right file?)"
    ]
  }
]

const entry = (sources: ReadonlyArray<ConfigEntry>, key: string) => sources.find((s) => s.key === key)

describe("resolveConfig", () => {
  it("an unset user or workspace on the embedded service is the one it runs as", () => {
    const unset = (key: string): ConfigEntry => ({ key, value: undefined, source: "default" })
    const embedded = renderSources([unset("base_url"), unset("user_id"), unset("workspace")])
    assert.match(embedded, /^user_id\s+= \(not set: 1 on the embedded service\) {2}\(default\)$/m)
    assert.match(embedded, /^workspace\s+= \(not set: 1 on the embedded service\) {2}\(default\)$/m)
    const remote = renderSources([
      { key: "base_url", value: "https://docs.example.com", source: "environment" },
      unset("user_id")
    ])
    assert.match(remote, /^user_id\s+= \(not set\) {2}\(default\)$/m)
  })

  it.scoped("without environment or flags the pipeline stands, with provenance", () =>
    Effect.gen(function* () {
      const { config } = yield* resolved({})
      assert.strictEqual(config.pipeline.run.concurrency, 4)
      assert.deepStrictEqual(config.service, { userId: UserId.make(20), orgId: OrganizationId.make(10) })
      assert.deepStrictEqual(entry(config.sources, "run.concurrency"), {
        key: "run.concurrency",
        value: 4,
        source: "pipeline"
      })
      assert.deepStrictEqual(entry(config.sources, "run.max_concurrency"), {
        key: "run.max_concurrency",
        value: 1000,
        source: "config/default.yaml"
      })
      assert.deepStrictEqual(entry(config.sources, "run.retry.base_delay"), {
        key: "run.retry.base_delay",
        value: "500ms",
        source: "config/default.yaml"
      })
      assert.deepStrictEqual(entry(config.sources, "output.dir")?.source, "default")
      assert.deepStrictEqual(entry(config.sources, "token"), { key: "token", value: undefined, source: "default" })
      assert.deepStrictEqual(entry(config.sources, "base_url"), {
        key: "base_url",
        value: undefined,
        source: "default"
      })
      // "(not set)" alone left a cron job's missing DOCSWEEP_BASE_URL to be guessed at: it runs on the embedded service.
      assert.match(
        renderSources(config.sources),
        /^base_url\s+= \(not set: the embedded local service\) {2}\(default\)$/m
      )
      // Nor was a run on it short of a token: it issues its own.
      assert.match(
        renderSources(config.sources),
        /^token\s+= \(not set: the embedded service issues its own\) {2}\(default\)$/m
      )
      // run.deadline, unset, was listed last, after the output settings.
      const keys = config.sources.map((source) => source.key)
      assert.isBelow(keys.indexOf("run.deadline"), keys.indexOf("output.dir"))
    })
  )

  it.scoped("environment beats the pipeline, flags beat the environment", () =>
    Effect.gen(function* () {
      const env = { DOCSWEEP_USER_ID: "21", DOCSWEEP_ORG_ID: "11", DOCSWEEP_BASE_URL: "http://env.example" }
      const { dir, config } = yield* resolved(env, {
        orgId: 12,
        concurrency: 9,
        batchSize: 5,
        deadline: "15m",
        visibility: "shared",
        outputDir: "out/here",
        formats: ["csv"]
      })
      assert.deepStrictEqual(config.service, {
        baseUrl: "http://env.example",
        userId: UserId.make(21),
        orgId: OrganizationId.make(12)
      })
      assert.strictEqual(config.pipeline.user_id, 21)
      assert.strictEqual(config.pipeline.workspace, 12)
      assert.strictEqual(config.pipeline.base_url, "http://env.example")
      assert.strictEqual(config.pipeline.visibility, "shared")
      assert.strictEqual(config.pipeline.run.concurrency, 9)
      assert.strictEqual(config.pipeline.run.batch_size, 5)
      assert.deepStrictEqual(Option.map(config.pipeline.run.deadline, Duration.toMinutes), Option.some(15))
      assert.strictEqual(config.pipeline.output.dir, join(dir, "out", "here"))
      assert.deepStrictEqual(config.pipeline.output.formats, ["csv"])
      const sourceOf = (key: string) => entry(config.sources, key)?.source
      assert.deepStrictEqual(
        ["user_id", "workspace", "base_url", "run.concurrency", "run.deadline", "output.dir", "name"].map(sourceOf),
        ["environment", "flag", "environment", "flag", "flag", "flag", "pipeline"]
      )
      assert.deepStrictEqual(entry(config.sources, "run.deadline")?.value, "15m")
      // With a service named, a missing token is just that.
      assert.match(renderSources(config.sources), /^token\s+= \(not set\) {2}\(default\)$/m)
    })
  )

  it.scoped("the token is redacted everywhere and --token-file beats DOCSWEEP_TOKEN", () =>
    Effect.gen(function* () {
      const { config: fromEnv } = yield* resolved({ DOCSWEEP_TOKEN: "env-secret" })
      assert.isTrue(fromEnv.service.token !== undefined && Redacted.value(fromEnv.service.token) === "env-secret")
      assert.deepStrictEqual(entry(fromEnv.sources, "token"), {
        key: "token",
        value: "<redacted>",
        source: "environment"
      })

      // The variable it overrides is not judged: a stale one with a stray control character stops nothing.
      const { config: fromFile } = yield* resolved(
        { DOCSWEEP_TOKEN: "env-secret\u0007" },
        { tokenFile: "tok" },
        { tok: "  file-secret\n" }
      )
      assert.strictEqual(fromFile.service.token && Redacted.value(fromFile.service.token), "file-secret")
      // An editor's byte-order mark is not part of the token.
      const { config: withMark } = yield* resolved({}, { tokenFile: "tok" }, { tok: "\uFEFFfile-secret\r\n" })
      assert.strictEqual(withMark.service.token && Redacted.value(withMark.service.token), "file-secret")
      assert.strictEqual(entry(fromFile.sources, "token")?.source, "flag")
      const printed = [renderSources(fromFile.sources), JSON.stringify(fromFile), String(fromFile.service.token)].join()
      assert.notInclude(printed, "secret")
      assert.include(renderSources(fromFile.sources), "token")
      assert.include(renderSources(fromFile.sources), "= <redacted>  (flag)")
    })
  )

  it.scoped("blank variables count as unset", () =>
    Effect.gen(function* () {
      const { config } = yield* resolved({ DOCSWEEP_USER_ID: "  ", DOCSWEEP_TOKEN: "" })
      assert.deepStrictEqual(config.service, { userId: UserId.make(20), orgId: OrganizationId.make(10) })
    })
  )

  for (const c of refused) {
    it.scoped(c.name, () =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(resolved(c.env, c.flags, c.files))
        assert.strictEqual(error._tag, "ConfigInvalid")
        assert.deepStrictEqual(error.message.split("\n"), c.messages)
      })
    )
  }
})
