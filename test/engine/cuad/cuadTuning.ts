/**
 * `npx tsx test/engine/cuad/cuadTuning.ts [CATEGORY...]`: the tuning half only, per category, with every miss
 * written to output/bench/cuad-tuning-misses.json. The held-out half is never shown here.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { Effect } from "effect"
import { runCuad } from "./CuadEval.js"
import { figuresOf } from "./CuadFigures.js"

const result = await Effect.runPromise(runCuad(["tuning"]))
if (result === undefined) throw new Error("no shared corpus on this machine")
const figures = figuresOf(result.cells, "tuning")
const pct = (rate: number) => `${(rate * 100).toFixed(1)}%`
for (const [category, rates] of Object.entries(figures.byCategory)) {
  const cells = [rates.evidence, rates.yesNo, rates.value].map((r) =>
    r.total === 0 ? "-" : `${pct(r.rate)} (${r.hits}/${r.total})`
  )
  console.log(
    `${category.padEnd(36)} evidence ${cells[0]?.padEnd(16)} yes/no ${cells[1]?.padEnd(16)} value ${cells[2]}`
  )
}
for (const [name, rate] of [
  ["evidence", figures.evidence],
  ["yes/no", figures.yesNo],
  ["common yes/no", figures.commonYesNo],
  ["value", figures.value]
] as const) {
  const per = Object.entries(rate.byWording)
    .map(([w, r]) => `${w} ${pct(r.rate)}`)
    .join(", ")
  console.log(`${name}: ${pct(rate.rate)} (${rate.hits}/${rate.total}); ${per}`)
}
console.log(`baselines: yes/no ${pct(figures.yesNoBaseline)}, common ${pct(figures.commonYesNoBaseline)}`)
const wanted = process.argv.slice(2)
const misses = result.cells.filter(
  (cell) =>
    (wanted.length === 0 || wanted.includes(cell.category)) &&
    (cell.evidence === false || cell.yesNo === false || cell.value === false)
)
mkdirSync("output/bench", { recursive: true })
writeFileSync("output/bench/cuad-tuning-misses.json", `${JSON.stringify(misses, null, 2)}\n`)
console.log(`${misses.length} misses written to output/bench/cuad-tuning-misses.json`)
