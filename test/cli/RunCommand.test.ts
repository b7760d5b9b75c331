import { createHash } from "node:crypto"
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { assertLiveDisplay, esc, findInFiles, jsonLines, readCheckpoint, readCsv, zipEntries } from "./CliChecks.js"
import {
  allOutput,
  hasScript,
  latencyRun,
  listFiles,
  makeWorkspace,
  runCli,
  startCli,
  tempDir,
  waitUntil
} from "./CliHarness.js"

/** A signed token (JWT) of any kind: the embedded service mints one per run; none may leave the process. */
const jwtPattern = /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/

const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex")

const malformed = [
  "name: broken",
  "documents:",
  "  - files: nothing/*.txt",
  "columns:",
  "  - name: Law",
  "  - name: law",
  "    query: Which law?",
  "run:",
  "  concurrency: -1",
  "  poll: { interval: soon }",
  ""
].join("\n")

const answered = (path: string) =>
  existsSync(path) ? readCheckpoint(path).cells.filter((cell) => cell.state === "success").length : 0

describe.concurrent("docsweep run", () => {
  it.scopedLive("validate reports every problem as FILE:LINE:COL, exits 2 and writes nothing", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      writeFileSync(join(dir, "broken.yaml"), malformed)
      const validate = yield* runCli(["validate", "broken.yaml"], { cwd: dir })
      assert.strictEqual(validate.code, 2, allOutput(validate))
      const lines = validate.stderr.trim().split("\n")
      assert.isAtLeast(lines.length, 4, validate.stderr)
      for (const line of lines) assert.match(line, /^broken\.yaml:\d+:\d+: \S/)
      assert.include(validate.stderr, 'broken.yaml:3:12: documents[0].files: "nothing/*.txt" matches no files')
      assert.include(validate.stderr, "broken.yaml:5:5: missing required key `query` in `columns[0]`")
      // A duplicate column name is reported in the same pass as the other columns' problems.
      assert.include(validate.stderr, 'broken.yaml:6:11: columns[1].name: duplicate column name "law" (first at #1)')
      assert.include(validate.stderr, "broken.yaml:9:16: run.concurrency")
      assert.include(validate.stderr, "broken.yaml:10:21: run.poll.interval")
      assert.strictEqual(validate.stdout, "")
      assert.deepStrictEqual(listFiles(dir), ["broken.yaml"])
    })
  )

  it.scopedLive(
    "run writes reports, JSON log lines and no terminal codes; export, dry-run and --max-cells on its checkpoint",
    () =>
      Effect.gen(function* () {
        const ws = yield* makeWorkspace({ name: "cli-run" })
        const flags = ["--log-format", "json", "--progress-interval", "100ms", "--summary-json", ws.summaryFile]
        const run = yield* runCli(latencyRun(ws, 60, ...flags), { cwd: ws.dir })
        assert.strictEqual(run.code, 0, allOutput(run))
        // --log-format json: the summary is one JSON object on stdout, with its counts and report paths.
        const stdoutLines = run.stdout.split("\n").filter((line) => line !== "")
        assert.strictEqual(stdoutLines.length, 1, run.stdout)
        const printed = JSON.parse(stdoutLines[0] ?? "") as Record<string, unknown>
        assert.match(String(printed.message), /^run #1 completed in .* \(exit 0\)$/m)
        assert.strictEqual(printed.exitCode, 0)
        assert.deepStrictEqual(printed.cells, { pending: 0, submitting: 0, submitted: 0, success: 24, failed: 0 })
        assert.includeMembers(printed.reports as Array<string>, [join(ws.out, "cli-run-latest-results.csv")])

        // Without a terminal: one JSON object per stderr line, progress among them, never CR or escape codes.
        const records = jsonLines(run.stderr)
        assert.isAtLeast(records.length, 3)
        for (const record of records) {
          assert.isString(record.time)
          assert.isTrue(
            ["trace", "debug", "info", "warn", "error", "fatal"].includes(String(record.level)),
            String(record.level)
          )
          assert.isString(record.message)
        }
        const progress = records.filter((record) => record.progress !== undefined)
        assert.isAtLeast(progress.length, 1, run.stderr)
        assert.match(String(progress[0]?.message), /^(setup|cells|chats|done): cells \d+\/\d+ done/)
        assert.isFalse(
          allOutput(run).includes("\r") || allOutput(run).includes(esc),
          "no carriage returns or escape codes without a terminal"
        )

        // Reports: timestamped xlsx and csv files plus their -latest copies; the lock is gone.
        const files = listFiles(ws.out).filter((file) => !file.startsWith("service/"))
        for (const suffix of [".xlsx", "-results.csv", "-cells.csv"]) {
          assert.isTrue(
            files.some((file) => new RegExp(`^cli-run-\\d{8}T\\d{6}Z${suffix.replace(".", "\\.")}$`).test(file)),
            `a timestamped ${suffix} in ${files.join(", ")}`
          )
          assert.include(files, `cli-run-latest${suffix}`)
        }
        assert.include(files, "state.sqlite")
        assert.notInclude(files, "state.lock")
        assert.isTrue(zipEntries(join(ws.out, "cli-run-latest.xlsx")).has("xl/workbook.xml"))
        const results = readCsv(join(ws.out, "cli-run-latest-results.csv"))
        assert.deepStrictEqual(results.map((row) => row["File name"]).sort(), [...ws.documents])
        for (const row of results) {
          assert.include(row.Law, "Which law governs the agreement?")
          assert.include(row.Notice, "What notice period applies to termination?")
        }
        const summary = JSON.parse(readFileSync(ws.summaryFile, "utf8")) as {
          exitCode: number
          outcome: string
          cells: { success: number }
          reports: Array<string>
        }
        assert.strictEqual(summary.exitCode, 0)
        assert.strictEqual(summary.outcome, "completed")
        assert.strictEqual(summary.cells.success, 24)
        assert.includeMembers(summary.reports, [join(ws.out, "cli-run-latest-results.csv")])

        // The embedded service's token stays in the process.
        assert.isFalse(jwtPattern.test(allOutput(run)), "a token in the output")
        assert.deepStrictEqual(
          findInFiles(ws.dir, jwtPattern).filter((file) => !file.startsWith("out/service/")),
          []
        )

        // Two things on copies of this checkpoint at once: export, and a dry run then a refused run.
        const copy = join(ws.dir, "copy")
        cpSync(ws.out, copy, { recursive: true })
        const latest = readFileSync(join(ws.out, "cli-run-latest-results.csv"), "utf8")

        // export: the CSV reports again from the checkpoint alone (the run's embedded service is gone).
        const exportAgain = Effect.gen(function* () {
          for (const file of listFiles(ws.out)) if (file.endsWith(".csv")) rmSync(join(ws.out, file))
          const exported = yield* runCli(["export", ws.pipeline, "--output", ws.out, "--format", "csv"], {
            cwd: ws.dir
          })
          assert.strictEqual(exported.code, 0, allOutput(exported))
          const written = exported.stdout.trim().split("\n")
          assert.isAtLeast(written.length, 2)
          for (const file of written) {
            assert.match(file, /\.csv$/)
            assert.isTrue(existsSync(file), file)
          }
          assert.include(written, join(ws.out, "cli-run-latest-results.csv"))
          assert.notInclude(exported.stderr, "listening")
          assert.strictEqual(readFileSync(join(ws.out, "cli-run-latest-results.csv"), "utf8"), latest)
        })

        const planAndRefuse = Effect.gen(function* () {
          // --dry-run on the finished checkpoint: everything answered, nothing to run, nothing changes on disk.
          const listing = listFiles(copy)
          const state = sha256(join(copy, "state.sqlite"))
          const flags = ["--output", copy, "--engine", "latency"]
          const dry = yield* runCli(["run", ws.pipeline, ...flags, "--dry-run"], { cwd: ws.dir })
          assert.strictEqual(dry.code, 0, allOutput(dry))
          assert.match(dry.stdout, /pairs in total\s+24/)
          assert.match(dry.stdout, /already answered \(skipped\)\s+24/)
          assert.match(dry.stdout, /pairs to run\s+0/)
          assert.deepStrictEqual(listFiles(copy), listing)
          assert.strictEqual(sha256(join(copy, "state.sqlite")), state)

          // --max-cells below what a --fresh run would submit: refused before anything is sent or forgotten.
          const refused = yield* runCli(["run", ws.pipeline, ...flags, "--fresh", "--max-cells", "5"], {
            cwd: ws.dir
          })
          assert.strictEqual(refused.code, 2, allOutput(refused))
          assert.include(allOutput(refused), "the run would submit 24 cells, more than --max-cells 5")
          const kept = readCheckpoint(join(copy, "state.sqlite"))
          assert.strictEqual(
            kept.cells.filter((cell) => cell.state === "success").length,
            24,
            "a refused run keeps the answers of the checkpoint"
          )
          assert.strictEqual(readFileSync(join(copy, "cli-run-latest-results.csv"), "utf8"), latest)
          const reportFiles = (files: ReadonlyArray<string>) => files.filter((file) => /\.(xlsx|csv)$/.test(file))
          assert.deepStrictEqual(reportFiles(listFiles(copy)), reportFiles(listing), "no new report set")
        })
        yield* Effect.all([exportAgain, planAndRefuse], { concurrency: 2 })
      })
  )

  it.scopedLive("--dry-run prints the plan and creates nothing in a fresh output dir", () =>
    Effect.gen(function* () {
      const ws = yield* makeWorkspace({ name: "cli-dry" })
      const dry = yield* runCli(["run", ws.pipeline, "--output", ws.out, "--engine", "latency", "--dry-run"], {
        cwd: ws.dir
      })
      assert.strictEqual(dry.code, 0, allOutput(dry))
      for (const line of [
        /^\s+documents\s+12 \(12 local files to upload\)$/m,
        /^\s+tables\s+1$/m,
        /^\s+columns\s+2$/m,
        /^\s+pairs in total\s+24$/m,
        /^\s+already answered \(skipped\)\s+0$/m,
        /^\s+pairs to run\s+24$/m,
        /^\s+estimate\s+\S/m
      ]) {
        assert.match(dry.stdout, line)
      }
      assert.isFalse(existsSync(ws.out), `dry run wrote ${existsSync(ws.out) ? listFiles(ws.out).join(", ") : ""}`)
      assert.deepStrictEqual(listFiles(ws.dir), [...ws.documents.map((name) => `docs/${name}`), "pipeline.yaml"])
    })
  )

  it.scopedLive.runIf(hasScript)(
    "progress at a pseudo-terminal is one live block redrawn in place, log lines kept above it",
    () =>
      Effect.gen(function* () {
        const ws = yield* makeWorkspace({ name: "cli-tty" })
        const run = yield* runCli(latencyRun(ws, 150), { cwd: ws.dir, pty: true })
        assert.strictEqual(run.code, 0, allOutput(run))
        // Under `script` both streams reach the test through the terminal.
        assertLiveDisplay(run.stdout, {
          cells: /cells 24\/24 done · 0 failed/,
          logLine: "24 pairs: 0 answered before, 24 to run"
        })
        assert.match(run.stdout, /run #1 completed in .* \(exit 0\)/)
      })
  )

  it.scopedLive(
    "a concurrent run exits 75, SIGINT 130; status shows it; the re-run (FORCE_TTY) asks only what is missing; diff",
    () =>
      Effect.gen(function* () {
        const ws = yield* makeWorkspace({ name: "cli-lifecycle" })
        const run = (latencyMs: number, ...extra: ReadonlyArray<string>) => latencyRun(ws, latencyMs, ...extra)

        // 24 pairs at 3 s each on the embedded service's 4 workers: about 18 s of work, ample time to overlap.
        const first = yield* startCli(run(3000), { cwd: ws.dir })
        yield* waitUntil("the first run to take the lock", () => existsSync(join(ws.out, "state.lock")))
        const second = yield* runCli(run(5, "--log-format", "json"), { cwd: ws.dir })
        assert.strictEqual(second.code, 75, allOutput(second))
        const locked = jsonLines(second.stderr)
        assert.include(String(locked.at(-1)?.message), `pipeline is locked by process ${first.pid} on `)
        assert.strictEqual(locked.at(-1)?.exitCode, 75)
        assert.isTrue(existsSync(join(ws.out, "state.lock")), "the first run still holds the lock")

        yield* waitUntil("a first answer in the checkpoint", () => answered(ws.checkpoint) >= 1)
        yield* first.kill("SIGINT")
        const stopped = yield* first.exit.pipe(Effect.timeout("20 seconds"))
        assert.strictEqual(stopped.code, 130, allOutput(stopped))
        assert.include(stopped.stderr, "interrupted")
        assert.isFalse(existsSync(join(ws.out, "state.lock")), "the lock is released")
        const interrupted = readCheckpoint(ws.checkpoint)
        const before = interrupted.cells.filter((cell) => cell.state === "success").length
        assert.isAbove(before, 0)
        assert.isBelow(before, 24, "interrupted before the end")
        assert.deepStrictEqual(interrupted.runs, [{ id: 1, outcome: "interrupted" }])

        const status = yield* runCli(["status", ws.pipeline, "--output", ws.out], { cwd: ws.dir })
        assert.strictEqual(status.code, 0, allOutput(status))
        assert.include(status.stdout, `checkpoint: ${ws.checkpoint}`)
        assert.include(status.stdout, "lock: free")
        assert.match(status.stdout, /^ {2}#1 interrupted started \S+ finished \S+ · .*stopped by a signal/m)
        assert.match(status.stdout, new RegExp(`^cells: .*success ${before}(,|$)`, "m"))

        // The re-run draws its progress live (FORCE_TTY): the first run's answers count as done from the start.
        const resumed = yield* runCli(run(5, "--summary-json", ws.summaryFile), {
          cwd: ws.dir,
          env: { FORCE_TTY: "1" }
        })
        assert.strictEqual(resumed.code, 0, allOutput(resumed))
        assertLiveDisplay(resumed.stderr, {
          cells: new RegExp(`cells 24/24 done · ${before} from earlier runs · 0 failed`),
          logLine: `24 pairs: ${before} answered before`
        })
        const summary = JSON.parse(readFileSync(ws.summaryFile, "utf8")) as {
          answered: number
          plan: { alreadyAnswered: number }
        }
        assert.strictEqual(summary.plan.alreadyAnswered, before)
        assert.strictEqual(summary.answered, 24 - before, "only the unanswered pairs are asked")
        const done = readCheckpoint(ws.checkpoint)
        assert.deepStrictEqual(done.runs, [
          { id: 1, outcome: "interrupted" },
          { id: 2, outcome: "completed" }
        ])
        assert.strictEqual(done.cells.length, 24)
        for (const cell of done.cells) {
          assert.strictEqual(cell.state, "success")
          assert.strictEqual(cell.attempts, 1, `${cell.filename} · ${cell.column} was asked once`)
        }
        assert.deepStrictEqual(
          [...done.answersPerRun],
          [
            [1, before],
            [2, 24 - before]
          ]
        )

        // diff between the two runs: exactly the pairs answered by the second one, none before.
        const diff = yield* runCli(["diff", ws.pipeline, "--output", ws.out, "--json"], { cwd: ws.dir })
        assert.strictEqual(diff.code, 0, allOutput(diff))
        const changes = JSON.parse(diff.stdout) as {
          from: number
          to: number
          changes: Array<{ filename: string; column: string; before?: string; after?: string }>
        }
        assert.strictEqual(changes.from, 1)
        assert.strictEqual(changes.to, 2)
        assert.strictEqual(changes.changes.length, 24 - before)
        for (const change of changes.changes) {
          assert.isUndefined(change.before)
          assert.include(change.after, `(${change.filename})`)
        }
      })
  )
})
