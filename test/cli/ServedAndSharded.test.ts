import { randomUUID } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { hostname } from "node:os"
import { join } from "node:path"
import { assert, describe, it, layer } from "@effect/vitest"
import { Effect } from "effect"
import { assertShardPartition, findInFiles, jsonLines, readCsv, resultRows } from "./CliChecks.js"
import {
  allOutput,
  closedPort,
  listFiles,
  makeWorkspace,
  runCli,
  runShardsAndWhole,
  shardDirs,
  tempDir
} from "./CliHarness.js"
import { mintToken, startServe } from "./ServeChild.js"

/** `docsweep serve` as a child process, and a token it accepts (user 1 of workspace 1), also in a file. */
class Served extends Effect.Service<Served>()("test/cli/Served", {
  scoped: Effect.gen(function* () {
    const dir = yield* tempDir
    const data = join(dir, "data")
    const env = { DOCSWEEP_JWT_SECRET: `cli-test-${randomUUID()}` }
    const [{ serve, baseUrl }, token] = yield* Effect.all(
      [startServe({ data, env }), mintToken(data, { user: 1, org: 1 }, { env })],
      { concurrency: 2 }
    )
    const tokenFile = join(dir, "token")
    writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 })
    /** What the service has printed so far. */
    const output = () => {
      const printed = serve.output()
      return `${printed.stdout}\n${printed.stderr}`
    }
    return { baseUrl, token, tokenFile, output } as const
  }).pipe(Effect.orDie)
}) {}

/** A pipeline lock held by a live process (this one), as a run on this host writes it. */
const liveLock = () => {
  const now = new Date().toISOString()
  return JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: now, heartbeatAt: now, argv: [] })
}

/** Run flags for a service at `baseUrl` with the token in `tokenFile`, as user 1 of workspace 1. */
const serviceFlags = (baseUrl: string, tokenFile: string) => [
  ...["--base-url", baseUrl, "--token-file", tokenFile],
  ...["--user-id", "1", "--org-id", "1"]
]

