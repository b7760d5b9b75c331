import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { misbehavingService } from "../support/MisbehavingService.js"
import { findInFiles } from "./CliChecks.js"
import { allOutput, runCli, tempDir } from "./CliHarness.js"

const token = "secret-token-0123456789abcdef"

/** A pipeline of two documents × two columns against `baseUrl`, and the environment to run it. */
const setup = (baseUrl: string) =>
  Effect.gen(function* () {
    const dir = yield* tempDir
    const file = join(dir, "misbehaving.yaml")
    writeFileSync(
      file,
      [
        "name: misbehaving",
        "documents:",
        "  - ids: [11, 12]",
        "columns:",
        '  - { name: A, query: "What is A?" }',
        '  - { name: B, query: "What is B?" }',
        "run:",
        "  retry: { attempts: 3, base_delay: 50ms, max_delay: 1s }",
        "output:",
        `  dir: ${join(dir, "out")}`,
        ""
      ].join("\n")
    )
    const env = { DOCSWEEP_BASE_URL: baseUrl, DOCSWEEP_TOKEN: token, DOCSWEEP_USER_ID: "3", DOCSWEEP_ORG_ID: "7" }
    return { dir, file, env }
  })

describe("docsweep against a service that answers out of contract", () => {
  it.scopedLive("a Retry-After of years ends the run at once with exit 5, naming the request and the wait", () =>
    Effect.gen(function* () {
      for (const retryAfter of ["99999999", "Fri, 01 Jan 2100 00:00:00 GMT"]) {
        const service = yield* misbehavingService({
          onRun: () => ({ status: 429, headers: { "retry-after": retryAfter }, body: '{"detail":"slow down"}' })
        })
        const { env, file } = yield* setup(service.baseUrl)
        const started = Date.now()
        const run = yield* runCli(["run", file], { env, timeout: "30 seconds" })
        assert.strictEqual(run.code, 5, allOutput(run))
        assert.isBelow(Date.now() - started, 20_000)
        assert.match(run.stdout + run.stderr, /POST \/api\/ai\/table\/\d+\/run/)
        assert.match(run.stdout + run.stderr, /Retry-After asks to wait \d+/)
      }
    })
  )

  it.scopedLive("a service echoing the Authorization header: the token reaches no checkpoint, report or output", () =>
    Effect.gen(function* () {
      const service = yield* misbehavingService({
        answer: (documentId, _column, authorization) => `answer for ${documentId}, you sent ${authorization}`,
        failure: (documentId, _column, authorization) => (documentId === 12 ? `denied for ${authorization}` : undefined)
      })
      const { dir, env, file } = yield* setup(service.baseUrl)
      const run = yield* runCli(["run", file, "--verbose"], { env })
      assert.include([0, 3], run.code, allOutput(run))
      const status = yield* runCli(["status", file], { env })
      const exported = yield* runCli(["export", file, "--format", "xlsx,csv"], { env })
      for (const result of [run, status, exported]) assert.notInclude(allOutput(result), token)
      assert.deepStrictEqual(findInFiles(dir, token), [])
      // What the service said is kept, the token in it taken out.
      assert.isNotEmpty(findInFiles(dir, "you sent Bearer <redacted>"))
    })
  )

  it.scopedLive("credentials in a base URL are refused before anything runs, the password shown nowhere", () =>
    Effect.gen(function* () {
      const { dir, env, file } = yield* setup("http://127.0.0.1:9")
      const withUser = "http://analyst:hunter2-password@127.0.0.1:9/"
      const flagged = yield* runCli(["run", file, "--base-url", withUser], { env })
      assert.strictEqual(flagged.code, 2, allOutput(flagged))
      assert.include(allOutput(flagged), "without a user name or password")
      const viaEnv = yield* runCli(["run", file, "--verbose"], { env: { ...env, DOCSWEEP_BASE_URL: withUser } })
      assert.strictEqual(viaEnv.code, 2, allOutput(viaEnv))
      for (const result of [flagged, viaEnv]) assert.notInclude(allOutput(result), "hunter2")
      assert.deepStrictEqual(findInFiles(dir, "hunter2"), [])
    })
  )
})
