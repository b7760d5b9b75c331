/**
 * Benchmark of the report writers: 100,000 cells (2,000 documents × 50 columns, ~300 characters each).
 * Each run is its own child process (BenchChild.ts), so peak RSS is one writer's alone; the model itself (all
 * 100,000 answers in memory, as the store would hand them over) counts too. Targets: xlsx time at most
 * 1.5× exceljs's streaming writer writing the same values unstyled, and peak RSS at most 400 MB.
 */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { measureInChild } from "./measureChild.js"

export interface WriterFigures {
  readonly seconds: number
  readonly peakRssMb: number
}

export interface BenchFigures {
  readonly xlsx: WriterFigures
  readonly csv: WriterFigures
  readonly baselineXlsxSeconds: number
  /** xlsx seconds / baseline seconds. */
  readonly ratio: number
}

const child = fileURLToPath(new URL("./BenchChild.ts", import.meta.url))

type Mode = "xlsx" | "csv" | "baseline"

const measure = (mode: Mode, dir: string) => measureInChild<WriterFigures>(child, mode, dir)

/**
 * Rounds of one run per writer, interleaved so that other load on the machine hits them alike. The fastest time
 * of each is reported (as timeit does: slower runs measure that other load, not the writer) with the highest
 * peak RSS of any of its runs.
 */
const rounds = 3

export async function benchExport(): Promise<BenchFigures> {
  const dir = await mkdtemp(join(tmpdir(), "docsweep-bench-"))
  const modes: ReadonlyArray<Mode> = ["baseline", "xlsx", "csv"]
  const figures = new Map<Mode, Array<WriterFigures>>(modes.map((mode) => [mode, []]))
  for (let round = 0; round < rounds; round++) {
    for (const mode of modes) figures.get(mode)?.push(await measure(mode, dir))
  }
  await rm(dir, { recursive: true, force: true })
  const best = (mode: Mode): WriterFigures => {
    const runs = figures.get(mode) ?? []
    return {
      seconds: Math.min(...runs.map((run) => run.seconds)),
      peakRssMb: Math.max(...runs.map((run) => run.peakRssMb))
    }
  }
  const [baseline, xlsx, csv] = [best("baseline"), best("xlsx"), best("csv")]
  return { xlsx, csv, baselineXlsxSeconds: baseline.seconds, ratio: xlsx.seconds / baseline.seconds }
}

/** For `test/bench/entries.ts` (same shape as its `BenchEntry`): add `exportBench` to `benchEntries`. */
export const exportBench = {
  name: "export",
  run: async () => {
    const figures = await benchExport()
    return [
      { metric: "xlsx seconds", value: figures.xlsx.seconds, target: "", ok: undefined },
      {
        metric: "xlsx peak RSS (MB)",
        value: figures.xlsx.peakRssMb,
        target: "<= 400",
        ok: figures.xlsx.peakRssMb <= 400
      },
      { metric: "csv seconds", value: figures.csv.seconds, target: "", ok: undefined },
      { metric: "csv peak RSS (MB)", value: figures.csv.peakRssMb, target: "<= 400", ok: figures.csv.peakRssMb <= 400 },
      { metric: "exceljs unstyled baseline seconds", value: figures.baselineXlsxSeconds, target: "", ok: undefined },
      { metric: "xlsx / baseline", value: figures.ratio, target: "<= 1.5", ok: figures.ratio <= 1.5 }
    ]
  }
} as const

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const figures = await benchExport()
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`)
}
