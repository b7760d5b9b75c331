import { Clock, DateTime, Effect, Option, Ref } from "effect"
import type { ExportError } from "../export/ExportError.js"
import { packReport, reportTitle } from "../export/html/WriteHtml.js"
import type { ReportSetting } from "../export/ReportModel.js"
import { toReportModel } from "../export/ReportSource.js"
import type { ReadStore } from "../store/ReadStore.js"
import type { StoreError } from "../store/StoreError.js"

/** The report data as served: gzip JSON, the checkpoint's change mark it was read at, and the page title. */
export interface Packed {
  readonly version: string
  readonly packed: Buffer
  readonly title: string
}

interface Built extends Packed {
  readonly builtAt: number
  readonly took: number
}

/**
 * The latest run's report data, read again only when the checkpoint changed. A large checkpoint that changes on
 * every poll (a run of 100,000 cells going on) is read at most once per twice its read time, so the viewer never
 * spends more than a third of its time reading; the page asks again until it has the latest.
 */
export const makeViewSource = (
  store: ReadStore,
  options: { readonly pipelineFile: string; readonly settings: ReadonlyArray<ReportSetting> }
) =>
  Effect.gen(function* () {
    const cache = yield* Ref.make<Option.Option<Built>>(Option.none())
    const lock = yield* Effect.makeSemaphore(1)
    const build = (version: string) =>
      Effect.gen(function* () {
        const started = yield* Clock.currentTimeMillis
        const data = yield* store.reportData(undefined, { history: true })
        const model = toReportModel(data, { file: options.pipelineFile })
        const now = DateTime.toDateUtc(yield* DateTime.now)
        const packed = yield* packReport(model, { now, settings: options.settings }, "docsweep view")
        const builtAt = yield* Clock.currentTimeMillis
        return { version, packed, title: reportTitle(model), builtAt, took: builtAt - started }
      })
    const current: Effect.Effect<Packed, StoreError | ExportError> = lock.withPermits(1)(
      Effect.gen(function* () {
        const version = yield* store.changeMark()
        const cached = Option.getOrUndefined(yield* Ref.get(cache))
        const now = yield* Clock.currentTimeMillis
        if (cached !== undefined && (cached.version === version || now - cached.builtAt < 2 * cached.took)) {
          return cached
        }
        const built = yield* build(version)
        yield* Ref.set(cache, Option.some(built))
        return built
      })
    )
    return {
      /** The checkpoint's change mark now. */
      version: store.changeMark(),
      /** The data, read again when the checkpoint changed since it was last read. */
      current
    } as const
  })
