import { loadavg } from "node:os"
import { Effect } from "effect"
import { benchExtractive } from "../engine/benchExtractive.js"
import type { HalfFigures, WordedRate } from "../engine/cuad/CuadFigures.js"
import { cuadQuestions } from "../engine/cuad/CuadQuestions.js"
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

type Row = { metric: string; value: number | string; target: string; ok: boolean | undefined }

const row = (metric: string, value: number | string, target = "", ok?: boolean): Row => ({
  metric,
  value,
  target,
  ok
})

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

/** Issues 4 and 17: the offline engine's hit rates and speed, and its evaluation on held-out CUAD contracts. */
const engineBench: BenchEntry = {
  name: "engine",
  run: async () => {
    const figures = await Effect.runPromise(benchExtractive())
    const { byKind, overall } = figures.hitRates
    const rows = Object.entries(byKind).map(([kind, { hits, total }]) =>
      row(`sample eval (tuned on): ${kind} (${hits}/${total})`, total === 0 ? 0 : hits / total)
    )
    const perCell = figures.perCellMsOn100Pages
    return [
      ...rows,
      row(
        `sample eval (tuned on): overall (${overall.hits}/${overall.total})`,
        overall.rate,
        ">= 0.8",
        overall.rate >= 0.8
      ),
      row(
        `ms per cell, ${figures.longDocument.pages}-page document: CPU time (median of 7 passes)`,
        figures.perCellCpuMsOn100Pages,
        "<= 20",
        figures.perCellCpuMsOn100Pages <= 20
      ),
      row(
        `ms per cell, ${figures.longDocument.pages}-page document: wall clock (median of 7; load ${loadavg()[0]?.toFixed(1)})`,
        perCell
      ),
      row(`ms for a summary, ${figures.longDocument.pages}-page document`, figures.summaryMsOn100Pages),
      ...(figures.cuad === undefined
        ? [row("CUAD evaluation", "skipped: no shared corpus (../shared, DOCSWEEP_SHARED or /work/shared)")]
        : cuadRows(figures.cuad.tuning, figures.cuad.heldOut))
    ]
  }
}

const pct = (rate: number) => `${(rate * 100).toFixed(1)} %`

