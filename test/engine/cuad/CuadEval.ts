import { existsSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Effect } from "effect"
import { makeExtractiveEngine } from "../../../src/service/engine/ExtractiveEngine.js"
import { withoutRelated } from "../../../src/service/engine/extractive/RelatedClauses.js"
import { askCell, firstParagraph } from "../evaluate.js"
import { loadDocument } from "../loadSample.js"
import { namesDate, namesParties, namesPlace, quotesClause, samePeriod } from "./CuadJudge.js"
import { type CategoryQuestions, cuadQuestions, type Wording, wordings } from "./CuadQuestions.js"

interface CuadItem {
  readonly category: string
  readonly answer: string | null
  readonly clauses: ReadonlyArray<string>
}

interface CuadDocument {
  readonly doc: string
  readonly items: ReadonlyArray<CuadItem>
}

export type Half = "tuning" | "heldOut"

/** One question asked of one contract in one wording, judged. `undefined`: the item does not count there. */
export interface CuadCell {
  readonly doc: string
  readonly half: Half
  readonly category: string
  readonly wording: Wording
  readonly label: string | null
  readonly answer: string
  /** The answer quotes a labelled clause, or names the labelled value (items with labelled clauses). */
  readonly evidence: boolean | undefined
  /**
   * `evidence` judged on the rules' answer alone, before the passages the clause model relates to it
   * (`RelatedClauses`): how much of the evidence each layer finds.
   */
  readonly rulesEvidence: boolean | undefined
  /** Whether passages the clause model relates follow the rules' answer (questions about a kind of clause). */
  readonly related: boolean
  /** The yes/no answer agrees with the label (yes/no categories). */
  readonly yesNo: boolean | undefined
  /** The short answer states the labelled value (dates, parties, law, periods, titles). */
  readonly value: boolean | undefined
  /**
   * For a value CUAD labels none of (the contract states no renewal term, no expiry date): whether the answer gives
   * one anyway. Lower is better: such a value is wrong whatever it is.
   */
  readonly unfounded: boolean | undefined
}

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url))

/**
 * Where the shared evaluation corpus is: `<repo>/../shared` when present, else `DOCSWEEP_SHARED`, else
 * `/work/shared` (a worktree's `../shared` is not the project's). Undefined when none holds the corpus; the
 * benchmark then skips it. Tests never call this.
 */
export const sharedDir = (): string | undefined =>
  [join(dirname(repoRoot.replace(/\/$/, "")), "shared"), process.env.DOCSWEEP_SHARED, "/work/shared"]
    .filter((dir): dir is string => dir !== undefined && dir !== "")
    .find((dir) => existsSync(join(dir, "corpus")) && existsSync(join(dir, "corpus-labels", "cuad-qa.json")))

const split: { readonly tuning: ReadonlyArray<string> } = JSON.parse(
  readFileSync(new URL("../../fixtures/cuad-split.json", import.meta.url), "utf8")
)

/** The committed split (test/fixtures/cuad-split.json); a contract it does not list is held out. */
export const halfOf = (doc: string): Half => (split.tuning.includes(doc) ? "tuning" : "heldOut")

/** The categories whose answer is a value (a date, a period, a place, names), not a clause or a yes or no. */
const valueKinds: ReadonlyArray<CategoryQuestions["kind"]> = ["date", "period", "law", "parties"]

/**
 * Whether an answer's first paragraph gives a value: not a bare quote, and not "Not found…", "No period is stated;
 * the closest passage:" or "No end date is stated; …".
 */
const givesValue = (short: string) => !/^\s*["“]/.test(short) && !/^\s*(?:not\s+found|no\b)/i.test(short)

const judge = (questions: CategoryQuestions, item: CuadItem, answer: string) => {
  const short = firstParagraph(answer)
  const label = item.answer
  const isYesNoLabel = label === "Yes" || label === "No"
  const quoted = item.clauses.some((clause) => quotesClause(answer, clause))
  const valued = label !== null && !isYesNoLabel && label.toLowerCase() !== "perpetual"
  const value = (() => {
    if (!valued) return undefined
    switch (questions.kind) {
      case "date":
        return namesDate(short, label)
      case "parties":
        return namesParties(short, label)
      case "law":
        return namesPlace(short, label)
      case "period":
        return samePeriod(short, label)
      case "name":
        return quotesClause(short, label)
      case "yesno":
        return undefined
    }
  })()
  const evidence = (() => {
    if (item.clauses.length === 0 || label === "No") return undefined
    if (questions.kind === "parties") return label !== null && namesParties(answer, label)
    if (questions.kind === "date" && valued && namesDate(answer, label)) return true
    return quoted || value === true
  })()
  const yesNo = questions.kind === "yesno" && isYesNoLabel ? /^yes\b/i.test(short) === (label === "Yes") : undefined
  const unfounded = label === null && valueKinds.includes(questions.kind) ? givesValue(short) : undefined
  return { evidence, yesNo, value, unfounded }
}

/** The judgement of the whole answer, and its evidence judged on the rules' answer alone. */
const judgeLayers = (questions: CategoryQuestions, item: CuadItem, answer: string) => ({
  ...judge(questions, item, answer),
  rulesEvidence: judge(questions, item, withoutRelated(answer)).evidence,
  related: withoutRelated(answer) !== answer
})

/**
 * Asks every category's three wordings of every labelled contract found in the shared corpus (plain-text
 * versions) and judges each answer. Undefined when the corpus is not on this machine.
 */
export const runCuad = (halves: ReadonlyArray<Half> = ["tuning", "heldOut"]) =>
  Effect.gen(function* () {
    const shared = sharedDir()
    if (shared === undefined) return undefined
    const labels: { readonly documents: ReadonlyArray<CuadDocument> } = JSON.parse(
      readFileSync(join(shared, "corpus-labels", "cuad-qa.json"), "utf8")
    )
    const engine = makeExtractiveEngine()
    const cells: Array<CuadCell> = []
    for (const [i, entry] of labels.documents.entries()) {
      const path = join(shared, "corpus", entry.doc)
      if (!existsSync(path) || !halves.includes(halfOf(entry.doc))) continue
      const document = yield* loadDocument(path, 10_000 + i)
      for (const questions of cuadQuestions) {
        const item = entry.items.find((candidate) => candidate.category === questions.category)
        if (item === undefined) continue
        for (const wording of wordings) {
          const answer = yield* askCell(engine, document, questions[wording])
          cells.push({
            doc: entry.doc,
            half: halfOf(entry.doc),
            category: questions.category,
            wording,
            label: item.answer,
            answer,
            ...judgeLayers(questions, item, answer)
          })
        }
      }
    }
    return { shared, cells }
  })
