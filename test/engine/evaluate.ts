import { readFileSync } from "node:fs"
import { Effect } from "effect"
import { type AnswerEngine, collectChunks, type EngineDocument } from "../../src/service/engine/AnswerEngine.js"
import { makeExtractiveEngine } from "../../src/service/engine/ExtractiveEngine.js"
import type { AnswerKind } from "../../src/service/engine/extractive/AnswerKind.js"
import { loadSample } from "./loadSample.js"

/**
 * One question of an eval set: any of `expected` must appear in the answer's first paragraph, and every one of
 * `allOf` (all parties, "Yes" and the cap); none of `unexpected` may ("King County" for the governing law).
 */
export interface EvalItem {
  readonly file: string
  readonly question: string
  readonly kind: AnswerKind
  readonly expected: ReadonlyArray<string>
  readonly allOf?: ReadonlyArray<string>
  readonly unexpected?: ReadonlyArray<string>
  /** The pipeline column the question comes from (the example eval). */
  readonly column?: string
}

export interface HitCount {
  readonly hits: number
  readonly total: number
}

export interface EvalResult {
  readonly byKind: Record<string, HitCount>
  /** Hits per pipeline column, for items that name one. */
  readonly byColumn: Record<string, HitCount>
  readonly overall: HitCount & { readonly rate: number }
  /** Mean wall time of one cell (question × document), index building included. */
  readonly perCellMs: number
  readonly misses: ReadonlyArray<{ readonly item: EvalItem; readonly answer: string }>
}

const fixture = (name: string): ReadonlyArray<EvalItem> =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8"))

export const evalSet = fixture("eval.json")

/** Held out from tuning: the 8 queries of `pipelines/example.yaml`, verbatim, over the 9 samples. */
export const exampleEvalSet = fixture("example-eval.json")

/** The part of an answer that is judged: the short answer (or, for free text, the quote) before the first blank line. */
export const firstParagraph = (answer: string) => answer.split("\n\n")[0] ?? ""

/** A hit when any expected span occurs in the first paragraph, ignoring case and runs of whitespace. */
export const isHit = (answer: string, expected: ReadonlyArray<string>) => {
  const norm = (text: string) => text.toLowerCase().replace(/\s+/g, " ")
  const judged = norm(firstParagraph(answer))
  return expected.some((span) => judged.includes(norm(span)))
}

/** A hit for an item: `isHit` on `expected`, every `allOf` span present and no `unexpected` one. */
export const judge = (answer: string, item: EvalItem) =>
  isHit(answer, item.expected) &&
  (item.allOf ?? []).every((span) => isHit(answer, [span])) &&
  !(item.unexpected ?? []).some((span) => isHit(answer, [span]))

/** The whole answer of an engine to one cell question. */
export const askCell = (engine: AnswerEngine, document: EngineDocument, query: string) =>
  collectChunks(engine, { kind: "cell", query, documents: [document], history: [] }).pipe(
    Effect.map((chunks) => chunks.join(""))
  )

const now = Effect.sync(() => performance.now())

/**
 * Runs the eval set through the real pipeline (text extraction → passages → extractive engine) without the service.
 * Wall time is measured with `performance.now()` on purpose: this is a benchmark, not logic under the test clock.
 */
export const evaluate = (items: ReadonlyArray<EvalItem> = evalSet) =>
  Effect.gen(function* () {
    const files = [...new Set(items.map((item) => item.file))]
    const documents = new Map<string, EngineDocument>()
    for (const [i, file] of files.entries()) documents.set(file, yield* loadSample(file, i + 1))
    const engine = makeExtractiveEngine()
    const byKind: Record<string, { hits: number; total: number }> = {}
    const byColumn: Record<string, { hits: number; total: number }> = {}
    const misses: Array<{ item: EvalItem; answer: string }> = []
    let elapsed = 0
    for (const item of items) {
      const document = documents.get(item.file)
      if (document === undefined) continue
      const started = yield* now
      const answer = yield* askCell(engine, document, item.question)
      elapsed += (yield* now) - started
      const hit = judge(answer, item)
      for (const [counts, key] of [
        [byKind, item.kind],
        [byColumn, item.column]
      ] as const) {
        if (key === undefined) continue
        const count = counts[key] ?? { hits: 0, total: 0 }
        counts[key] = count
        count.total += 1
        if (hit) count.hits += 1
      }
      if (!hit) misses.push({ item, answer })
    }
    const hits = Object.values(byKind).reduce((sum, count) => sum + count.hits, 0)
    const total = Object.values(byKind).reduce((sum, count) => sum + count.total, 0)
    return {
      byKind,
      byColumn,
      overall: { hits, total, rate: total === 0 ? 0 : hits / total },
      perCellMs: items.length === 0 ? 0 : elapsed / items.length,
      misses
    } satisfies EvalResult
  })
