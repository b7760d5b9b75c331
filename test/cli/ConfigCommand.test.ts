import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { allOutput, makeWorkspace, runCli } from "./CliHarness.js"

interface Entry {
  readonly key: string
  readonly value: unknown
  readonly source: string
}

describe.concurrent("docsweep config", () => {
  // It took none of them: what a cron job's `run --token-file … --base-url …` would use could not be shown.
  it.scopedLive("shows what run's flags make of the pipeline, each from its flag, the token never", () =>
    Effect.gen(function* () {
      const ws = yield* makeWorkspace({ name: "config-flags", count: 1 })
      writeFileSync(join(ws.dir, "token"), "file-s3cret\n")
      const env = { DOCSWEEP_BASE_URL: "http://127.0.0.1:9", DOCSWEEP_USER_ID: "5", DOCSWEEP_TOKEN: "env-s3cret" }
      const flags = ["--base-url", "http://127.0.0.1:8", "--token-file", "token", "--user-id", "7", "--org-id", "3"]
      const result = yield* runCli(["config", ws.pipeline, ...flags, "--concurrency", "4", "--json"], {
        cwd: ws.dir,
        env
      })
      assert.strictEqual(result.code, 0, allOutput(result))
      assert.notInclude(allOutput(result), "s3cret")
      const entries = new Map((JSON.parse(result.stdout) as Array<Entry>).map((entry) => [entry.key, entry]))
      const shown = (key: string) => [entries.get(key)?.value, entries.get(key)?.source]
      assert.deepStrictEqual(shown("base_url"), ["http://127.0.0.1:8", "flag"])
      assert.deepStrictEqual(shown("token"), ["<redacted>", "flag"])
      assert.deepStrictEqual(shown("user_id"), [7, "flag"])
      assert.deepStrictEqual(shown("workspace"), [3, "flag"])
      assert.deepStrictEqual(shown("run.concurrency"), [4, "flag"])

      const missing = yield* runCli(["config", ws.pipeline, "--token-file", "nope"], { cwd: ws.dir })
      assert.strictEqual(missing.code, 2, allOutput(missing))
      assert.include(missing.stderr, "--token-file: cannot use nope: no such file or directory")
    })
  )
})
