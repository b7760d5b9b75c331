/**
 * Benchmark of the HTML report (issue 16) at 100,000 cells (2,000 documents × 50 columns) of realistic answers:
 * the file's size, the time to write it beside the xlsx writer on the same model (each in its own process,
 * interleaved, fastest of three), and in headless Chromium the time from opening the file until the first rows
 * are painted and the time to apply a search. Targets: ≤ 15 MB, writing ≤ 1.5 × xlsx, first rows ≤ 2 s,
 * search ≤ 300 ms.
 */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { launchBrowser } from "../../support/browser.js"
import { measureInChild } from "../measureChild.js"
import { quotePool } from "./BenchHtmlModel.js"

interface WriterFigures {
  readonly seconds: number
  readonly peakRssMb: number
  readonly bytes: number
}

const child = fileURLToPath(new URL("./BenchHtmlChild.ts", import.meta.url))

const measure = (mode: "html" | "xlsx", dir: string) => measureInChild<WriterFigures>(child, mode, dir)

const median = (values: ReadonlyArray<number>) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/** The queries timed: a word in many answers, a phrase in few, and one in none. */
const queries = ["agreement", "indemnif", "no such words in any answer"]

/**
 * One search in the page: the input event, then the frame after the grid shows its rows. A string, not a function:
 * tsx's compiled functions call a helper (`__name`) that the page does not have.
 */
const searchScript = (query: string) => `(async () => {
  const input = document.querySelector("input.search")
  const root = document.getElementById("app")
  const started = performance.now()
  input.value = ${JSON.stringify(query)}
  input.dispatchEvent(new Event("input", { bubbles: true }))
  await new Promise((done) => {
    const check = () => requestAnimationFrame(root.dataset.applied === input.value ? () => done() : check)
    check()
  })
  return performance.now() - started
})()`

/** Opens the file `opens` times in fresh pages: first rows painted (ms since navigation) and search times. */
const inChromium = async (file: string, opens: number) => {
  const browser = await launchBrowser()
  try {
    const firstRows: Array<number> = []
    const searches: Array<number> = []
    for (let round = 0; round < opens; round++) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
      await page.goto(pathToFileURL(file).href)
      await page.waitForSelector('.grid-body [role="row"]', { timeout: 30_000 })
      await page.waitForFunction(() => performance.getEntriesByName("docsweep-first-rows").length > 0)
      firstRows.push(await page.evaluate(() => performance.getEntriesByName("docsweep-first-rows")[0]?.startTime ?? -1))
      for (const query of queries) {
        // Timed from here, not inside the page: a search typed while the page is still busy counts that wait too.
        const started = performance.now()
        await page.evaluate(searchScript(query))
        searches.push(performance.now() - started)
      }
      await page.close()
    }
    return { firstRowsMs: median(firstRows), searchMedianMs: median(searches), searchMaxMs: Math.max(...searches) }
  } finally {
    await browser.close()
  }
}

export async function benchHtml() {
  const dir = await mkdtemp(join(tmpdir(), "docsweep-bench-html-"))
  try {
    const runs = { html: [] as Array<WriterFigures>, xlsx: [] as Array<WriterFigures> }
    for (let round = 0; round < 3; round++) {
      runs.xlsx.push(await measure("xlsx", dir))
      runs.html.push(await measure("html", dir))
    }
    const best = (list: ReadonlyArray<WriterFigures>) => Math.min(...list.map((run) => run.seconds))
    const html = best(runs.html)
    const xlsx = best(runs.xlsx)
    const bytes = runs.html[0]?.bytes ?? 0
    const browser = await inChromium(join(dir, "bench.html"), 3)
    return {
      source: quotePool().source,
      megabytes: bytes / 1_000_000,
      htmlSeconds: html,
      xlsxSeconds: xlsx,
      ratio: html / xlsx,
      htmlPeakRssMb: Math.max(...runs.html.map((run) => run.peakRssMb)),
      ...browser
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** For `test/bench/entries.ts`: the rows of `npm run bench -- html`. */
export const htmlBench = {
  name: "html",
  run: async () => {
    const f = await benchHtml()
    const row = (metric: string, value: number, target = "", ok?: boolean) => ({ metric, value, target, ok })
    return [
      row(`file size (MB), 100,000 cells of ${f.source} quotes`, f.megabytes, "<= 15", f.megabytes <= 15),
      row("write seconds", f.htmlSeconds),
      row("xlsx write seconds (same model)", f.xlsxSeconds),
      row("html / xlsx write time", f.ratio, "<= 1.5", f.ratio <= 1.5),
      row("html writer peak RSS (MB)", f.htmlPeakRssMb),
      row("Chromium: first rows painted (ms, median of 3)", f.firstRowsMs, "<= 2000", f.firstRowsMs <= 2000),
      row("Chromium: search applied (ms, median)", f.searchMedianMs),
      row("Chromium: search applied (ms, slowest)", f.searchMaxMs, "<= 300", f.searchMaxMs <= 300)
    ]
  }
} as const

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write(`${JSON.stringify(await benchHtml(), null, 2)}\n`)
}
