/**
 * `npx tsx test/engine/cuad/trainClauseModel.ts <legalbench-checkout>`: trains the clause model the engine ships
 * (`src/service/engine/extractive/clause-model.json`, read by `LearnedClauses`). A tool run by hand, never by tests.
 *
 * The examples are CUAD's expert-labelled clauses as LegalBench publishes them (github.com/HazyResearch/legalbench,
 * commit 14924b8ad989f9bc70d7f6f5f8c272201719a78a, each `tasks/CUAD_<category>` folder's `train.tsv` and
 * `test.tsv`; CUAD v1, The Atticus Project, CC BY 4.0): for each category, clauses labelled as that category ("Yes")
 * and clauses of other categories ("No"), drawn from CUAD's 510 contracts. Beside them, every sentence of the
 * evaluation corpus's tuning half, labelled from its CUAD labels (see below). **None of the held-out half's contracts
 * may teach the model**, or it would no longer be held out: a LegalBench clause is dropped when twelve consecutive
 * words of it (the whole clause, when shorter) occur in any of the 53 corpus contracts, which also drops boilerplate
 * other contracts share with them. The script refuses to run without that corpus.
 *
 * One logistic model per kind of clause, over the engine's own stems and pairs of adjacent stems, trained by a
 * seeded stochastic gradient descent (the same file on every run); the weights of largest size are kept.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { parse } from "csv-parse/sync"
import { Effect } from "effect"
import type { ClauseName } from "../../../src/service/engine/extractive/ClauseNames.js"
import {
  type ClauseModel,
  clauseFeatures,
  shortestLearned
} from "../../../src/service/engine/extractive/LearnedClauses.js"
import { makeIndexCache } from "../../../src/service/engine/extractive/PassageIndex.js"
import { loadDocument } from "../loadSample.js"
import { halfOf, sharedDir } from "./CuadEval.js"
import { foldsOf } from "./CuadFolds.js"
import { quotesClause, tokens } from "./CuadJudge.js"

/** CUAD's category (as LegalBench names its task, case and punctuation aside) → the engine's kind of clause. */
const kinds: ReadonlyArray<readonly [string, ClauseName]> = [
  ["Most Favored Nation", "most favoured nation"],
  ["Competitive Restriction Exception", "competitive restriction exception"],
  ["Non-Compete", "non-compete"],
  ["Exclusivity", "exclusivity"],
  ["No-Solicit Of Customers", "non-solicitation of customers"],
  ["No-Solicit Of Employees", "non-solicitation of employees"],
  ["Non-Disparagement", "non-disparagement"],
  ["Termination For Convenience", "termination for convenience"],
  ["Rofr-Rofo-Rofn", "right of first refusal"],
  ["Change Of Control", "change of control"],
  ["Anti-Assignment", "anti-assignment"],
  ["Revenue-Profit Sharing", "revenue or profit sharing"],
  ["Price Restrictions", "price restrictions"],
  ["Minimum Commitment", "minimum commitment"],
  ["Volume Restriction", "volume restriction"],
  ["Ip Ownership Assignment", "IP ownership assignment"],
  ["Joint Ip Ownership", "joint IP ownership"],
  ["License Grant", "licence grant"],
  ["Non-Transferable License", "non-transferable licence"],
  ["Affiliate License-Licensor", "affiliate licence (licensor)"],
  ["Affiliate License-Licensee", "affiliate licence (licensee)"],
  ["Unlimited-All-You-Can-Eat-License", "unlimited licence"],
  ["Irrevocable Or Perpetual License", "irrevocable or perpetual licence"],
  ["Source Code Escrow", "source code escrow"],
  ["Post-Termination Services", "post-termination obligations"],
  ["Audit Rights", "audit rights"],
  ["Uncapped Liability", "uncapped liability"],
  ["Cap On Liability", "liability cap"],
  ["Liquidated Damages", "liquidated damages"],
  ["Warranty Duration", "warranty"],
  ["Insurance", "insurance"],
  ["Covenant Not To Sue", "covenant not to sue"],
  ["Third Party Beneficiary", "third-party beneficiary"],
  ["Renewal Term", "automatic renewal"]
]

