import { createHash } from "node:crypto"
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import type { PageData } from "../../src/export/html/PageData.js"
import { readWorkbook, runField, sheet } from "../export/XlsxReading.js"
import { htmlReportData, readCheckpoint, readCsv } from "./CliChecks.js"
import { allOutput, latencyRun, listFiles, makeWorkspace, runCli, startCli, waitUntil } from "./CliHarness.js"

/** The data an HTML report embeds. */
const htmlData = (path: string) => JSON.parse(htmlReportData(path).toString("utf8")) as PageData

const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex")

/** Timestamped report sets in `dir` (their .xlsx files), not the -latest copies. */
const reportSets = (dir: string) => listFiles(dir).filter((file) => /-\d{8}T\d{6}Z\.xlsx$/.test(file))

const states = (path: string) => {
  const counts = { pending: 0, submitting: 0, submitted: 0, success: 0, failed: 0 }
  for (const cell of readCheckpoint(path).cells) {
    if (cell.state in counts) counts[cell.state as keyof typeof counts] += 1
  }
  return counts
}

interface SummaryJson {
  readonly runId: number
  readonly outcome: string
  readonly exitCode: number
  readonly answered: number
  readonly cells: Record<string, number>
  readonly tables: ReadonlyArray<unknown>
  readonly reports: ReadonlyArray<string>
}

/** The summary, the summary JSON, the reports and the checkpoint tell the same counts. */
const assertAgree = (out: string, name: string, summary: SummaryJson) =>
  Effect.gen(function* () {
    const checkpoint = states(join(out, "state.sqlite"))
    assert.deepStrictEqual(summary.cells, checkpoint, "summary JSON and checkpoint")
    assert.strictEqual(summary.answered, checkpoint.success, "a first run answered every answer it holds")
    assert.strictEqual(summary.tables.length, 1)
    const workbook = yield* readWorkbook(join(out, `${name}-latest.xlsx`))
    assert.strictEqual(runField(workbook, "Outcome").value, summary.outcome)
    assert.strictEqual(runField(workbook, "Cells answered").value, checkpoint.success)
    const statuses = readCsv(join(out, `${name}-latest-cells.csv`)).map((row) => row.Status)
    assert.strictEqual(statuses.filter((status) => status === "success").length, checkpoint.success)
    const html = htmlData(join(out, `${name}-latest.html`))
    assert.strictEqual(html.run.outcome, summary.outcome)
    assert.strictEqual([...html.cells.status].filter((code) => code === "s").length, checkpoint.success, "HTML")
  })

