import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { allOutput, latencyRun, makeWorkspace, runCli } from "./CliHarness.js"

/** What a cron job's environment may still hold long after the service it named has moved on. */
const staleServiceVariables = {
  DOCSWEEP_BASE_URL: "cite.example.org",
  DOCSWEEP_USER_ID: "bob",
  DOCSWEEP_ORG_ID: "0",
  DOCSWEEP_TOKEN: "s3cret-line-one\nline-two"
}

describe.concurrent("the commands that only read a checkpoint", () => {
  // Each was refused (exit 2) for a variable it never uses: a stale DOCSWEEP_USER_ID blocked reading a checkpoint.
  it.scopedLive("status, diff and export ignore service variables they never use", () =>
    Effect.gen(function* () {
      const ws = yield* makeWorkspace({ name: "stale-env", count: 2 })
      for (let run = 0; run < 2; run++) {
        const result = yield* runCli(latencyRun(ws, 1), { cwd: ws.dir })
        assert.strictEqual(result.code, 0, allOutput(result))
      }
      const env = staleServiceVariables
      for (const args of [
        ["status", ws.pipeline, "--output", ws.out],
        ["diff", ws.pipeline, "--output", ws.out],
        ["export", ws.pipeline, "--output", ws.out, "--format", "csv"]
      ]) {
        const result = yield* runCli(args, { cwd: ws.dir, env })
        assert.strictEqual(result.code, 0, `${args[0]}: ${allOutput(result)}`)
        assert.notInclude(allOutput(result), "s3cret", args[0])
      }
      // config shows what a run would use, so it still names each variable that a run would refuse.
      const config = yield* runCli(["config", ws.pipeline], { cwd: ws.dir, env })
      assert.strictEqual(config.code, 2, allOutput(config))
      for (const name of Object.keys(env)) assert.include(config.stderr, name)
      assert.notInclude(allOutput(config), "s3cret")
    })
  )
})