/** Consecutive words a dropped clause shares with a corpus contract. */
const shared = 12
/** Passes over the examples: more fit CUAD's sentences closer and rank unseen contracts' worse. */
const epochs = 3
/** The weights kept per kind, largest first. */
const kept = 1000

const checkout = process.argv[2]
if (checkout === undefined) throw new Error("usage: trainClauseModel.ts <legalbench-checkout>")
const corpusDir = sharedDir()
if (corpusDir === undefined) throw new Error("the shared corpus is needed, to keep its contracts out of the training")

/** Every run of `shared` words in the corpus contracts, and each contract whole for shorter clauses. */
const corpusText = readdirSync(join(corpusDir, "corpus"))
  .filter((file) => file.endsWith(".txt"))
  .map((file) => tokens(readFileSync(join(corpusDir, "corpus", file), "utf8")))
const corpusRuns = new Set(
  corpusText.flatMap((words) => words.slice(0, 1 - shared).map((_, i) => words.slice(i, i + shared).join(" ")))
)
const corpusWhole = corpusText.map((words) => ` ${words.join(" ")} `)

const fromCorpus = (text: string): boolean => {
  const words = tokens(text)
  if (words.length < shared) return corpusWhole.some((whole) => whole.includes(` ${words.join(" ")} `))
  return words.slice(0, 1 - shared).some((_, i) => corpusRuns.has(words.slice(i, i + shared).join(" ")))
}

const squash = (name: string) => name.toLowerCase().replace(/[^a-z]/g, "")
/** The engine's kind for a CUAD category, as the labels or LegalBench's folders name it. */
const kindOf = (category: string) => kinds.find(([name]) => squash(name) === squash(category))?.[1]

/** Each distinct text, with the kinds it is labelled as and those it is no example of either way. */
interface Example {
  readonly features: ReadonlyArray<string>
  readonly kinds: Set<ClauseName>
  readonly unknown: ReadonlySet<ClauseName>
}
const examples = new Map<string, Example>()
let dropped = 0
for (const task of readdirSync(join(checkout, "tasks")).filter((name) => name.startsWith("CUAD_"))) {
  const kind = kindOf(task.replace(/^CUAD_/, ""))
  for (const file of ["train.tsv", "test.tsv"]) {
    const rows: Array<{ label: string; text: string }> = parse(
      readFileSync(join(checkout, "tasks", task, file), "utf8"),
      {
        columns: true,
        delimiter: "\t",
        quote: false
      }
    )
    for (const { label, text } of rows) {
      if (fromCorpus(text)) {
        dropped++
        continue
      }
      const example = examples.get(text) ?? {
        features: clauseFeatures(text),
        kinds: new Set<ClauseName>(),
        unknown: new Set()
      }
      if (label === "Yes" && kind !== undefined) example.kinds.add(kind)
      examples.set(text, example)
    }
  }
}

/** Whether a sentence and a clause share a run of five words. */
const sharesWords = (text: string, clause: string): boolean => {
  const said = ` ${tokens(text).join(" ")} `
  const words = tokens(clause)
  return words.slice(0, -4).some((_, i) => said.includes(` ${words.slice(i, i + 5).join(" ")} `))
}

/**
 * The tuning half's contracts, sentence by sentence as the engine reads them: a sentence that quotes a clause CUAD
 * labels of a kind there is an example of that kind; the rest are examples of ordinary contract text, which CUAD's
 * clauses alone lack (an entire-agreement clause, a notice address). Only the tuning half: the held-out half teaches
 * nothing. `DOCSWEEP_TRAIN_FOLD=A` (or `B`) takes one fold only, to measure the effect on the other.
 */
