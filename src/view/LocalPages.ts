import { readFile } from "node:fs/promises"
import { Effect, Option, Ref } from "effect"
import { doctypeFromFilename, extractText } from "../service/documents/ExtractText.js"
import { stripPageFurniture } from "../service/engine/extractive/PageFurniture.js"
import { contentHash } from "../store/ContentHash.js"
import type { LayoutStore } from "../store/LayoutStore.js"
import type { StoreError } from "../store/StoreError.js"
import type { OpenCheckpoint } from "./ViewCheckpoint.js"

/** Page texts of the few documents read last: a person reading evidence moves between a handful. */
const keptDocuments = 8

const readBytes = (path: string) => Effect.tryPromise(() => readFile(path)).pipe(Effect.option)

/**
 * The documents that are local files of the pipeline (its `files:` sets), by document id: a file counts when the
 * checkpoint records it uploaded with the content it has now (so the text shown is the text that was asked).
 */
const localDocuments = (store: LayoutStore, paths: ReadonlyArray<string>): Effect.Effect<ReadonlyMap<number, string>> =>
  Effect.gen(function* () {
    const found = new Map<number, string>()
    for (const path of paths) {
      const bytes = yield* readBytes(path)
      if (Option.isNone(bytes)) continue
      const id = yield* store
        .uploadedFile(path, contentHash(bytes.value))
        .pipe(Effect.option, Effect.map(Option.flatten))
      if (Option.isSome(id)) found.set(id.value, path)
    }
    return found
  })

/** The local files found, and the checkpoint as it was then. */
interface Found {
  readonly generation: number
  readonly mark: string
  readonly files: ReadonlyMap<number, string>
}

/**
 * Text of one page of a local document of `paths`, extracted as the local service does (src/service/documents) and
 * without the running headers and footers the answer engine leaves out of its passages: a quote that runs onto the
 * next page then reads across the break as the engine quoted it, not cut by "Page 1 of 4". The last few documents'
 * pages are kept. None when the document is not a local file, cannot be read, or has no such page. The local files
 * are found (hashing each) when a page is first asked for, so the viewer starts at once, and again for a document
 * not among them once the checkpoint changed (a run uploaded a file anew) or was replaced by another file.
 */
export const makePageTexts = (checkpoint: Effect.Effect<OpenCheckpoint, StoreError>, paths: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const cache = yield* Ref.make<ReadonlyArray<readonly [string, ReadonlyArray<string>]>>([])
    const found = yield* Ref.make<Option.Option<Found>>(Option.none())
    const lock = yield* Effect.makeSemaphore(1)
    const pathOf = (documentId: number) =>
      lock.withPermits(1)(
        Effect.gen(function* () {
          const { generation, layout, read } = yield* checkpoint
          const mark = yield* read.changeMark()
          const known = Option.getOrUndefined(yield* Ref.get(found))
          const current = known?.generation === generation
          if (known !== undefined && current && (known.files.has(documentId) || known.mark === mark)) {
            return { key: `${generation}:${documentId}`, path: known.files.get(documentId) }
          }
          const files = yield* localDocuments(layout, paths)
          yield* Ref.set(found, Option.some({ generation, mark, files }))
          return { key: `${generation}:${documentId}`, path: files.get(documentId) }
        })
      )
    /** The pages of the file at `path`, kept under `key` (the checkpoint's opening and the document). */
    const pagesOf = (key: string, path: string) =>
      Effect.gen(function* () {
        const kept = (yield* Ref.get(cache)).find(([held]) => held === key)
        if (kept !== undefined) return Option.some(kept[1])
        const doctype = doctypeFromFilename(path)
        if (doctype === undefined) return Option.none()
        const bytes = yield* readBytes(path)
        if (Option.isNone(bytes)) return Option.none()
        const text = yield* extractText(bytes.value, doctype).pipe(Effect.option)
        if (Option.isNone(text)) return Option.none()
        const pages = stripPageFurniture(text.value.pages)
        yield* Ref.update(cache, (list) => [[key, pages] as const, ...list].slice(0, keptDocuments))
        return Option.some(pages)
      })
    return (documentId: number, page: number): Effect.Effect<Option.Option<string>, StoreError> =>
      Effect.gen(function* () {
        const { key, path } = yield* pathOf(documentId)
        if (path === undefined) return Option.none()
        const pages = yield* pagesOf(key, path)
        return Option.flatMap(pages, (list) => Option.fromNullable(list[page - 1]))
      })
  })
