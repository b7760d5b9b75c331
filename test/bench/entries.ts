import { Effect } from "effect"
import { benchExtractive } from "../engine/benchExtractive.js"
import { exportBench } from "../export/benchExport.js"
import { htmlBench } from "../export/html/benchHtml.js"
import { benchProfile, type FlowFigures, type FlowProfile, flowProfiles } from "../runner/benchRunner.js"
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

type Row = { metric: string; value: number | string; target: string; ok: boolean | undefined }

const row = (metric: string, value: number | string, target = "", ok?: boolean): Row => ({
  metric,
  value,
  target,
  ok
})

/** The targets of the flow-control issue, per profile (docsweep with default settings unless the profile names one). */
const flowTargets = (f: FlowFigures, profile: FlowProfile): ReadonlyArray<Row> => {
  const within = (metric: string, value: number | undefined, max: number) =>
    row(metric, value ?? "n/a", `<= ${max}`, value !== undefined && value <= max)
  const latency = profile.latencyMs
  switch (profile.name) {
    case "50w-200ms-5000":
    case "4w-200ms-400":
      return [
        within("docsweep ÷ naive", f.vsNaive, 1.1),
        within("queue wait p95 (ms)", f.queueWaitP95, 2 * latency),
        within("peak pending", f.peakPending, 4 * profile.workers),
        ...(profile.workers === 50 ? [within("response KB per cell", f.responseKbPerCell, 20)] : [])
      ]
    case "64w-0ms-10000":
      return [within("docsweep ÷ naive", f.vsNaive, 2)]
    case "50w-lognormal1s-maxpending200-2000":
      return [
        row(
          "answered / failed",
          `${f.answered} / ${f.failed}`,
          `${f.cells} / 0`,
          f.answered === f.cells && f.failed === 0
        ),
        within("docsweep ÷ ideal", f.vsIdeal, 1.25)
      ]
    case "50w-200ms-5000-concurrency50":
      return [within("docsweep ÷ ideal", f.vsIdeal, 1.25)]
    case "64w-0ms-100000-cli":
      return [
        row("cells per second", f.cellsPerSecond, ">= 1000", f.cellsPerSecond >= 1000 && f.outcome === "completed"),
        within("peak RSS (MB)", f.peakRssMb, 400)
      ]
    default:
      return []
  }
}

/**
 * Issue 12: docsweep's flow control on each service profile, beside the naive client on the same service. The
 * targeted figures carry their targets; the rest of the matrix is printed for reading.
 */
const runnerBench: BenchEntry = {
  name: "runner",
  run: async () => {
    const rows: Array<Row> = []
    for (const profile of flowProfiles) {
      const f = await benchProfile(profile)
      const name = (metric: string) => `${profile.name}: ${metric}`
      rows.push(
        row(name("docsweep makespan (s)"), f.seconds),
        row(name("naive makespan (s)"), f.naiveSeconds ?? f.naiveRefused ?? "not run"),
        row(name("docsweep ÷ naive"), f.vsNaive ?? "n/a"),
        row(
          name("ideal (s): nominal / at the service's measured answer times"),
          `${f.idealSeconds.toFixed(2)} / ${f.measuredIdealSeconds.toFixed(2)}`
        ),
        row(name("docsweep ÷ ideal"), f.vsIdeal),
        row(name("queue wait p50 / p95 (ms)"), `${f.queueWaitP50} / ${f.queueWaitP95}`),
        row(name("peak pending (naive)"), `${f.peakPending} (${f.naivePeakPending ?? "n/a"})`),
        row(name("requests per cell"), f.requestsPerCell),
        row(name("response KB per cell"), f.responseKbPerCell),
        row(name("runner peak RSS (MB)"), f.peakRssMb),
        row(name("outcome"), `${f.outcome}: ${f.answered} answered, ${f.failed} failed of ${f.cells}`),
        ...flowTargets(f, profile).map((target) => ({ ...target, metric: name(`target: ${target.metric}`) }))
      )
    }
    return rows
  }
}

/** Issue 15: how fast `docsweep --help` starts from the bundle built at install (median of five starts). */
const cliBench: BenchEntry = {
  name: "cli",
  run: async () => {
    const { spawnSync } = await import("node:child_process")
    const { fileURLToPath } = await import("node:url")
    const bin = fileURLToPath(new URL("../../src/cli/bin.js", import.meta.url))
    const times = Array.from({ length: 5 }, () => {
      const started = performance.now()
      const shown = spawnSync(bin, ["--help"], { encoding: "utf8" })
      if (shown.status !== 0) throw new Error(`docsweep --help exited ${shown.status}: ${shown.stderr}`)
      return (performance.now() - started) / 1000
    }).sort((a, b) => a - b)
    const median = times[2] ?? Number.NaN
    return [row("docsweep --help start (s, median of 5)", median, "< 1", median < 1)]
  }
}

export const benchEntries: ReadonlyArray<BenchEntry> = [
  cliBench,
  contractDecode,
  serviceBench,
  engineBench,
  exportBench,
  htmlBench,
  runnerBench
]
