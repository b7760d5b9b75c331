import type { Chart } from "chart.js"
import { runDuration } from "../Durations.js"
import type { Cells } from "./Cells.js"
import { latencyChart, statusChart, timelineChart } from "./Charts.js"
import { button, count, dateTime, el, isolatedList, replace } from "./Dom.js"

/** A failure reason and the cells that failed with it. */
interface Reason {
  readonly reason: string
  cells: number
  readonly columns: Set<string>
  readonly documents: Set<string>
}

/** Failed cells grouped by their reason, most frequent first. */
const failureReasons = (cells: Cells): ReadonlyArray<Reason> => {
  const reasons = new Map<string, Reason>()
  for (let index = 0; index < cells.rows * cells.cols; index++) {
    if (cells.status(index) !== "f") continue
    const reason = (cells.error(index) ?? "no reason recorded").replace(/\s+/g, " ").trim()
    const entry = reasons.get(reason) ?? { reason, cells: 0, columns: new Set(), documents: new Set() }
    reasons.set(reason, entry)
    entry.cells++
    entry.columns.add(cells.data.columns[index % cells.cols]?.name ?? "")
    entry.documents.add(cells.data.documents.filenames[Math.floor(index / cells.cols)] ?? "")
  }
  return [...reasons.values()].sort((a, b) => b.cells - a.cells || a.reason.localeCompare(b.reason))
}

const card = (label: string, value: string, tone = "", note?: string) =>
  el(
    "div",
    { class: `card ${tone}` },
    el("div", { class: "card-label" }, label),
    el("div", { class: "card-value" }, value),
    note !== undefined && el("div", { class: "card-note" }, note)
  )

const table = (headers: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<Node | string>>) =>
  el(
    "table",
    { class: "plain" },
    el("thead", {}, el("tr", {}, ...headers.map((header) => el("th", { scope: "col" }, header)))),
    el("tbody", {}, ...rows.map((cells) => el("tr", {}, ...cells.map((cell) => el("td", {}, cell)))))
  )

const listed = (names: Set<string>, most: number) => {
  const all = [...names]
  return el("span", {}, isolatedList(all.slice(0, most)), all.length > most && ` and ${count(all.length - most)} more`)
}

/**
 * The run overview: outcome and counts, counts by status per column, answer latency, answers over time, failures
 * grouped by reason and the run's settings (the token is never among them). `showFailures` opens the grid on the
 * failures of one reason.
 */
export const renderOverview = (
  target: HTMLElement,
  cells: Cells,
  charts: Array<Chart>,
  showFailures: (reason: string) => void
): void => {
  for (const chart of charts.splice(0)) chart.destroy()
  const { data } = cells
  const { run } = data
  const total = cells.rows * cells.cols
  const tally = (codes: string) => {
    let n = 0
    for (let i = 0; i < total; i++) if (codes.includes(cells.status(i))) n++
    return n
  }
  const failed = tally("f")
  const pending = tally("pr")
  const summary = el(
    "div",
    { class: "cards" },
    card("Outcome", run.outcome, run.outcome === "completed" ? "good" : run.outcome === "running" ? "" : "warn"),
    card("Started", dateTime(run.startedAt), "small"),
    card("Duration", runDuration(run)),
    card("Answered", count(tally("s")), "good", `of ${count(total)} cells`),
    card("Failed", count(failed), failed > 0 ? "bad" : ""),
    card("Pending", count(pending), pending > 0 ? "warn" : ""),
    card("Chat messages", count(data.chats.length))
  )
  const status = statusChart(cells)
  const latency = latencyChart(cells)
  const timeline = timelineChart(cells)
  charts.push(status.chart, latency.chart)
  if (timeline !== undefined) charts.push(timeline.chart)
  const reasons = failureReasons(cells)
  const failures =
    reasons.length === 0
      ? el("p", { class: "muted" }, "No cell failed.")
      : table(
          ["Reason", "Cells", "Columns", "Documents", ""],
          reasons.map((reason) => [
            el("span", { class: "reason" }, reason.reason),
            count(reason.cells),
            listed(reason.columns, 3),
            listed(reason.documents, 3),
            button("Show in grid", () => showFailures(reason.reason), { class: "link-button" })
          ])
        )
  const facts: ReadonlyArray<readonly [string, string]> = [
    ["Pipeline", `${data.pipeline.name} (${data.pipeline.file})`],
    ["Pipeline hash", data.pipeline.hash],
    ["Run", `#${run.id}${data.previousRunId === null ? "" : ` (previous: #${data.previousRunId})`}`],
    ["Service", run.baseUrl],
    ["Finished", dateTime(run.finishedAt)],
    ["docsweep", run.docsweepVersion],
    ["Report written", dateTime(data.generatedAt)]
  ]
  replace(
    target,
    el("h2", { class: "section-title" }, "Run overview"),
    summary,
    run.note !== null && el("p", { class: "note" }, run.note),
    el("section", { class: "panel" }, el("h3", {}, "Cells by status per column"), status.box),
    el(
      "div",
      { class: "two" },
      el("section", { class: "panel" }, el("h3", {}, "Answer latency"), latency.box),
      el(
        "section",
        { class: "panel" },
        el("h3", {}, "Answers over time"),
        timeline?.box ??
          el("p", { class: "empty-chart" }, "No cell was answered in this run: its answers come from earlier runs.")
      )
    ),
    el("section", { class: "panel" }, el("h3", {}, "Failures by reason"), failures),
    el(
      "div",
      { class: "two" },
      el(
        "section",
        { class: "panel" },
        el("h3", {}, "Run"),
        table(
          ["", ""],
          facts.map(([k, v]) => [k, v])
        )
      ),
      el(
        "section",
        { class: "panel" },
        el("h3", {}, "Settings"),
        data.settings.length === 0
          ? el(
              "p",
              { class: "muted" },
              "Not listed: this run was recorded by a docsweep that kept no run's settings, or is a merge of shards."
            )
          : table(
              ["Setting", "Value", "From"],
              data.settings.map((setting) => [el("code", {}, setting.key), setting.value, setting.source])
            )
      )
    )
  )
}
