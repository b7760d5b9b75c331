import { Effect } from "effect"
import { benchExtractive } from "../engine/benchExtractive.js"
import { exportBench } from "../export/benchExport.js"
import { benchRunner, largeBench, smallBench } from "../runner/benchRunner.js"
import { benchService } from "../service/benchService.js"

/** One benchmark: returns rows of metric, value, target and whether the target holds. */
export interface BenchEntry {
  readonly name: string
  readonly run: () => Promise<
    ReadonlyArray<{ metric: string; value: number | string; target: string; ok: boolean | undefined }>
  >
}

/** The smallest real measurement: decoding a 10,000-cell list reply against the contract. */
const contractDecode: BenchEntry = {
  name: "contract",
  run: async () => {
    const { Schema } = await import("effect")
    const { AiCell } = await import("../../src/api/Tables.js")
    const cells = Array.from({ length: 10_000 }, (_, i) => ({
      id: i + 1,
      task_status: "success",
      ai_column_id: 1 + (i % 50),
      document_id: 1 + Math.floor(i / 50),
      response: "x".repeat(300),
      task_id: `t-${i}`,
      meta: {},
      modified_at: "2026-01-01T00:00:00Z"
    }))
    const decode = Schema.decodeUnknownSync(Schema.Array(AiCell))
    const started = performance.now()
    decode(cells)
    const ms = performance.now() - started
    return [{ metric: "decode 10,000 cells (ms)", value: ms, target: "", ok: undefined }]
  }
}

/** Issue 3: the local service under load. */
const serviceBench: BenchEntry = {
  name: "service",
  run: async () => {
    const figures = await benchService()
    return [
      { metric: "cell list requests/s (10,000-cell table)", value: figures.cellListRps, target: "", ok: undefined },
      {
        metric: "latency engine tasks/s (0 ms, 64 workers, 10,000 cells)",
        value: figures.latencyTasksPerSecond,
        target: "",
        ok: undefined
      }
    ]
  }
}

/** Issue 4: the offline engine's hit rates and speed. */
const engineBench: BenchEntry = {
  name: "engine",
  run: async () => {
    const figures = await Effect.runPromise(benchExtractive())
    const { byKind, overall } = figures.hitRates
    const rows = Object.entries(byKind).map(([kind, { hits, total }]) => ({
      metric: `hit rate: ${kind} (${hits}/${total})`,
      value: total === 0 ? 0 : hits / total,
      target: "",
      ok: undefined
    }))
    return [
      ...rows,
      {
        metric: `hit rate: overall (${overall.hits}/${overall.total})`,
        value: overall.rate,
        target: ">= 0.8",
        ok: overall.rate >= 0.8
      },
      {
        metric: `ms per cell, ${figures.longDocument.pages}-page document`,
        value: figures.perCellMsOn100Pages,
        target: "",
        ok: undefined
      },
      ...(figures.cuad === undefined
        ? []
        : [
            { metric: "CUAD extraction hit rate", value: figures.cuad.extraction.rate, target: "", ok: undefined },
            { metric: "CUAD yes/no accuracy", value: figures.cuad.yesNo.rate, target: "", ok: undefined }
          ])
    ]
  }
}

/** Issue 5: the runner against `serve --engine latency`, each in its own process. */
const runnerBench: BenchEntry = {
  name: "runner",
  run: async () => {
    const small = await benchRunner(smallBench)
    // `docsweep run` itself, with Node's default heap settings, as cron starts it.
    const large = await benchRunner(largeBench)
    return [
      {
        metric: "5,000 cells @200 ms: makespan / ideal",
        value: small.ratio,
        target: "<= 1.25",
        ok: small.ratio <= 1.25
      },
      {
        metric: "5,000 cells: HTTP requests per cell",
        value: small.requestsPerCell,
        target: "<= 0.5",
        ok: small.requestsPerCell <= 0.5
      },
      { metric: "5,000 cells: response bytes per cell", value: small.bytesPerCell, target: "", ok: undefined },
      { metric: "5,000 cells: runner peak RSS (MB)", value: small.peakRssMb, target: "", ok: undefined },
      {
        metric: "100,000 cells @0 ms (docsweep run): cells per second",
        value: large.cellsPerSecond,
        target: "",
        ok: undefined
      },
      {
        metric: "100,000 cells (docsweep run): peak RSS (MB)",
        value: large.peakRssMb,
        target: "<= 400",
        ok: large.peakRssMb <= 400 && large.outcome === "completed"
      }
    ]
  }
}

export const benchEntries: ReadonlyArray<BenchEntry> = [
  contractDecode,
  serviceBench,
  engineBench,
  exportBench,
  runnerBench
]
