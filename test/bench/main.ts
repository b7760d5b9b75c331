/**
 * `npm run bench`: every benchmark the issues name, printed as one table and written to output/bench/latest.json.
 * Numbers are measured here, never asserted in timed tests. `npm run bench -- NAME...` runs only those.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { benchEntries } from "./entries.js"

interface Row {
  readonly bench: string
  readonly metric: string
  readonly value: number | string
  readonly target: string
  readonly ok: boolean | undefined
}

const wanted = process.argv.slice(2)
const rows: Array<Row> = []
const startedAt = new Date().toISOString()

for (const entry of benchEntries) {
  if (wanted.length > 0 && !wanted.includes(entry.name)) continue
  process.stderr.write(`bench ${entry.name}…\n`)
  const started = performance.now()
  try {
    for (const row of await entry.run()) rows.push({ bench: entry.name, ...row })
  } catch (error) {
    rows.push({ bench: entry.name, metric: "error", value: String(error), target: "", ok: false })
  }
  process.stderr.write(`bench ${entry.name} took ${((performance.now() - started) / 1000).toFixed(1)} s\n`)
}

const show = (value: number | string) => (typeof value === "number" ? Number(value.toFixed(3)).toString() : value)
const header = ["bench", "metric", "value", "target", "ok"]
const table = rows.map((row) => [
  row.bench,
  row.metric,
  show(row.value),
  row.target,
  row.ok === undefined ? "" : row.ok ? "yes" : "NO"
])
const widths = header.map((title, i) => Math.max(title.length, ...table.map((cells) => String(cells[i]).length)))
const line = (cells: ReadonlyArray<string>) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  ")
console.log(line(header))
console.log(widths.map((width) => "-".repeat(width)).join("  "))
for (const cells of table) console.log(line(cells.map(String)))

const dir = join("output", "bench")
mkdirSync(dir, { recursive: true })
writeFileSync(
  join(dir, "latest.json"),
  `${JSON.stringify({ startedAt, finishedAt: new Date().toISOString(), node: process.version, rows }, null, 2)}\n`
)
console.log(`\nwritten ${join(dir, "latest.json")}`)
