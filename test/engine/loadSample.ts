import { readFile } from "node:fs/promises"
import { basename, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Effect } from "effect"
import { doctypeFromFilename, ExtractionFailed, extractText } from "../../src/service/documents/ExtractText.js"
import type { EngineDocument } from "../../src/service/engine/AnswerEngine.js"
import { splitPassages } from "../../src/service/engine/extractive/Passages.js"

/** `pipelines/samples/`, where the sample documents live. */
export const samplesDir = fileURLToPath(new URL("../../pipelines/samples/", import.meta.url))

/** Reads a document file and turns it into what an engine sees: extraction, then passages, as the service does. */
export const loadDocument = (path: string, id: number): Effect.Effect<EngineDocument, ExtractionFailed> =>
  Effect.gen(function* () {
    const filename = basename(path)
    const doctype = doctypeFromFilename(filename)
    if (doctype === undefined) return yield* new ExtractionFailed({ doctype: filename, reason: "unknown file type" })
    const bytes = yield* Effect.tryPromise({
      try: () => readFile(path),
      catch: (cause) => new ExtractionFailed({ doctype, reason: `cannot read ${path}`, cause })
    })
    const { pages } = yield* extractText(new Uint8Array(bytes), doctype)
    return { id, filename, passages: splitPassages(id, pages) }
  })

/** A sample from `pipelines/samples/` by file name. */
export const loadSample = (filename: string, id: number) => loadDocument(join(samplesDir, filename), id)
