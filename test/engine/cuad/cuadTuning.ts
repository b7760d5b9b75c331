/**
 * `npx tsx test/engine/cuad/cuadTuning.ts [--dev A|B] [CATEGORY...]`: the tuning half only, split into two folds
 * (`CuadFolds`). The development fold (A unless `--dev B`) is shown per category, with every miss written to
 * output/bench/cuad-tuning-misses.json; the other fold only as totals, to check that a change carries to contracts
 * it was not tuned on. The held-out half is never run here.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { Effect } from "effect"
import { type CuadCell, runCuad } from "./CuadEval.js"
import { figuresOf, type HalfFigures } from "./CuadFigures.js"
import { type Fold, foldsOf } from "./CuadFolds.js"

const args = process.argv.slice(2)
const devAt = args.indexOf("--dev")
const dev: Fold = devAt >= 0 && args[devAt + 1] === "B" ? "B" : "A"
const check: Fold = dev === "A" ? "B" : "A"
// The categories named: every argument but `--dev` and its value (with no `--dev`, the first is a category too).
const wanted = args.filter((_, i) => devAt < 0 || (i !== devAt && i !== devAt + 1))

const result = await Effect.runPromise(runCuad(["tuning"]))
if (result === undefined) throw new Error("no shared corpus on this machine")
const folds = foldsOf([...new Set(result.cells.map((cell) => cell.doc))])
const inFold = (fold: Fold) => result.cells.filter((cell) => folds.get(cell.doc) === fold)
const pct = (rate: number) => `${(rate * 100).toFixed(1)}%`

const devFigures = figuresOf(inFold(dev), "tuning")
for (const [category, rates] of Object.entries(devFigures.byCategory)) {
  const cells = [rates.evidence, rates.yesNo, rates.value].map((r) =>
    r.total === 0 ? "-" : `${pct(r.rate)} (${r.hits}/${r.total})`
  )
  console.log(
    `${category.padEnd(36)} evidence ${cells[0]?.padEnd(16)} yes/no ${cells[1]?.padEnd(16)} value ${cells[2]}`
  )
}

/** Hedged yes/no answers ("Possibly: …"): how often they quote the labelled clause, and how often they come where there is none. */
const hedged = (cells: ReadonlyArray<CuadCell>) => {
  const possibly = cells.filter((cell) => cell.yesNo !== undefined && /^possibly\b/i.test(cell.answer))
  const onYes = possibly.filter((cell) => cell.label === "Yes")
  return `hedged: ${onYes.length} on "Yes" items (${onYes.filter((cell) => cell.evidence === true).length} quote the clause), ${possibly.length - onYes.length} on "No" items`
}

const totals = (name: string, figures: HalfFigures, cells: ReadonlyArray<CuadCell>) => {
  console.log(`fold ${name} (${figures.documents} contracts); ${hedged(cells)}`)
  for (const [metric, rate] of [
    ["evidence", figures.evidence],
    ["yes/no", figures.yesNo],
    ["common yes/no", figures.commonYesNo],
    ["value", figures.value]
  ] as const) {
    const per = Object.entries(rate.byWording)
      .map(([w, r]) => `${w} ${pct(r.rate)}`)
      .join(", ")
    console.log(`  ${metric}: ${pct(rate.rate)} (${rate.hits}/${rate.total}); ${per}`)
  }
  const { relatedWhereNone, rulesEvidence, unfounded } = figures
  console.log(
    `  evidence in the rules' answer alone: ${pct(rulesEvidence.rate)} (${rulesEvidence.hits}/${rulesEvidence.total})`
  )
  console.log(
    `  related passages where CUAD labels no clause: ${pct(relatedWhereNone.rate)} (${relatedWhereNone.hits}/${relatedWhereNone.total})`
  )
  console.log(
    `  value where none is labelled: ${pct(unfounded.rate)} (${unfounded.hits}/${unfounded.total}), lower is better`
  )
}
totals(`${dev} (development)`, devFigures, inFold(dev))
totals(`${check} (check: totals only)`, figuresOf(inFold(check), "tuning"), inFold(check))
totals("A+B (tuning half)", figuresOf(result.cells, "tuning"), result.cells)

const missed = (cell: CuadCell) => cell.evidence === false || cell.yesNo === false || cell.value === false
const misses = inFold(dev).filter((cell) => (wanted.length === 0 || wanted.includes(cell.category)) && missed(cell))
mkdirSync("output/bench", { recursive: true })
writeFileSync("output/bench/cuad-tuning-misses.json", `${JSON.stringify(misses, null, 2)}\n`)
writeFileSync("output/bench/cuad-tuning-cells.json", `${JSON.stringify(inFold(dev), null, 2)}\n`)
console.log(
  `${misses.length} misses of fold ${dev} written to output/bench/cuad-tuning-misses.json (all its answers: cuad-tuning-cells.json)`
)