/** The CUAD figures: held out with their targets, the tuning half beside them for reading, never as a target. */
const cuadRows = (tuning: HalfFigures, heldOut: HalfFigures): ReadonlyArray<Row> => {
  const spread = (rate: WordedRate) =>
    `${pct(rate.rate)} (worst: ${rate.worst.wording} ${pct(rate.worst.rate)}; ${Object.entries(rate.byWording)
      .map(([wording, r]) => `${wording} ${pct(r.rate)}`)
      .join(", ")})`
  const within = (rate: WordedRate) => rate.rate - rate.worst.rate <= 0.1
  const held = (metric: string) => `CUAD held-out (${heldOut.documents} contracts): ${metric}`
  const tuned = (metric: string) => `CUAD tuning half (${tuning.documents} contracts): ${metric}`
  const yesNoCategories = `${cuadQuestions.filter((questions) => questions.kind === "yesno").length} categories`
  return [
    row(
      held(`evidence hit rate (${heldOut.evidence.hits}/${heldOut.evidence.total})`),
      heldOut.evidence.rate,
      ">= 0.8",
      heldOut.evidence.rate >= 0.8
    ),
    row(
      held(
        `evidence in the rules' answer alone, before the related passages (${heldOut.rulesEvidence.hits}/${heldOut.rulesEvidence.total})`
      ),
      heldOut.rulesEvidence.rate
    ),
    row(
      held(
        `related passages shown where CUAD labels no clause of the kind (${heldOut.relatedWhereNone.hits}/${heldOut.relatedWhereNone.total} yes/no answers)`
      ),
      heldOut.relatedWhereNone.rate
    ),
    row(held('evidence: always "No clause found"'), 0),
    row(held("evidence by wording"), spread(heldOut.evidence), "worst within 10 points", within(heldOut.evidence)),
    row(
      held(`yes/no accuracy, ${yesNoCategories} (${heldOut.yesNo.hits}/${heldOut.yesNo.total})`),
      heldOut.yesNo.rate,
      ">= 0.85",
      heldOut.yesNo.rate >= 0.85
    ),
    row(held('yes/no: always "No clause found"'), heldOut.yesNoBaseline),
    row(held("yes/no by wording"), spread(heldOut.yesNo), "worst within 10 points", within(heldOut.yesNo)),
    row(
      held(`yes/no accuracy, 5 common categories (${heldOut.commonYesNo.hits}/${heldOut.commonYesNo.total})`),
      heldOut.commonYesNo.rate,
      ">= 0.85",
      heldOut.commonYesNo.rate >= 0.85
    ),
    row(held('5 common: always "No clause found"'), heldOut.commonYesNoBaseline),
    row(
      held("5 common by wording"),
      spread(heldOut.commonYesNo),
      "worst within 10 points",
      within(heldOut.commonYesNo)
    ),
    row(
      held(`short answer states the labelled value (${heldOut.value.hits}/${heldOut.value.total})`),
      spread(heldOut.value)
    ),
    row(
      held(
        `a value given where CUAD labels none, lower is better (${heldOut.unfounded.hits}/${heldOut.unfounded.total})`
      ),
      heldOut.unfounded.rate
    ),
    row(tuned("evidence hit rate"), spread(tuning.evidence)),
    row(
      tuned(`evidence in the rules' answer alone (${tuning.rulesEvidence.hits}/${tuning.rulesEvidence.total})`),
      tuning.rulesEvidence.rate
    ),
    row(tuned(`yes/no accuracy, ${yesNoCategories}`), spread(tuning.yesNo)),
    row(tuned('yes/no: always "No clause found"'), tuning.yesNoBaseline),
    row(tuned("yes/no accuracy, 5 common categories"), spread(tuning.commonYesNo)),
    row(tuned('5 common: always "No clause found"'), tuning.commonYesNoBaseline),
    row(tuned("short answer states the labelled value"), spread(tuning.value)),
    row(
      tuned(`a value given where CUAD labels none (${tuning.unfounded.hits}/${tuning.unfounded.total})`),
      tuning.unfounded.rate
    )
  ]
}

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
        // A 0 ms service has no ideal makespan to divide by; the CLI child counts no 429 replies.
        row(name("docsweep ÷ ideal"), Number.isFinite(f.vsIdeal) ? f.vsIdeal : "n/a"),
        row(name("queue wait p50 / p95 (ms)"), `${f.queueWaitP50} / ${f.queueWaitP95}`),
        row(name("peak pending (naive)"), `${f.peakPending} (${f.naivePeakPending ?? "n/a"})`),
        row(name("requests per cell"), f.requestsPerCell),
        row(name("429 replies"), Number.isFinite(f.throttled) ? f.throttled : "not counted"),
        row(name("response KB per cell"), f.responseKbPerCell),
        row(name("runner peak RSS (MB)"), f.peakRssMb),
        row(name("outcome"), `${f.outcome}: ${f.answered} answered, ${f.failed} failed of ${f.cells}`),
        ...flowTargets(f, profile).map((target) => ({ ...target, metric: name(`target: ${target.metric}`) }))
      )
    }
    return rows
  }
}

/** A large 2xx reply (a workspace's whole document list) read and decoded by the client. */
const clientBench: BenchEntry = {
  name: "client",
  run: async () => {
    const { benchLargeReplies } = await import("../client/benchClient.js")
    const figures = await Effect.runPromise(benchLargeReplies([20, 100]))
    return figures.map((f) =>
      row(
        `document list of ${f.megabytes.toFixed(0)} MB (${f.documents} documents): read and decoded (ms, median of 3)`,
        f.ms
      )
    )
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
  clientBench,
  serviceBench,
  engineBench,
  exportBench,
  htmlBench,
  runnerBench
]
