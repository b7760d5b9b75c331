/**
 * `npx tsx test/engine/cuad/cuadNearestExamples.ts [--held-out]`: an experiment, not part of the engine. Would
 * learning CUAD's annotators' choice from labelled examples find the clauses the engine misses? A nearest-example
 * retriever learns from one set of contracts (each yes/no category's labelled clauses as TF-IDF vectors over the
 * engine's own stems) and ranks another set's sentences by their best cosine to any example of the category. It
 * prints totals only: on how many labelled items its top sentence, or one of its top three (not adjacent), quotes the
 * labelled clause (`quotesClause`), how many of those the engine's plain-wording answer misses, and how well its
 * best score tells contracts with the clause from those without.
 *
 * Without `--held-out`: trained on each fold of the tuning half, tested on the other. With it: trained on the whole
 * tuning half, tested on the held-out half (a look at the held-out totals, as the bench prints them).
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { Effect } from "effect"
import { makeIndexCache } from "../../../src/service/engine/extractive/PassageIndex.js"
import { terms } from "../../../src/service/engine/extractive/Terms.js"
import { loadDocument } from "../loadSample.js"
import { type CuadCell, halfOf, runCuad, sharedDir } from "./CuadEval.js"
import { foldsOf } from "./CuadFolds.js"
import { quotesClause } from "./CuadJudge.js"
import { cuadQuestions } from "./CuadQuestions.js"

interface LabelledContract {
  readonly doc: string
  readonly items: ReadonlyArray<{
    readonly category: string
    readonly answer: string | null
    readonly clauses: ReadonlyArray<string>
  }>
}

type Vector = ReadonlyMap<string, number>
interface Sentence {
  readonly text: string
  readonly order: number
  readonly stems: ReadonlyMap<string, number>
}

const shared = sharedDir()
if (shared === undefined) throw new Error("no shared corpus on this machine")
const heldOut = process.argv.includes("--held-out")
const labels: { readonly documents: ReadonlyArray<LabelledContract> } = JSON.parse(
  readFileSync(join(shared, "corpus-labels", "cuad-qa.json"), "utf8")
)
const tuning = labels.documents.filter((contract) => halfOf(contract.doc) === "tuning")
const contracts = heldOut ? labels.documents : tuning
const categories = cuadQuestions.filter((questions) => questions.kind === "yesno").map((q) => q.category)

const counts = (stems: ReadonlyArray<string>) => {
  const out = new Map<string, number>()
  for (const stem of stems) out.set(stem, (out.get(stem) ?? 0) + 1)
  return out
}

const indexFor = makeIndexCache(1)
const sentencesOf = new Map<string, ReadonlyArray<Sentence>>()
for (const [i, contract] of contracts.entries()) {
  const document = await Effect.runPromise(loadDocument(join(shared, "corpus", contract.doc), 30_000 + i))
  const index = indexFor([document])
  sentencesOf.set(
    contract.doc,
    index.sentences(document.id).map((s) => ({ text: s.text, order: s.order, stems: s.stems }))
  )
}

/** The engine's answers in the plain wording, to count what the retriever adds. */
const cells: ReadonlyArray<CuadCell> =
  (await Effect.runPromise(runCuad(heldOut ? ["heldOut"] : ["tuning"])))?.cells ?? []
const engineQuotes = (doc: string, category: string) =>
  cells.some((c) => c.doc === doc && c.category === category && c.wording === "plain" && c.evidence === true)

/** Learns from `train`, tests on `test`; prints one line of totals. */
const experiment = (name: string, train: ReadonlyArray<LabelledContract>, test: ReadonlyArray<LabelledContract>) => {
  const frequency = new Map<string, number>()
  let n = 0
  for (const contract of train) {
    for (const sentence of sentencesOf.get(contract.doc) ?? []) {
      n++
      for (const stem of sentence.stems.keys()) frequency.set(stem, (frequency.get(stem) ?? 0) + 1)
    }
  }
  const vector = (stems: ReadonlyMap<string, number>): Vector => {
    const weights = [...stems].map(([stem, count]) => {
      const weight = (1 + Math.log(count)) * Math.log((n + 1) / ((frequency.get(stem) ?? 0) + 1))
      return [stem, weight] as const
    })
    const norm = Math.sqrt(weights.reduce((sum, [, w]) => sum + w * w, 0)) || 1
    return new Map(weights.map(([stem, w]) => [stem, w / norm]))
  }
  const cosine = (a: Vector, b: Vector) => {
    let sum = 0
    for (const [stem, w] of a) sum += w * (b.get(stem) ?? 0)
    return sum
  }
  const tally = { items: 0, engine: 0, top1: 0, top3: 0, added1: 0, added3: 0 }
  const bestWith: Array<number> = []
  const bestWithout: Array<number> = []
  for (const category of categories) {
    const examples = train
      .flatMap((contract) => contract.items.find((item) => item.category === category)?.clauses ?? [])
      .flatMap((clause) => clause.split(/<omitted>/i))
      .map((piece) => terms(piece))
      .filter((stems) => stems.length >= 4)
      .map((stems) => vector(counts(stems)))
    if (examples.length === 0) continue
    for (const contract of test) {
      const item = contract.items.find((candidate) => candidate.category === category)
      if (item === undefined) continue
      const ranked = (sentencesOf.get(contract.doc) ?? [])
        .map((sentence) => {
          const v = vector(sentence.stems)
          return { sentence, score: Math.max(...examples.map((example) => cosine(v, example))) }
        })
        .sort((a, b) => b.score - a.score)
      const top: typeof ranked = []
      for (const candidate of ranked) {
        if (top.length >= 3) break
        if (top.every((taken) => Math.abs(taken.sentence.order - candidate.sentence.order) > 1)) top.push(candidate)
      }
      const labelled = item.answer !== "No" && item.clauses.length > 0
      ;(labelled ? bestWith : bestWithout).push(top[0]?.score ?? 0)
      if (!labelled) continue
      const quotes = (text: string) => item.clauses.some((clause) => quotesClause(text, clause))
      const engine = engineQuotes(contract.doc, category)
      const first = quotes(top[0]?.sentence.text ?? "")
      const any = top.some((candidate) => quotes(candidate.sentence.text))
      tally.items++
      tally.engine += engine ? 1 : 0
      tally.top1 += first ? 1 : 0
      tally.top3 += any ? 1 : 0
      tally.added1 += first && !engine ? 1 : 0
      tally.added3 += any && !engine ? 1 : 0
    }
  }
  const at = (values: Array<number>, share: number) =>
    (values.sort((a, b) => a - b)[Math.floor(share * (values.length - 1))] ?? 0).toFixed(2)
  console.log(
    `${name}: ${tally.items} labelled items; the engine quotes ${tally.engine}; the nearest example's top sentence ` +
      `${tally.top1}, its top three ${tally.top3}; not quoted by the engine: ${tally.added1} (top), ${tally.added3} ` +
      `(top three). Best score with the clause: median ${at(bestWith, 0.5)}; without: median ` +
      `${at(bestWithout, 0.5)}, 90th percentile ${at(bestWithout, 0.9)}`
  )
}

if (heldOut) {
  experiment(
    "tuning half → held-out half",
    tuning,
    labels.documents.filter((c) => halfOf(c.doc) === "heldOut")
  )
} else {
  const folds = foldsOf(tuning.map((contract) => contract.doc))
  const fold = (name: string) => tuning.filter((contract) => folds.get(contract.doc) === name)
  experiment("fold A → fold B", fold("A"), fold("B"))
  experiment("fold B → fold A", fold("B"), fold("A"))
}
