import { readFileSync } from "node:fs"
import { Chunk, Effect, Stream } from "effect"
import type { AnswerEngine, EngineDocument } from "../../src/service/engine/AnswerEngine.js"
import { makeExtractiveEngine } from "../../src/service/engine/ExtractiveEngine.js"
import type { AnswerKind } from "../../src/service/engine/extractive/AnswerKind.js"
import { loadSample } from "./loadSample.js"

/** One question of the eval set: any of `expected` must appear in the answer's first paragraph. */
export interface EvalItem {
  readonly file: string
  readonly question: string
  readonly kind: AnswerKind
  readonly expected: ReadonlyArray<string>
}

export interface HitCount {
  readonly hits: number
  readonly total: number
}

export interface EvalResult {
  readonly byKind: Record<string, HitCount>
  readonly overall: HitCount & { readonly rate: number }
  /** Mean wall time of one cell (question × document), index building included. */
  readonly perCellMs: number
  readonly misses: ReadonlyArray<{ readonly item: EvalItem; readonly answer: string }>
}

export const evalSet: ReadonlyArray<EvalItem> = JSON.parse(
  readFileSync(new URL("../fixtures/eval.json", import.meta.url), "utf8")
)

/** The part of an answer that is judged: the short answer (or, for free text, the quote) before the first blank line. */
export const firstParagraph = (answer: string) => answer.split("\n\n")[0] ?? ""

/** A hit when any expected span occurs in the first paragraph, ignoring case and runs of whitespace. */
export const isHit = (answer: string, expected: ReadonlyArray<string>) => {
  const norm = (text: string) => text.toLowerCase().replace(/\s+/g, " ")
  const judged = norm(firstParagraph(answer))
  return expected.some((span) => judged.includes(norm(span)))
}

/** The whole answer of an engine to one cell question. */
export const askCell = (engine: AnswerEngine, document: EngineDocument, query: string) =>
  Stream.runCollect(engine.answer({ kind: "cell", query, documents: [document], history: [] })).pipe(
    Effect.map((chunks) => Chunk.toArray(chunks).join(""))
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
    const misses: Array<{ item: EvalItem; answer: string }> = []
    let elapsed = 0
    for (const item of items) {
      const document = documents.get(item.file)
      if (document === undefined) continue
      const started = yield* now
      const answer = yield* askCell(engine, document, item.question)
      elapsed += (yield* now) - started
      const count = byKind[item.kind] ?? { hits: 0, total: 0 }
      byKind[item.kind] = count
      count.total += 1
      if (isHit(answer, item.expected)) count.hits += 1
      else misses.push({ item, answer })
    }
    const hits = Object.values(byKind).reduce((sum, count) => sum + count.hits, 0)
    const total = Object.values(byKind).reduce((sum, count) => sum + count.total, 0)
    return {
      byKind,
      overall: { hits, total, rate: total === 0 ? 0 : hits / total },
      perCellMs: items.length === 0 ? 0 : elapsed / items.length,
      misses
    } satisfies EvalResult
  })
