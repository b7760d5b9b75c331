import type { CuadCell, Half } from "./CuadEval.js"
import { commonYesNo, type Wording, wordings } from "./CuadQuestions.js"

export interface Rate {
  readonly hits: number
  readonly total: number
  readonly rate: number
}

/** A rate over the three wordings together, each wording's own, and the worst of them. */
export interface WordedRate extends Rate {
  readonly byWording: Record<Wording, Rate>
  readonly worst: { readonly wording: Wording; readonly rate: number }
}

export interface HalfFigures {
  readonly documents: number
  /** Answers that quote the labelled clause or name the labelled value. */
  readonly evidence: WordedRate
  /** The same, counting only the rules' answer, not the passages the clause model relates to it. */
  readonly rulesEvidence: Rate
  /** Yes/no answers where CUAD labels no clause of the kind that are followed by related passages anyway. */
  readonly relatedWhereNone: Rate
  /** Yes/no answers that agree with the label, all yes/no categories. */
  readonly yesNo: WordedRate
  /** What always answering "No clause found" scores on the same yes/no items. */
  readonly yesNoBaseline: number
  /** The same over the five most common clause types. */
  readonly commonYesNo: WordedRate
  readonly commonYesNoBaseline: number
  /** Short answers that state the labelled date, party names, law, period or title. */
  readonly value: WordedRate
  /** Answers that give a value (date, period, law, parties) where CUAD labels none: lower is better. */
  readonly unfounded: Rate
  readonly byCategory: Record<string, { readonly evidence: Rate; readonly yesNo: Rate; readonly value: Rate }>
}

const rateOf = (outcomes: ReadonlyArray<boolean>): Rate => {
  const hits = outcomes.filter(Boolean).length
  return { hits, total: outcomes.length, rate: outcomes.length === 0 ? 0 : hits / outcomes.length }
}

const worded = (cells: ReadonlyArray<CuadCell>, pick: (cell: CuadCell) => boolean | undefined): WordedRate => {
  const judged = (wording?: Wording) =>
    cells
      .filter((cell) => wording === undefined || cell.wording === wording)
      .flatMap((cell) => {
        const outcome = pick(cell)
        return outcome === undefined ? [] : [outcome]
      })
  const byWording = Object.fromEntries(wordings.map((wording) => [wording, rateOf(judged(wording))])) as Record<
    Wording,
    Rate
  >
  const worst = wordings
    .map((wording) => ({ wording, rate: byWording[wording].rate }))
    .reduce((a, b) => (b.rate < a.rate ? b : a))
  return { ...rateOf(judged()), byWording, worst }
}

/** The figures of one half of the split. */
export const figuresOf = (all: ReadonlyArray<CuadCell>, half: Half): HalfFigures => {
  const cells = all.filter((cell) => cell.half === half)
  const noShare = (subset: ReadonlyArray<CuadCell>) =>
    rateOf(subset.filter((cell) => cell.yesNo !== undefined).map((cell) => cell.label === "No")).rate
  const common = cells.filter((cell) => commonYesNo.includes(cell.category))
  const categories = [...new Set(cells.map((cell) => cell.category))]
  return {
    documents: new Set(cells.map((cell) => cell.doc)).size,
    evidence: worded(cells, (cell) => cell.evidence),
    relatedWhereNone: rateOf(
      cells.filter((cell) => cell.yesNo !== undefined && cell.label === "No").map((cell) => cell.related)
    ),
    rulesEvidence: rateOf(cells.flatMap((cell) => (cell.rulesEvidence === undefined ? [] : [cell.rulesEvidence]))),
    yesNo: worded(cells, (cell) => cell.yesNo),
    yesNoBaseline: noShare(cells),
    commonYesNo: worded(common, (cell) => cell.yesNo),
    commonYesNoBaseline: noShare(common),
    value: worded(cells, (cell) => cell.value),
    unfounded: rateOf(cells.flatMap((cell) => (cell.unfounded === undefined ? [] : [cell.unfounded]))),
    byCategory: Object.fromEntries(
      categories.map((category) => {
        const own = cells.filter((cell) => cell.category === category)
        const outcomes = (pick: (cell: CuadCell) => boolean | undefined) =>
          rateOf(own.flatMap((cell) => (pick(cell) === undefined ? [] : [pick(cell) === true])))
        return [
          category,
          {
            evidence: outcomes((cell) => cell.evidence),
            yesNo: outcomes((cell) => cell.yesNo),
            value: outcomes((cell) => cell.value)
          }
        ]
      })
    )
  }
}
