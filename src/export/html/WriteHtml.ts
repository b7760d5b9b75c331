import { createWriteStream } from "node:fs"
import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { Effect } from "effect"
import { ExportError } from "../ExportError.js"
import { writeAtomically } from "../ReportFiles.js"
import type { ReportModel, ReportSetting } from "../ReportModel.js"
import { buildPageData } from "./BuildPageData.js"
import { htmlDocument, htmlParts } from "./HtmlDocument.js"
import { base64OfGzip, gzipPageData } from "./PackPageData.js"
import { loadPageAssets, type PageAssets } from "./PageAssets.js"
import type { PageData } from "./PageData.js"

interface HtmlOptions {
  /** The report's timestamp; the caller passes Clock time. */
  readonly now: Date
  /** The pipeline's effective settings, shown in the run overview (never the token). */
  readonly settings: ReadonlyArray<ReportSetting>
}

/** The page data of `model`, gzip-compressed: what the file embeds and `docsweep view` serves. */
export const packReport = (
  model: ReportModel,
  options: HtmlOptions,
  path: string
): Effect.Effect<Buffer, ExportError> =>
  Effect.suspend(() =>
    gzipPageData(buildPageData(model, { generatedAt: options.now, settings: options.settings }), path)
  )

/**
 * The whole HTML document `docsweep view` serves for packed data, with the page assets it loaded once (and hashed
 * into its content security policy); `live` is the data's version, which the page follows.
 */
export const renderHtml = (input: {
  readonly title: string
  readonly packed: Buffer
  readonly assets: PageAssets
  readonly path: string
  readonly live: string
}): Effect.Effect<string, ExportError> =>
  Effect.try({
    try: () =>
      htmlDocument({
        title: input.title,
        data: input.packed.toString("base64"),
        assets: input.assets,
        live: input.live
      }),
    catch: (cause) => new ExportError({ path: input.path, cause })
  })

/** `<pipeline> · run N` */
export const reportTitle = (model: ReportModel): string => `${model.pipeline.name} · run ${model.run.id}`

/** The document's head, the data streamed as base64 of gzip, and its tail, into `file`. */
const streamDocument = (file: string, parts: { readonly head: string; readonly tail: string }, data: PageData) =>
  pipeline(
    Readable.from(
      (async function* () {
        yield parts.head
        yield* base64OfGzip(data)
        yield parts.tail
      })()
    ),
    createWriteStream(file)
  )

/**
 * Writes the HTML report to `path` (through a temporary file): one self-contained file holding the page's
 * script, styles, font and the run's data, which opens from disk with no network.
 */
export const writeHtml = (model: ReportModel, path: string, options: HtmlOptions): Effect.Effect<string, ExportError> =>
  writeAtomically(path, (temporary) =>
    Effect.gen(function* () {
      const assets = yield* loadPageAssets(path)
      const attempt = <A>(run: () => A) => Effect.try({ try: run, catch: (cause) => new ExportError({ path, cause }) })
      const parts = yield* attempt(() => htmlParts({ title: reportTitle(model), assets }))
      const data = yield* attempt(() => buildPageData(model, { generatedAt: options.now, settings: options.settings }))
      yield* Effect.tryPromise({
        try: () => streamDocument(temporary, parts, data),
        catch: (cause) => new ExportError({ path, cause })
      })
    })
  ).pipe(Effect.withSpan("WriteHtml.writeHtml", { attributes: { path } }))
