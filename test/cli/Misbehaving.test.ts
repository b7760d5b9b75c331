import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { misbehavingService } from "../support/MisbehavingService.js"
import { esc, findInFiles } from "./CliChecks.js"
import { allOutput, listFiles, runCli, tempDir } from "./CliHarness.js"
import { failFirstAnswer, setup, token } from "./MisbehavingRun.js"

describe("docsweep against a service that answers out of contract", () => {
  it.scopedLive(
    "re-runs that keep their task_id are told by the cell's other signs: each pair run twice, never thrice",
    () =>
      Effect.gen(function* () {
        // Each pair fails once, so it is run again (cell_retries); the re-run replies are dropped after the work.
        for (const dropped of [(n: number) => n === 2, (n: number) => n >= 2]) {
          const service = yield* misbehavingService({
            keepTaskId: true,
            failure: failFirstAnswer(),
            onRun: (n) => (dropped(n) ? "drop" : "ok")
          })
          const { env, file } = yield* setup(service.baseUrl, ["cell_retries: 1"])
          const run = yield* runCli(["run", file], { env })
          assert.strictEqual(run.code, 0, allOutput(run))
          assert.deepStrictEqual([...service.runs().values()], [2, 2, 2, 2], allOutput(run))
        }
      })
  )

  it.scopedLive(
    "a re-run nothing can tell apart is not sent blind: watched one cycle, then landed or failed with why",
    () =>
      Effect.gen(function* () {
        // The service keeps task_id and leaves the cell untouched until the re-run's answer is ready.
        const lost = yield* misbehavingService({
          keepTaskId: true,
          silentReruns: true,
          failure: failFirstAnswer(),
          onRun: (n) => (n >= 2 ? { status: 502, body: "bad gateway" } : "ok")
        })
        const first = yield* setup(lost.baseUrl, ["cell_retries: 1"])
        const run = yield* runCli(["run", first.file], { env: first.env })
        assert.strictEqual(run.code, 3, allOutput(run))
        assert.deepStrictEqual([...lost.runs().values()], [1, 1, 1, 1], allOutput(run))
        const status = yield* runCli(["status", first.file], { env: first.env })
        assert.include(allOutput(status), "not sent again: the reply to its re-run was lost", allOutput(status))

        // The same service, but the re-run was processed before its reply was dropped: its answer shows it landed.
        const landed = yield* misbehavingService({
          keepTaskId: true,
          silentReruns: true,
          latencyMs: 500,
          failure: failFirstAnswer(),
          onRun: (n) => (n >= 2 ? "drop" : "ok")
        })
        const second = yield* setup(landed.baseUrl, ["cell_retries: 1"])
        const again = yield* runCli(["run", second.file], { env: second.env })
        assert.strictEqual(again.code, 0, allOutput(again))
        assert.deepStrictEqual([...landed.runs().values()], [2, 2, 2, 2], allOutput(again))
      })
  )

  it.scopedLive("a slow service is polled a handful of times while its first answers come, not every few ms", () =>
    Effect.gen(function* () {
      // Four pairs (fewer than the starting window) whose answers take 2 s and show only `pending` meanwhile.
      const service = yield* misbehavingService({ latencyMs: 2000 })
      const { env, file } = yield* setup(service.baseUrl)
      const run = yield* runCli(["run", file], { env })
      assert.strictEqual(run.code, 0, allOutput(run))
      // 2 document reads, a table, 2 columns, a run request, then the polls: about a dozen, where a poll every
      // 10 ms until the answers came made two hundred.
      assert.isAtMost(service.requests(), 30, allOutput(run))
    })
  )

  it.scopedLive("a request with no reply ends after run.request_timeout, named, and is retried", () =>
    Effect.gen(function* () {
      // The first run request is never answered; the default minute would hold the run that long.
      const service = yield* misbehavingService({ onRun: (n) => (n === 1 ? "stall" : "ok") })
      const { env, file } = yield* setup(service.baseUrl, ["request_timeout: 1s"])
      const run = yield* runCli(["run", file, "--verbose"], { env, timeout: "40 seconds" })
      assert.strictEqual(run.code, 0, allOutput(run))
      assert.include(allOutput(run), "no complete reply within 1s (run.request_timeout)")
      assert.deepStrictEqual([...service.runs().values()], [1, 1, 1, 1])
    })
  )

  it.scopedLive("a Retry-After of years ends the run at once with exit 5, naming the request and the wait", () =>
    Effect.gen(function* () {
      for (const retryAfter of ["99999999", "Fri, 01 Jan 2100 00:00:00 GMT", `1${"0".repeat(300)}`]) {
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

  it.scopedLive(
    "credentials, a query or a fragment in a base URL are refused before anything runs, shown nowhere",
    () =>
      Effect.gen(function* () {
        const { dir, env, file } = yield* setup("http://127.0.0.1:9")
        for (const [url, refusal] of [
          ["http://analyst:hunter2-password@127.0.0.1:9/", "without a user name or password"],
          ["http://127.0.0.1:9/api?access_token=hunter2-query", "without a query or fragment"],
          ["http://127.0.0.1:9/#hunter2-fragment", "without a query or fragment"]
        ] as const) {
          const flagged = yield* runCli(["run", file, "--base-url", url], { env })
          assert.strictEqual(flagged.code, 2, allOutput(flagged))
          assert.include(allOutput(flagged), refusal)
          const viaEnv = yield* runCli(["run", file, "--verbose"], { env: { ...env, DOCSWEEP_BASE_URL: url } })
          assert.strictEqual(viaEnv.code, 2, allOutput(viaEnv))
          for (const result of [flagged, viaEnv]) assert.notInclude(allOutput(result), "hunter2")
        }
        assert.deepStrictEqual(findInFiles(dir, "hunter2"), [])
      })
  )

  it.scopedLive("escape sequences from the service or a file name reach no terminal, log or CSV raw", () =>
    Effect.gen(function* () {
      const hostile = `${esc}[2J${esc}]0;pwned${String.fromCharCode(7)}\nrun #1 completed (exit 0)`
      const forged = /^run #1 completed \(exit 0\)/m
      // A 400 whose detail clears the screen, retitles the window and forges a line of docsweep's.
      const rejecting = yield* misbehavingService({
        onRun: () => ({ status: 400, body: JSON.stringify({ detail: hostile }) })
      })
      const rejected = yield* setup(rejecting.baseUrl)
      const refused = yield* runCli(["run", rejected.file], { env: rejected.env })
      assert.strictEqual(refused.code, 2, allOutput(refused))
      // An answer that failed with the same text in meta.error: the run, status and the CSV report.
      const failing = yield* misbehavingService({ failure: () => hostile })
      const failed = yield* setup(failing.baseUrl)
      const run = yield* runCli(["run", failed.file], { env: failed.env })
      assert.strictEqual(run.code, 3, allOutput(run))
      const status = yield* runCli(["status", failed.file], { env: failed.env })
      assert.include(status.stdout, "\\x1b[2J")
      for (const result of [refused, run, status]) {
        assert.notInclude(allOutput(result), esc, "a raw escape reached the terminal")
        assert.notMatch(allOutput(result), forged)
      }
      // CSV keeps the data, the escape made visible: `cat report.csv` runs nothing.
      const reports = listFiles(failed.dir).filter((name) => name.endsWith("-cells.csv"))
      assert.isNotEmpty(reports)
      for (const file of reports) {
        const text = readFileSync(join(failed.dir, file), "utf8")
        assert.notInclude(text, esc, file)
        assert.include(text, "\\x1b[2J", file)
      }
      // A file named with an escape in it, on the embedded service.
      const named = yield* tempDir
      writeFileSync(join(named, `doc${esc}[31mred.txt`), "The parties are Acme and Globex.")
      writeFileSync(
        join(named, "files.yaml"),
        ["name: named", "documents:", "  - files: '*.txt'", "columns:", '  - { name: A, query: "Who?" }', ""].join("\n")
      )
      const local = yield* runCli(["run", join(named, "files.yaml"), "--verbose"], { cwd: named })
      assert.strictEqual(local.code, 0, allOutput(local))
      assert.notInclude(allOutput(local), esc)
    })
  )
})
