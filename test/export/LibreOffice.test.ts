import { spawnSync } from "node:child_process"
import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { parse } from "csv-parse/sync"
import { Effect } from "effect"
import { writeXlsx } from "../../src/export/index.js"
import { resultsHeader, sampleModel, tempDir, tricky } from "./SampleModel.js"

/** LibreOffice's command when it is installed; the test is skipped (saying so in its title) when it is not. */
const office = ["soffice", "libreoffice"]
  .map((command) => spawnSync("sh", ["-c", `command -v ${command}`], { encoding: "utf8" }).stdout.trim())
  .find((path) => path !== "")

const title =
  office === undefined
    ? "opens in LibreOffice headless (skipped: neither soffice nor libreoffice is on PATH)"
    : "opens in LibreOffice headless and converts the Results sheet to CSV"

describe("LibreOffice", () => {
  it.scopedLive.skipIf(office === undefined)(title, () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      const xlsx = yield* writeXlsx(sampleModel(), join(dir, "report.xlsx"), { allowFormulas: false, now: new Date(0) })
      const converted = spawnSync(
        office ?? "soffice",
        [
          `-env:UserInstallation=file://${join(dir, "profile")}`,
          "--headless",
          "--convert-to",
          "csv:Text - txt - csv (StarCalc):44,34,76,1",
          "--outdir",
          dir,
          xlsx
        ],
        { encoding: "utf8", timeout: 120_000 }
      )
      assert.strictEqual(converted.status, 0, converted.stderr)
      const rows: Array<Array<string>> = parse(yield* Effect.promise(() => readFile(join(dir, "report.csv"))), {
        bom: true
      })
      assert.deepStrictEqual(rows[0], resultsHeader)
      assert.deepStrictEqual(rows[1]?.slice(0, 5), ["1", 'a, "quoted".pdf', "12", tricky.quotes, `'${tricky.formula}`])
      assert.strictEqual(rows[2]?.[3], "FAILED: HTTP 503: service unavailable")
    })
  )
})
