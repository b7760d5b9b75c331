import { Clock, DateTime, Effect, Option, Ref } from "effect"
import type { ExportError } from "../export/ExportError.js"
import { packReport, reportTitle } from "../export/html/WriteHtml.js"
import type { ReportSetting } from "../export/ReportModel.js"
import { toReportModel } from "../export/ReportSource.js"
import { withStoppedRun } from "../export/StoppedRun.js"
import type { StoreError } from "../store/StoreError.js"
import type { OpenCheckpoint } from "./ViewCheckpoint.js"

/**
 * The report data as served: gzip JSON, the version it was read at (which opening of the checkpoint file and its
 * change mark), and the page title.
 */
export interface Packed {
  readonly version: string
  readonly packed: Buffer
  readonly title: string
}

interface Built extends Packed {
  readonly generation: number
  readonly builtAt: number
  readonly took: number
}

/**
 * The latest run's report data, read again only when the checkpoint changed. A large checkpoint that changes on
 * every poll (a run of 100,000 cells going on) is read at most once per twice its read time, so the viewer never
 * spends more than a third of its time reading; the page asks again until it has the latest.
 */
export const makeViewSource = (
  checkpoint: Effect.Effect<OpenCheckpoint, StoreError>,
  options: {
    readonly pipelineFile: string
    readonly settings: ReadonlyArray<ReportSetting>
    /** Whether no live process holds the pipeline's lock: a run still marked running then stopped without ending. */
    readonly lockFree: Effect.Effect<boolean>
  }
) =>
  Effect.gen(function* () {
    // SQLite's change mark counts from the same number in every connection: a viewer started again (a page left
    // open across a restart, with a run in between) would give the version the page already has.
    const viewer = yield* Clock.currentTimeMillis
    const cache = yield* Ref.make<Option.Option<Built>>(Option.none())
    const lock = yield* Effect.makeSemaphore(1)
    /**
     * The viewer, the file's opening, its change mark and the lock: a checkpoint replaced by another one is a new
     * version, and so is a run killed (it writes nothing more, but its lock is no longer held).
     */
    const versionOf = ({ generation, read }: OpenCheckpoint) =>
      Effect.gen(function* () {
        const mark = yield* read.changeMark()
        const lockFree = yield* options.lockFree
        return { version: `${viewer}.${generation}.${mark}.${lockFree ? "free" : "held"}`, lockFree }
      })
    const build = ({ generation, read }: OpenCheckpoint, version: string, lockFree: boolean) =>
      Effect.gen(function* () {
        const started = yield* Clock.currentTimeMillis
        const data = yield* read.reportData(undefined, { history: true })
        const model = withStoppedRun(toReportModel(data, { file: options.pipelineFile }), {
          newest: data.newest,
          lockFree
        })
        const now = DateTime.toDateUtc(yield* DateTime.now)
        // What the run ran with, as its reports list it; a run recorded before docsweep kept that: as configured now.
        const settings = data.settings ?? options.settings
        const packed = yield* packReport(model, { now, settings }, "docsweep view")
        const builtAt = yield* Clock.currentTimeMillis
        return { version, packed, title: reportTitle(model), generation, builtAt, took: builtAt - started }
      })
    const current: Effect.Effect<Packed, StoreError | ExportError> = lock.withPermits(1)(
      Effect.gen(function* () {
        const open = yield* checkpoint
        const { lockFree, version } = yield* versionOf(open)
        const cached = Option.getOrUndefined(yield* Ref.get(cache))
        const now = yield* Clock.currentTimeMillis
        // Never the data of a checkpoint file that was replaced since.
        const recent =
          cached !== undefined && cached.generation === open.generation && now - cached.builtAt < 2 * cached.took
        if (cached !== undefined && (cached.version === version || recent)) return cached
        const built = yield* build(open, version, lockFree)
        yield* Ref.set(cache, Option.some(built))
        return built
      })
    )
    return {
      /** The version of the checkpoint now. */
      version: Effect.map(Effect.flatMap(checkpoint, versionOf), ({ version }) => version),
      /** The data, read again when the checkpoint changed since it was last read. */
      current
    } as const
  })