describe.concurrent("how runs end", () => {
  it.scopedLive(
    "a reader that goes away (`docsweep run … | head`) does not end the run: it completes, checkpointed",
    () =>
      Effect.gen(function* () {
        const ws = yield* makeWorkspace({ name: "piped", count: 4 })
        // Every line it writes meets a closed pipe (EPIPE), which ended the process mid-run, its run left "running".
        const run = yield* runCli(latencyRun(ws, 100), { closeOutput: true })
        assert.strictEqual(run.code, 0)
        const status = yield* runCli(["status", ws.pipeline, "--output", ws.out])
        assert.match(status.stdout, /#1 completed/, allOutput(status))
        assert.match(status.stdout, /success 8\b/, allOutput(status))
      })
  )

  it.scopedLive("the summary counts chat messages answered this run, as it does cells", () =>
    Effect.gen(function* () {
      const ws = yield* makeWorkspace({ name: "chatted", count: 2 })
      appendFileSync(ws.pipeline, 'chats:\n  - { name: Summary, scope: each, messages: ["Summarize it."] }\n')
      const first = yield* runCli(latencyRun(ws, 1))
      assert.include(first.stdout, "chat messages: 2 answered (2 this run), 0 failed, 0 not finished", allOutput(first))
      const again = yield* runCli(latencyRun(ws, 1))
      assert.include(again.stdout, "cells: 4 answered (0 this run)", allOutput(again))
      assert.include(again.stdout, "chat messages: 2 answered (0 this run), 0 failed, 0 not finished", allOutput(again))
    })
  )

  it.scopedLive("export --run N reports run N as it ended; only the newest run's reports replace -latest", () =>
    Effect.gen(function* () {
      const ws = yield* makeWorkspace({ name: "cli-history", count: 4 })
      const run = () => runCli(latencyRun(ws, 1, "--quiet"), { cwd: ws.dir })
      assert.strictEqual((yield* run()).code, 0)
      // Run 2: a document left the pipeline, so it leaves the report too.
      rmSync(join(ws.dir, "docs", "doc-04.txt"))
      const second = yield* run()
      assert.strictEqual(second.code, 0, allOutput(second))
      assert.deepStrictEqual(
        readCsv(join(ws.out, "cli-history-latest-results.csv")).map((row) => row["File name"]),
        ["doc-01.txt", "doc-02.txt", "doc-03.txt"]
      )
      assert.strictEqual(readCsv(join(ws.out, "cli-history-latest-cells.csv")).length, 6)
      // Run 3 asks the Law column anew.
      const pipeline = readFileSync(ws.pipeline, "utf8")
      writeFileSync(ws.pipeline, pipeline.replace("Which law governs the agreement?", "Under which law is it?"))
      assert.strictEqual((yield* run()).code, 0)
      const latest = listFiles(ws.out).filter((file) => file.includes("-latest"))
      const before = latest.map((file) => sha256(join(ws.out, file)))

      // The exporter's environment is not the run's: the report lists the settings run 1 ran with.
      const exported = yield* runCli(["export", ws.pipeline, "--output", ws.out, "--run", "1"], {
        cwd: ws.dir,
        env: { DOCSWEEP_USER_ID: "99" }
      })
      assert.strictEqual(exported.code, 0, allOutput(exported))
      const written = exported.stdout.trim().split("\n")
      assert.isTrue(
        written.every((file) => /cli-history-run1-\d{8}T\d{6}Z/.test(file)),
        exported.stdout
      )
      const results = readCsv(written.find((file) => file.endsWith("-results.csv")) ?? "")
      assert.deepStrictEqual(
        results.map((row) => row["File name"]),
        ["doc-01.txt", "doc-02.txt", "doc-03.txt", "doc-04.txt"]
      )
      for (const row of results) assert.include(row.Law, "Which law governs the agreement?")
      const workbook = yield* readWorkbook(written.find((file) => file.endsWith(".xlsx")) ?? "")
      assert.strictEqual(runField(workbook, "Run").value, 1)
      assert.strictEqual(runField(workbook, "Cells answered").value, 8)
      assert.strictEqual(sheet(workbook, "Columns").getCell(2, 2).value, "Which law governs the agreement?")
      // The HTML report of run 1 too: its documents, queries and answers, and no answer from a later run.
      const page = htmlData(written.find((file) => file.endsWith(".html")) ?? "")
      assert.strictEqual(page.run.id, 1)
      assert.deepStrictEqual(page.documents.filenames, ["doc-01.txt", "doc-02.txt", "doc-03.txt", "doc-04.txt"])
      assert.strictEqual(page.columns[0]?.query, "Which law governs the agreement?")
      assert.strictEqual(page.cells.status, "s".repeat(8))
      for (const row of page.documents.ids.keys()) assert.include(page.cells.text[row * 2], "Which law governs")
      assert.isTrue(page.history.every(([, answers]) => answers.every((answer) => answer.run <= 1)))
      // It listed none ("the checkpoint keeps no run's settings"); an export of the newest run listed the exporter's.
      assert.deepInclude(page.settings, {
        key: "user_id",
        value: "(not set: 1 on the embedded service)",
        source: "default"
      })
      assert.notDeepInclude(page.settings, { key: "user_id", value: "99", source: "environment" })
      assert.isFalse(page.settings.some((setting) => setting.key === "token"))
      // Run 3's own report: the Law answers changed since run 2, each with its earlier answer from run 1.
      const newest = htmlData(join(ws.out, "cli-history-latest.html"))
      assert.strictEqual(newest.run.id, 3)
      assert.deepStrictEqual(newest.documents.filenames, ["doc-01.txt", "doc-02.txt", "doc-03.txt"])
      assert.deepStrictEqual(
        newest.history.map(([, answers]) => answers.map((answer) => answer.run)),
        [
          [1, 3],
          [1, 3],
          [1, 3]
        ]
      )
      assert.isAbove(newest.settings.length, 0)
      assert.deepStrictEqual(
        latest.map((file) => sha256(join(ws.out, file))),
        before,
        "the -latest files are run 3's still"
      )
      assert.include(latest, "cli-history-latest.html")

      const diff = yield* runCli(["diff", ws.pipeline, "--output", ws.out, "--from", "1", "--to", "3"], { cwd: ws.dir })
      assert.match(diff.stdout, /^3 answers changed between run #1 and run #3:/)
      assert.include(
        diff.stdout,
        "\n1 column asks a new query:\n  ~ Law: Which law governs the agreement? → Under which law is it?\n"
      )
      // The document that left the pipeline is named as removed, though the report no longer has its row.
      assert.match(diff.stdout, /\n1 document left the pipeline:\n {2}- doc-04\.txt \(#\d+\)\n$/)
      const sinceTwo = yield* runCli(["diff", ws.pipeline, "--output", ws.out, "--json"], { cwd: ws.dir })
      const json = JSON.parse(sinceTwo.stdout) as {
        documents: { added: Array<unknown>; removed: Array<unknown> }
        columns: { added: Array<unknown>; removed: Array<unknown>; renamed: Array<unknown>; requeried: Array<unknown> }
      }
      assert.deepStrictEqual(json.documents, { added: [], removed: [] }, "runs #2 and #3 had the same documents")
      assert.deepStrictEqual(
        json.columns,
        {
          added: [],
          removed: [],
          renamed: [],
          requeried: [{ name: "Law", before: "Which law governs the agreement?", after: "Under which law is it?" }]
        },
        "run #3 asked the Law column anew"
      )
      // Runs that do not exist are usage errors: exit 2, the value, where the help is.
      // A report that cannot be written where it goes (here a folder in its place; a full disk, a read-only mount)
      // is an output path to fix, exit 2, not an internal error; the set it was part of is removed.
      rmSync(join(ws.out, "cli-history-latest.html"))
      mkdirSync(join(ws.out, "cli-history-latest.html", "x"), { recursive: true })
      const stamped = () => listFiles(ws.out).filter((file) => /-\d{8}T\d{6}Z/.test(file))
      const stampedBefore = stamped()
      const [missingRun, missingFrom, firstTo, blocked] = yield* Effect.all(
        [
          runCli(["export", ws.pipeline, "--output", ws.out, "--run", "42"], { cwd: ws.dir }),
          runCli(["diff", ws.pipeline, "--output", ws.out, "--from", "9"], { cwd: ws.dir }),
          runCli(["diff", ws.pipeline, "--output", ws.out, "--to", "1"], { cwd: ws.dir }),
          runCli(["export", ws.pipeline, "--output", ws.out, "--format", "html"], { cwd: ws.dir })
        ],
        { concurrency: 4 }
      )
      assert.strictEqual(blocked.code, 2, allOutput(blocked))
      assert.include(blocked.stderr, `Could not write report ${join(ws.out, "cli-history-latest.html")}`)
      assert.deepStrictEqual(stamped(), stampedBefore, "no new report file")
      // It said "diff needs two runs" of a checkpoint holding three.
      assert.strictEqual(firstTo.code, 2, allOutput(firstTo))
      assert.match(firstTo.stderr, /^docsweep diff: --to 1: no run before it to compare it with; pass --from \(/)
      for (const [result, command, flag] of [
        [missingRun, "export", "--run 42"],
        [missingFrom, "diff", "--from 9"]
      ] as const) {
        assert.strictEqual(result.code, 2, allOutput(result))
        assert.strictEqual(result.stdout, "")
        assert.match(
          result.stderr,
          new RegExp(`^docsweep ${command}: ${flag}: no such run; .* holds runs #1 to #3\\n.*--help`)
        )
      }
    })
  )

  it.scopedLive("--fresh recovers when the service lost the documents the checkpoint uploaded", () =>
    Effect.gen(function* () {
      const ws = yield* makeWorkspace({ name: "cli-lost", count: 3 })
      const run = (...extra: ReadonlyArray<string>) =>
        runCli(["run", ws.pipeline, "--output", ws.out, "--quiet", "--summary-json", ws.summaryFile, ...extra], {
          cwd: ws.dir
        })
      assert.strictEqual((yield* run()).code, 0)
      rmSync(join(ws.out, "service"), { recursive: true, force: true })
      const fresh = yield* run("--fresh")
      assert.strictEqual(fresh.code, 0, allOutput(fresh))
      const summary = JSON.parse(readFileSync(ws.summaryFile, "utf8")) as SummaryJson
      assert.deepStrictEqual([summary.answered, summary.cells.success], [6, 6])
    })
  )

  it.scopedLive(
    "SIGTERM: reports, summary and --summary-json from the checkpoint (exit 130, JSON on both streams)",
    () =>
      Effect.gen(function* () {
        const ws = yield* makeWorkspace({ name: "cli-sigterm" })
        const flags = ["--log-format", "json", "--summary-json", ws.summaryFile]
        const child = yield* startCli(latencyRun(ws, 1500, ...flags), { cwd: ws.dir })
        yield* waitUntil("a first answer", () => {
          try {
            return states(ws.checkpoint).success > 0
          } catch {
            return false
          }
        })
        yield* child.kill("SIGTERM")
        const ended = yield* child.exit.pipe(Effect.timeout("20 seconds"))
        assert.strictEqual(ended.code, 130, allOutput(ended))
        const lines = allOutput(ended)
          .split("\n")
          .filter((line) => line !== "")
        for (const line of lines) assert.doesNotThrow(() => JSON.parse(line), undefined, undefined, line)
        const printed = JSON.parse(ended.stdout.trim()) as SummaryJson & { message: string }
        assert.match(printed.message, /^run #1 interrupted in /)
        assert.include(ended.stderr, "interrupted (SIGTERM)")
        const summary = JSON.parse(readFileSync(ws.summaryFile, "utf8")) as SummaryJson
        assert.strictEqual(summary.outcome, "interrupted")
        assert.strictEqual(summary.exitCode, 130)
        assert.deepStrictEqual(summary.reports, printed.reports)
        assert.isBelow(summary.cells.success ?? 24, 24, "interrupted before the end")
        yield* assertAgree(ws.out, "cli-sigterm", summary)

        // A second Ctrl-C while the run writes its reports stops at once: no new report set.
        const again = yield* startCli(["run", ws.pipeline, ...flags], { cwd: ws.dir })
        yield* again.waitFor(/pairs: \d+ answered before/)
        yield* again.kill("SIGINT")
        yield* again.waitFor(/interrupted \(SIGINT\)/)
        yield* again.kill("SIGINT")
        const stopped = yield* again.exit.pipe(Effect.timeout("20 seconds"))
        assert.strictEqual(stopped.code, 130, allOutput(stopped))
        assert.include(stopped.stderr, "SIGINT again: stopped at once")
        assert.strictEqual(reportSets(ws.out).length, 1, listFiles(ws.out).join(", "))
      })
  )

  it.scopedLive("a deadline ends with exit 5, and the reports and summary count what the checkpoint holds", () =>
    Effect.gen(function* () {
      // Answer times spread wide (lognormal, median 1 s, σ 4): each comes within 1 s with odds 0.5 and after 10 s with
      // 0.28, so of 40 some are answered and some are not when the deadline passes, even where a loaded machine takes
      // 9 s to start the run and submit (all 40 in time: odds 1 in 500,000).
      const ws = yield* makeWorkspace({ name: "cli-deadline", count: 20, run: "deadline: 10s" })
      const spread = ["--latency-dist", "lognormal", "--latency-spread", "4"]
      const run = yield* runCli(latencyRun(ws, 1000, ...spread, "--summary-json", ws.summaryFile), { cwd: ws.dir })
      assert.strictEqual(run.code, 5, allOutput(run))
      const summary = JSON.parse(readFileSync(ws.summaryFile, "utf8")) as SummaryJson
      assert.strictEqual(summary.outcome, "deadline")
      assert.isAbove(summary.answered, 0)
      assert.match(run.stdout, new RegExp(`cells: ${summary.answered} answered \\(${summary.answered} this run\\)`))
      yield* assertAgree(ws.out, "cli-deadline", summary)
    })
  )

  it.scopedLive("a run killed with kill -9 is reported by export and status as stopped, not as running", () =>
    Effect.gen(function* () {
      const ws = yield* makeWorkspace({ name: "cli-killed", count: 2 })
      // Answers far off: the export during the run must find it running however slowly a loaded machine starts it.
      const killed = yield* startCli(latencyRun(ws, 120_000), { cwd: ws.dir })
      // The checkpoint may be mid-creation on a look: such a look counts as not yet.
      const submitted = () => {
        try {
          return existsSync(ws.checkpoint) && states(ws.checkpoint).submitted > 0
        } catch {
          return false
        }
      }
      yield* waitUntil("pairs submitted", submitted)
      const exportNow = runCli(["export", ws.pipeline, "--output", ws.out, "--format", "xlsx,html"], { cwd: ws.dir })
      const statusNow = runCli(["status", ws.pipeline, "--output", ws.out], { cwd: ws.dir })
      // While it runs (its lock held by a live process) it is running.
      const [during, statusDuring] = yield* Effect.all([exportNow, statusNow], { concurrency: 2 })
      assert.strictEqual(during.code, 0, allOutput(during))
      const running = yield* readWorkbook(join(ws.out, "cli-killed-latest.xlsx"))
      assert.strictEqual(runField(running, "Outcome").value, "running")
      assert.match(statusDuring.stdout, /^ {2}#1 running started \S+ · .*submitted \d+/m, allOutput(statusDuring))
      assert.include(statusDuring.stdout, `lock: held by process ${killed.pid} on `)
      yield* killed.kill("SIGKILL")
      yield* killed.exit
      const [exported, statusAfter] = yield* Effect.all([exportNow, statusNow], { concurrency: 2 })
      assert.strictEqual(exported.code, 0, allOutput(exported))
      // Status said "#1 running" beside "lock: … (dead …)": a cron job's run that died read as one going on.
      assert.match(
        statusAfter.stdout,
        /^ {2}#1 stopped started \S+ · .* · stopped before it could end/m,
        allOutput(statusAfter)
      )
      assert.include(statusAfter.stdout, `lock: left by process ${killed.pid} on `)
      const workbook = yield* readWorkbook(join(ws.out, "cli-killed-latest.xlsx"))
      assert.strictEqual(runField(workbook, "Outcome").value, "stopped")
      assert.include(String(runField(workbook, "Note").value), "run the same command again")
      assert.strictEqual(htmlData(join(ws.out, "cli-killed-latest.html")).run.outcome, "stopped")
      // A lock that cannot be read tells nothing: the report says what the checkpoint says, and export still works.
      rmSync(join(ws.out, "state.lock"), { force: true })
      mkdirSync(join(ws.out, "state.lock"))
      const [unreadable, statusUnreadable] = yield* Effect.all([exportNow, statusNow], { concurrency: 2 })
      assert.strictEqual(unreadable.code, 0, allOutput(unreadable))
      // Status ended in an internal error (exit 1) over it; it now says it cannot tell, and shows the rest.
      assert.strictEqual(statusUnreadable.code, 0, allOutput(statusUnreadable))
      assert.include(statusUnreadable.stdout, "lock: cannot be read, so whether a run is going on is not known")
      assert.match(statusUnreadable.stdout, /^ {2}#1 running /m)
      const unknown = yield* readWorkbook(join(ws.out, "cli-killed-latest.xlsx"))
      assert.strictEqual(runField(unknown, "Outcome").value, "running")
    })
  )
})
