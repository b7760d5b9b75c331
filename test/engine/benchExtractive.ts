import { Effect } from "effect"
import { makeExtractiveEngine } from "../../src/service/engine/ExtractiveEngine.js"
import { splitPassages } from "../../src/service/engine/extractive/Passages.js"
import { longDocumentQuestions, makeLongDocument } from "../support/makeLongDocument.js"
import { cuadHitRates } from "./cuadEval.js"
import { askCell, evaluate, isHit } from "./evaluate.js"

const now = Effect.sync(() => performance.now())

/**
 * Benchmark of the extractive engine: hit rates on the sample eval set, time per cell on a generated 100-page
 * document (several questions, the first one building the index), and, where the shared CUAD corpus is present,
 * hit rates against its expert labels. Wall time via `performance.now()`: this measures, it does not schedule.
 */
export const benchExtractive = () =>
  Effect.gen(function* () {
    const hitRates = yield* evaluate()
    const pages = makeLongDocument(100)
    const ingestStarted = yield* now
    const passages = splitPassages(1, pages)
    const ingestMs = (yield* now) - ingestStarted
    const document = { id: 1, filename: "long-transport-agreement.pdf", passages }
    const engine = makeExtractiveEngine()
    let hits = 0
    const started = yield* now
    for (const { question, expected } of longDocumentQuestions) {
      if (isHit(yield* askCell(engine, document, question), [expected])) hits += 1
    }
    const elapsed = (yield* now) - started
    const cuad = yield* cuadHitRates()
    return {
      hitRates: { byKind: hitRates.byKind, overall: hitRates.overall, perCellMs: hitRates.perCellMs },
      perCellMsOn100Pages: elapsed / longDocumentQuestions.length,
      longDocument: {
        pages: pages.length,
        characters: pages.reduce((sum, page) => sum + page.length, 0),
        passages: passages.length,
        ingestMs,
        hits,
        total: longDocumentQuestions.length
      },
      ...(cuad === undefined ? {} : { cuad })
    }
  })