// `it.scoped` gets the shared service; the test services (TestClock) are left out: these tests run real processes.
describe.concurrent("docsweep against `docsweep serve`, an unreachable service and in shards", () => {
  layer(Served.Default, { excludeTestServices: true })("served", (it) => {
    it.scoped("the token never appears in any output, the checkpoint or a report; config shows it <redacted>", () =>
      Effect.gen(function* () {
        const served = yield* Served
        const ws = yield* makeWorkspace({ name: "cli-served" })
        const [run, config] = yield* Effect.all(
          [
            runCli(
              [
                "run",
                ws.pipeline,
                "--output",
                ws.out,
                ...serviceFlags(served.baseUrl, served.tokenFile),
                "--log-format",
                "json",
                "--verbose",
                "--progress-interval",
                "100ms",
                "--summary-json",
                ws.summaryFile
              ],
              { cwd: ws.dir }
            ),
            runCli(["config", ws.pipeline, "--output", ws.out], {
              cwd: ws.dir,
              env: { DOCSWEEP_TOKEN: served.token, DOCSWEEP_USER_ID: "7", DOCSWEEP_BASE_URL: served.baseUrl }
            })
          ],
          { concurrency: 2 }
        )
        assert.strictEqual(run.code, 0, allOutput(run))
        assert.strictEqual(readCsv(join(ws.out, "cli-served-latest-results.csv")).length, 12)
        const logLines = run.stderr.split("\n").filter((line) => line !== "")
        assert.isTrue(
          logLines.some((line) => line.includes('"level":"debug"')),
          "--verbose adds debug lines"
        )
        for (const line of logLines) assert.doesNotThrow(() => JSON.parse(line), undefined, undefined, line)

        assert.strictEqual(config.code, 0, allOutput(config))
        for (const line of [
          /^name\s+= "cli-served"\s+\(pipeline\)$/m,
          /^token\s+= <redacted>\s+\(environment\)$/m,
          /^user_id\s+= 7\s+\(environment\)$/m,
          new RegExp(`^base_url\\s+= "${served.baseUrl}"\\s+\\(environment\\)$`, "m"),
          new RegExp(`^output\\.dir\\s+= "${ws.out}"\\s+\\(flag\\)$`, "m"),
          /^run\.concurrency\s+= 8\s+\(pipeline\)$/m,
          /^run\.poll\.interval\s+= "50ms"\s+\(pipeline\)$/m,
          /^run\.max_concurrency\s+= 1000\s+\(config\/default\.yaml\)$/m,
          /^visibility\s+= "private"\s+\(config\/default\.yaml\)$/m
        ]) {
          assert.match(config.stdout, line)
        }

        // The whole token and its signature alone: in no output, nor anywhere under the workspace (checkpoint,
        // every report, unpacked xlsx entries, the summary).
        const signature = served.token.split(".")[2] ?? served.token
        assert.include(listFiles(ws.out), "state.sqlite")
        for (const needle of [served.token, signature]) {
          assert.notInclude(allOutput(run), needle)
          assert.notInclude(allOutput(config), needle)
          assert.notInclude(served.output(), needle)
          assert.deepStrictEqual(findInFiles(ws.dir, needle), [])
        }
      })
    )

    it.scoped("a token the service refuses ends the run with exit 4, and is not repeated anywhere", () =>
      Effect.gen(function* () {
        const served = yield* Served
        const ws = yield* makeWorkspace({ name: "cli-refused" })
        const garbage = `garbage-${randomUUID()}`
        const tokenFile = join(ws.dir, "bad-token")
        writeFileSync(tokenFile, garbage)
        const run = yield* runCli(
          ["run", ws.pipeline, "--output", ws.out, ...serviceFlags(served.baseUrl, tokenFile), "--log-format", "json"],
          { cwd: ws.dir }
        )
        assert.strictEqual(run.code, 4, allOutput(run))
        // JSON on both streams; the refusal's reason is in the summary object.
        const records = jsonLines(allOutput(run))
        const summary = records.find((record) => record.outcome !== undefined)
        assert.strictEqual(summary?.outcome, "refused")
        assert.match(String(summary?.note), /401|unauthori[sz]ed/i)
        // Refused before any work: no report set (it would push a real one out of `keep`).
        assert.deepStrictEqual(summary?.reports, [])
        assert.deepStrictEqual(
          listFiles(ws.out).filter((file) => /\.(xlsx|csv)$/.test(file)),
          []
        )
        assert.notInclude(allOutput(run), garbage)
        assert.notInclude(served.output(), garbage)
        assert.deepStrictEqual(findInFiles(ws.out, garbage), [])
      })
    )

    it.scoped("a service nothing answers for ends the run with exit 5 once the retries are spent", () =>
      Effect.gen(function* () {
        const ws = yield* makeWorkspace({
          name: "cli-unreachable",
          run: "retry: { attempts: 2, base_delay: 50ms, max_delay: 100ms }"
        })
        const port = yield* closedPort
        const tokenFile = join(ws.dir, "token")
        writeFileSync(tokenFile, "any-token")
        const run = yield* runCli(
          ["run", ws.pipeline, "--output", ws.out, ...serviceFlags(`http://127.0.0.1:${port}`, tokenFile)],
          { cwd: ws.dir, timeout: "30 seconds" }
        )
        assert.strictEqual(run.code, 5, allOutput(run))
        assert.match(run.stdout, /service-unavailable/)
        assert.include(allOutput(run), "connection refused")
      })
    )

    it.scoped("shards against one service cover every document once; merge reproduces the unsharded report", () =>
      Effect.gen(function* () {
        const served = yield* Served
        const ws = yield* makeWorkspace({ name: "cli-shards-served" })
        const runs = yield* runShardsAndWhole(ws, [...serviceFlags(served.baseUrl, served.tokenFile), "--quiet"])
        for (const run of runs) assert.strictEqual(run.code, 0, allOutput(run))
        assertShardPartition(ws)
        const merged = join(ws.dir, "merged")
        const merge = yield* runCli(["merge", ...shardDirs(ws), "--out", merged], { cwd: ws.dir })
        assert.strictEqual(merge.code, 0, allOutput(merge))
        assert.deepStrictEqual(
          resultRows(join(merged, "cli-shards-served-latest-results.csv")),
          resultRows(join(ws.dir, "whole", "cli-shards-served-latest-results.csv"))
        )
      })
    )
  })

  // Each shard run starts its own embedded service (own data dir, own document ids), so documents are compared by
  // file name. The extractive engine answers from the text alone, the same in every service.
  it.scopedLive("shards cover every document exactly once; merge reproduces the unsharded report", () =>
    Effect.gen(function* () {
      const ws = yield* makeWorkspace({ name: "cli-shards" })
      const runs = yield* runShardsAndWhole(ws, ["--engine", "extractive", "--quiet"])
      for (const run of runs) assert.strictEqual(run.code, 0, allOutput(run))
      assertShardPartition(ws)
      // Refused before anything is written, exit 2: a shard missing from the split; exit 75: the target locked by a
      // run of the pipeline (the merge would replace its checkpoint under it).
      const [first, second] = shardDirs(ws)
      const elsewhere = join(ws.dir, "elsewhere")
      const partial = yield* runCli(["merge", String(first), String(second), "--out", elsewhere], { cwd: ws.dir })
      assert.strictEqual(partial.code, 2, allOutput(partial))
      assert.include(partial.stderr, "Shard 3/3 of the split is not given")
      assert.isFalse(existsSync(elsewhere), "a refused merge writes nothing")
      const merged = join(ws.dir, "output", "cli-shards")
      mkdirSync(merged, { recursive: true })
      writeFileSync(join(merged, "state.lock"), liveLock())
      const locked = yield* runCli(["merge", ...shardDirs(ws), "--pipeline", ws.pipeline], { cwd: ws.dir })
      assert.strictEqual(locked.code, 75, allOutput(locked))
      assert.include(locked.stderr, `locked by process ${process.pid}`)
      assert.isFalse(existsSync(join(merged, "state.sqlite")), "a refused merge writes nothing")
      rmSync(join(merged, "state.lock"))

      // Into the pipeline's own output dir: later runs of the pipeline go on from the merged checkpoint.
      const merge = yield* runCli(["merge", ...shardDirs(ws), "--pipeline", ws.pipeline], { cwd: ws.dir })
      assert.strictEqual(merge.code, 0, allOutput(merge))
      assert.deepStrictEqual(
        resultRows(join(merged, "cli-shards-latest-results.csv")),
        resultRows(join(ws.dir, "whole", "cli-shards-latest-results.csv"))
      )

      // The merged checkpoint runs: a dry run plans only the new document, the run asks only it, --fresh recovers.
      writeFileSync(join(ws.dir, "docs", "doc-13.txt"), "This agreement is governed by the laws of Utopia.\n")
      const later = (...extra: ReadonlyArray<string>) =>
        runCli(["run", ws.pipeline, "--quiet", "--summary-json", ws.summaryFile, ...extra], { cwd: ws.dir })
      const answered = () => (JSON.parse(readFileSync(ws.summaryFile, "utf8")) as { answered: number }).answered
      const dry = yield* later("--dry-run")
      assert.strictEqual(dry.code, 0, allOutput(dry))
      assert.match(dry.stdout, /already answered \(skipped\)\s+24/)
      assert.match(dry.stdout, /pairs to run\s+2$/m)
      for (const [extra, asked] of [
        [[], 2],
        [[], 0],
        [["--fresh"], 26]
      ] as const) {
        const next = yield* later(...extra)
        assert.strictEqual(next.code, 0, allOutput(next))
        assert.strictEqual(answered(), asked, `run ${extra.join(" ")}: ${next.stdout}`)
      }
    })
  )
})