const onlyFold = process.env.DOCSWEEP_TRAIN_FOLD
const labelled: ReadonlyArray<{
  readonly doc: string
  readonly items: ReadonlyArray<{ readonly category: string; readonly clauses: ReadonlyArray<string> }>
}> = JSON.parse(readFileSync(join(corpusDir, "corpus-labels", "cuad-qa.json"), "utf8")).documents
const tuning = labelled.filter((contract) => halfOf(contract.doc) === "tuning")
const folds = foldsOf(tuning.map((contract) => contract.doc))
const indexFor = makeIndexCache(1)
let ordinary = 0
for (const [i, contract] of tuning.entries()) {
  if (onlyFold !== undefined && folds.get(contract.doc) !== onlyFold) continue
  const document = await Effect.runPromise(loadDocument(join(corpusDir, "corpus", contract.doc), 40_000 + i))
  for (const { text } of indexFor([document]).sentences(document.id)) {
    if (text.length < shortestLearned || examples.has(text)) continue
    const labelledAs = (matches: (clause: string) => boolean) =>
      contract.items.flatMap((item) => {
        const kind = kindOf(item.category)
        return kind !== undefined && item.clauses.some(matches) ? [kind] : []
      })
    const quoted = labelledAs((clause) => quotesClause(text, clause))
    // A sentence that shares a few words with a labelled clause of a kind is no example of it either way.
    const near = labelledAs((clause) => sharesWords(text, clause))
    examples.set(text, { features: clauseFeatures(text), kinds: new Set(quoted), unknown: new Set(near) })
    ordinary += quoted.length === 0 ? 1 : 0
  }
}

/** A fixed sequence of pseudo-random numbers in [0, 1): the same model on every run. */
const seeded = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31
  return seed / 2 ** 31
}

const train = (kind: ClauseName): ClauseModel["kinds"][string] => {
  const random = seeded(42)
  const rows = [...examples.values()]
    .filter((example) => example.kinds.has(kind) || !example.unknown.has(kind))
    .map((example) => ({ features: example.features, yes: example.kinds.has(kind) }))
  const positives = rows.filter((row) => row.yes).length
  // Positives are a minority: each weighs more, by the square root of the imbalance.
  const positiveWeight = Math.sqrt((rows.length - positives) / positives)
  const weights = new Map<string, number>()
  let bias = 0
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = rows.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[rows[i], rows[j]] = [rows[j] as (typeof rows)[number], rows[i] as (typeof rows)[number]]
    }
    const rate = 0.5 / (1 + epoch)
    for (const row of rows) {
      const z = row.features.reduce((sum, feature) => sum + (weights.get(feature) ?? 0), bias)
      const gradient = (1 / (1 + Math.exp(-z)) - (row.yes ? 1 : 0)) * (row.yes ? positiveWeight : 1)
      bias -= rate * gradient
      for (const feature of row.features) {
        const weight = weights.get(feature) ?? 0
        weights.set(feature, weight - rate * (gradient + 1e-4 * weight))
      }
    }
  }
  const largest = [...weights].sort((a, b) => Math.abs(b[1]) - Math.abs(a[1])).slice(0, kept)
  const rounded = new Map(largest.map(([feature, weight]) => [feature, Math.round(weight * 1000) / 1000]))
  return {
    bias: Math.round(bias * 1000) / 1000,
    weights: Object.fromEntries(rounded)
  }
}

const model: ClauseModel = {
  source:
    "CUAD v1 (The Atticus Project, CC BY 4.0) as published by LegalBench (HazyResearch/legalbench@14924b8), less every clause found in the 53 evaluation contracts, and the sentences of the tuning half's 26; trained by test/engine/cuad/trainClauseModel.ts",
  kinds: Object.fromEntries(kinds.map(([, kind]) => [kind, train(kind)]))
}
const out = new URL("../../../src/service/engine/extractive/clause-model.json", import.meta.url)
writeFileSync(out, `${JSON.stringify(model)}\n`)
console.log(
  `${examples.size} distinct examples (${dropped} clauses dropped as found in the corpus; ${ordinary} ordinary sentences of the tuning half); ${kinds.length} kinds → ${out.pathname}`
)
