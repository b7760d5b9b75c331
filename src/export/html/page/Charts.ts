import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip
} from "chart.js"
import type { Cells } from "./Cells.js"
import { el } from "./Dom.js"

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement)
Chart.register(Tooltip, Legend)
Chart.defaults.font.family = "Inter, system-ui, sans-serif"
Chart.defaults.color = "#475467"
Chart.defaults.animation = false

/**
 * Excel's Good, Bad and Neutral cell styles: the xlsx report marks failed and pending cells with the last two, so
 * both reports read alike.
 */
const statusColours = {
  answered: { fill: "#C6EFCE", line: "#006100" },
  failed: { fill: "#FFC7CE", line: "#9C0006" },
  pending: { fill: "#FFEB9C", line: "#9C5700" },
  other: { fill: "#E4E7EC", line: "#667085" }
} as const

/** A chart in a box of its own height; Chart.js draws on the canvas (labels are drawn text, never markup). */
const chartBox = (label: string, height: number, config: ChartConfiguration): { box: HTMLElement; chart: Chart } => {
  const canvas = el("canvas", { role: "img", "aria-label": label })
  const box = el("div", { class: "chart-box" }, canvas)
  box.style.height = `${height}px`
  return { box, chart: new Chart(canvas, config) }
}

const bar = (label: string, data: Array<number>, colour: { fill: string; line: string }) => ({
  label,
  data,
  backgroundColor: colour.fill,
  borderColor: colour.line,
  borderWidth: 1
})

/** Counts by status per column: one stacked bar per column. */
export const statusChart = (cells: Cells) => {
  const tally = (codes: string) =>
    cells.data.columns.map((_, col) => {
      let n = 0
      for (let row = 0; row < cells.rows; row++) if (codes.includes(cells.status(cells.index(row, col)))) n++
      return n
    })
  const labels = cells.data.columns.map((column) => column.name)
  return chartBox("Cells by status per column", Math.max(160, 40 + labels.length * 26), {
    type: "bar",
    data: {
      labels,
      datasets: [
        bar("Answered", tally("s"), statusColours.answered),
        bar("Failed", tally("f"), statusColours.failed),
        bar("Pending or running", tally("pr"), statusColours.pending),
        bar("Skipped", tally("k"), statusColours.other)
      ]
    },
    options: {
      indexAxis: "y",
      maintainAspectRatio: false,
      scales: { x: { stacked: true, beginAtZero: true }, y: { stacked: true } },
      plugins: { legend: { position: "bottom" } }
    }
  })
}

/** 1, 2 or 5 times a power of ten, at least `raw`: bin widths a person reads at a glance. */
const niceStep = (raw: number): number => {
  const power = 10 ** Math.floor(Math.log10(raw))
  const factor = raw / power
  return (factor <= 1 ? 1 : factor <= 2 ? 2 : factor <= 5 ? 5 : 10) * power
}

/** How long answers took: a histogram of the cells' seconds (up to the 99th percentile; the rest in the last bin). */
export const latencyChart = (cells: Cells) => {
  const seconds = cells.data.cells.seconds.filter((s): s is number => s !== null).sort((a, b) => a - b)
  const top = seconds[Math.floor((seconds.length - 1) * 0.99)] ?? 0
  const width = top > 0 ? niceStep(top / 16) : 1
  const bins = Math.max(1, Math.min(24, Math.floor(top / width) + 1))
  const counts = new Array<number>(bins).fill(0)
  for (const s of seconds) {
    const bin = Math.min(bins - 1, Math.floor(s / width))
    counts[bin] = (counts[bin] ?? 0) + 1
  }
  const decimals = Math.max(0, -Math.floor(Math.log10(width)))
  const labels = counts.map((_, n) => `${n === bins - 1 && bins > 1 ? "≥ " : ""}${(width * n).toFixed(decimals)}`)
  return chartBox("Answer latency distribution", 240, {
    type: "bar",
    data: { labels, datasets: [{ ...bar("Cells", counts, { fill: "#B2CCFF", line: "#2E5AAC" }), barPercentage: 1 }] },
    options: {
      maintainAspectRatio: false,
      scales: {
        x: { title: { display: true, text: `seconds (bins of ${width.toFixed(decimals)} s)` } },
        y: { beginAtZero: true, title: { display: true, text: "cells" } }
      },
      plugins: { legend: { display: false } }
    }
  })
}

/**
 * Answers (and failures) settled over the run: cumulative counts against minutes since the run started; undefined
 * when the run settled no cell (a re-run with nothing new to ask).
 */
export const timelineChart = (cells: Cells) => {
  const last = cells.data.cells.finished.reduce<number>((most, ms) => Math.max(most, ms ?? 0), 0)
  // The unit that keeps the axis readable: seconds for a short run, minutes, or hours for a night's run.
  const [unit, scale] =
    last < 120_000 ? ["seconds", 1000] : last < 7_200_000 ? ["minutes", 60_000] : ["hours", 3_600_000]
  const points = (code: string) => {
    const times: Array<number> = []
    cells.data.cells.finished.forEach((ms, index) => {
      if (ms !== null && cells.status(index) === code) times.push(ms / scale)
    })
    times.sort((a, b) => a - b)
    // At most about 300 points a line: a 100,000-cell run draws as fast as a small one.
    const step = Math.max(1, Math.ceil(times.length / 300))
    const line = [{ x: 0, y: 0 }]
    for (let i = step - 1; i < times.length; i += step) line.push({ x: times[i] ?? 0, y: i + 1 })
    const lastTime = times.at(-1)
    if (lastTime !== undefined && line.at(-1)?.y !== times.length) line.push({ x: lastTime, y: times.length })
    return line
  }
  const line = (label: string, data: Array<{ x: number; y: number }>, colour: string) => ({
    label,
    data,
    borderColor: colour,
    backgroundColor: colour,
    pointRadius: 0,
    borderWidth: 2,
    stepped: true as const
  })
  const answered = points("s")
  const failed = points("f")
  if (answered.length === 1 && failed.length === 1) return undefined
  return chartBox("Answers over time during the run", 240, {
    type: "line",
    data: { datasets: [line("Answered", answered, "#12B76A"), line("Failed", failed, "#D92D20")] },
    options: {
      maintainAspectRatio: false,
      parsing: false,
      scales: {
        x: { type: "linear", beginAtZero: true, title: { display: true, text: `${unit} since the run started` } },
        y: { beginAtZero: true, title: { display: true, text: "cells" } }
      },
      plugins: { legend: { position: "bottom" } }
    }
  })
}
