import { mkdir, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import ExcelJS from "exceljs"
import { ExportError, writeReports } from "../../src/export/index.js"
import { sheetBacklog } from "../../src/export/XlsxTable.js"
import { sampleModel, sampleOptions, tempDir } from "./SampleModel.js"
import { readWorkbook, runField } from "./XlsxReading.js"

const list = (dir: string) => Effect.promise(() => readdir(dir)).pipe(Effect.map((names) => names.sort()))

const at = (iso: string) => new Date(iso)

/** The -latest xlsx, results and cells files' bytes, as text (base64 for the xlsx) to compare. */
const latestFiles = (dir: string) =>
  Effect.promise(() =>
    Promise.all(
      [".xlsx", "-results.csv", "-cells.csv"].map((end) =>
        readFile(join(dir, `contracts-latest${end}`)).then((bytes) => bytes.toString("base64"))
      )
    )
  )

describe("writeReports", () => {
  it.scoped("writes timestamped files and -latest copies, leaving no temporary files", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      const paths = yield* writeReports(sampleModel(), sampleOptions(join(dir, "out")))
      assert.deepStrictEqual(
        paths.map((path) => path.slice(dir.length + 5)),
        [
          "contracts-20261122T031530Z.xlsx",
          "contracts-20261122T031530Z-results.csv",
          "contracts-20261122T031530Z-cells.csv",
          "contracts-20261122T031530Z-chats.csv",
          "contracts-latest.xlsx",
          "contracts-latest-results.csv",
          "contracts-latest-cells.csv",
          "contracts-latest-chats.csv"
        ]
      )
      assert.deepStrictEqual(yield* list(join(dir, "out")), paths.map((path) => path.slice(dir.length + 5)).sort())
      const latest = yield* readWorkbook(join(dir, "out", "contracts-latest.xlsx"))
      assert.strictEqual(runField(latest, "Outcome").value, "deadline")
    })
  )

  it.scoped("updates -latest on every run and prunes the oldest sets beyond keep, never -latest or other names", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      yield* Effect.promise(() => writeFile(join(dir, "other-20200101T000000Z.xlsx"), "not ours"))
      const times = ["2026-11-20T10:00:00Z", "2026-11-21T10:00:00Z", "2026-11-22T10:00:00Z", "2026-11-23T10:00:00Z"]
      for (const [index, time] of times.entries()) {
        const model = sampleModel({ run: { ...sampleModel().run, id: index + 1 } })
        yield* writeReports(model, sampleOptions(dir, { now: at(time), keep: 2, formats: ["xlsx", "csv"] }))
      }
      const names = yield* list(dir)
      assert.deepStrictEqual(
        names.filter((name) => name.endsWith(".xlsx")),
        [
          "contracts-20261122T100000Z.xlsx",
          "contracts-20261123T100000Z.xlsx",
          "contracts-latest.xlsx",
          "other-20200101T000000Z.xlsx"
        ]
      )
      assert.strictEqual(names.filter((name) => name.includes("20261120") || name.includes("20261121")).length, 0)
      assert.isFalse(names.some((name) => name.endsWith(".tmp")))
      const latest = yield* readWorkbook(join(dir, "contracts-latest.xlsx"))
      assert.strictEqual(runField(latest, "Run").value, 4)
      const latestCsv = yield* Effect.promise(() => readFile(join(dir, "contracts-latest-cells.csv")))
      const newest = yield* Effect.promise(() => readFile(join(dir, "contracts-20261123T100000Z-cells.csv")))
      assert.isTrue(latestCsv.equals(newest))
    })
  )

  it.scoped("never prunes the set just written, even when the clock went back", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      const options = sampleOptions(dir, { formats: ["xlsx"], keep: 1 })
      yield* writeReports(sampleModel(), { ...options, now: at("2026-11-23T10:00:00Z") })
      yield* writeReports(sampleModel(), { ...options, now: at("2026-11-22T10:00:00Z") })
      // The newest set by its timestamp is kept, and so is the one just written.
      assert.deepStrictEqual(yield* list(dir), [
        "contracts-20261122T100000Z.xlsx",
        "contracts-20261123T100000Z.xlsx",
        "contracts-latest.xlsx"
      ])
      yield* writeReports(sampleModel(), { ...options, keep: Number.NaN, now: at("2026-11-24T10:00:00Z") })
      assert.strictEqual((yield* list(dir)).length, 4)
    })
  )

  it.scoped("drops a -latest chats file that the newest run no longer has", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      yield* writeReports(sampleModel(), sampleOptions(dir, { formats: ["csv"], now: at("2026-11-20T10:00:00Z") }))
      yield* writeReports(sampleModel({ chats: [] }), sampleOptions(dir, { formats: ["csv"] }))
      const names = yield* list(dir)
      assert.isFalse(names.includes("contracts-latest-chats.csv"))
      assert.isTrue(names.includes("contracts-20261120T100000Z-chats.csv"))
    })
  )

  it.scoped("cleans the temporary files a killed export left (dead pid or a day old), never a live export's", () =>
    Effect.gen(function* () {
      const dir = join(yield* tempDir, "out")
      yield* Effect.promise(() => mkdir(dir, { recursive: true }))
      // A pid above the kernel's pid_max names no process; the test runner's parent is alive.
      const dead = ".contracts-latest.xlsx.4194305.tmp"
      const live = `.contracts-latest-cells.csv.${process.ppid}.tmp`
      const old = `.contracts-latest-results.csv.${process.ppid + 1}.tmp`
      for (const name of [dead, live, old]) yield* Effect.promise(() => writeFile(join(dir, name), "half"))
      const dayAgo = new Date(Date.parse("2026-11-22T03:15:30.123Z") - 25 * 3600 * 1000)
      yield* Effect.promise(() => utimes(join(dir, old), dayAgo, dayAgo))
      yield* writeReports(sampleModel(), sampleOptions(dir, { formats: ["csv"] }))
      const left = (yield* list(dir)).filter((name) => name.endsWith(".tmp"))
      assert.deepStrictEqual(left, [live])
    })
  )

  it.scoped("a report of an earlier run leaves the -latest files alone", () =>
    Effect.gen(function* () {
      const dir = join(yield* tempDir, "out")
      yield* writeReports(sampleModel(), sampleOptions(dir, { formats: ["csv"] }))
      const latest = yield* Effect.promise(() => readFile(join(dir, "contracts-latest-results.csv"), "utf8"))
      const earlier = sampleModel({ run: { ...sampleModel().run, id: 3, outcome: "completed" } })
      const paths = yield* writeReports(
        { ...earlier, documents: earlier.documents.slice(0, 1) },
        sampleOptions(dir, { name: "contracts-run3", latest: false, formats: ["csv"], now: at("2026-11-23T00:00:00Z") })
      )
      assert.isTrue(paths.every((path) => path.includes("contracts-run3-20261123T000000Z")))
      assert.strictEqual(
        yield* Effect.promise(() => readFile(join(dir, "contracts-latest-results.csv"), "utf8")),
        latest
      )
    })
  )

  it.scoped("writes only the formats asked for", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      yield* writeReports(sampleModel({ chats: [] }), sampleOptions(dir, { formats: ["csv"] }))
      assert.deepStrictEqual(yield* list(dir), [
        "contracts-20261122T031530Z-cells.csv",
        "contracts-20261122T031530Z-results.csv",
        "contracts-latest-cells.csv",
        "contracts-latest-results.csv"
      ])
    })
  )

  it.scoped("fails with ExportError naming the path, leaving no temporary file behind", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      const blocked = join(dir, "contracts-20261122T031530Z.xlsx")
      // A directory where the report should go: the final rename fails after the whole file was written.
      yield* Effect.promise(() => mkdir(join(blocked, "x"), { recursive: true }))
      const exit = yield* Effect.exit(writeReports(sampleModel(), sampleOptions(dir)))
      assert.isTrue(Exit.isFailure(exit))
      if (Exit.isFailure(exit)) {
        const error = exit.cause._tag === "Fail" ? exit.cause.error : undefined
        assert.instanceOf(error, ExportError)
        assert.strictEqual(error?.path, blocked)
        assert.include(error?.message, blocked)
      }
      assert.deepStrictEqual(yield* list(dir), ["contracts-20261122T031530Z.xlsx"])
    })
  )

  it.scoped("a set that cannot be written whole leaves none of itself, and the earlier -latest set as it was", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      const earlier = sampleOptions(dir, { now: at("2026-11-21T10:00:00Z") })
      yield* writeReports(sampleModel(), earlier)
      const latestBefore = yield* latestFiles(dir)
      const later = sampleModel({ run: { ...sampleModel().run, id: 2, outcome: "completed" } })
      // The copy over -latest-cells.csv fails (as on a full disk) after the xlsx and results copies were made.
      const blocker = join(dir, `.contracts-latest-cells.csv.${process.pid}.tmp`)
      yield* Effect.promise(() => mkdir(join(blocker, "x"), { recursive: true }))
      const failed = yield* Effect.flip(writeReports(later, sampleOptions(dir)))
      assert.strictEqual(failed._tag, "ExportError")
      // Before, -latest.xlsx and -latest-results.csv were run 2's beside run 1's -latest-cells.csv.
      assert.deepStrictEqual(yield* latestFiles(dir), latestBefore)
      const names = yield* list(dir)
      assert.deepStrictEqual(
        names.filter((name) => name.includes("20261122")),
        [],
        "the failed set's timestamped files are removed"
      )
      assert.deepStrictEqual(
        names.filter((name) => name.startsWith(".")),
        [`.contracts-latest-cells.csv.${process.pid}.tmp`],
        "no temporary file but the blocker"
      )

      // A set whose last file cannot be written (the HTML) leaves none of its files either.
      yield* Effect.promise(() => rm(blocker, { recursive: true }))
      yield* Effect.promise(() => mkdir(join(dir, "contracts-20261122T031530Z.html", "x"), { recursive: true }))
      yield* Effect.flip(writeReports(later, sampleOptions(dir, { formats: ["xlsx", "csv", "html"] })))
      assert.deepStrictEqual(
        (yield* list(dir)).filter((name) => name.includes("20261122")),
        ["contracts-20261122T031530Z.html"],
        "only the blocking directory"
      )
    })
  )

  it.scoped("fails when the output directory cannot be created", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      yield* Effect.promise(() => writeFile(join(dir, "file"), ""))
      const error = yield* Effect.flip(writeReports(sampleModel(), sampleOptions(join(dir, "file", "out"))))
      assert.strictEqual(error._tag, "ExportError")
    })
  )

  it.scoped("finds the backlog between a worksheet and the zip (guards an exceljs internal the writer relies on)", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: join(dir, "probe.xlsx") })
      const worksheet = workbook.addWorksheet("Probe")
      for (let row = 0; row < 200; row++) worksheet.addRow([row, "y".repeat(1000)]).commit()
      assert.isDefined(sheetBacklog(worksheet))
      yield* Effect.promise(() => workbook.commit())
    })
  )
})
