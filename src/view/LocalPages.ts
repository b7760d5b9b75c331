import { readFile } from "node:fs/promises"
import { Effect, Option, Ref } from "effect"
import { doctypeFromFilename, extractText } from "../service/documents/ExtractText.js"
import { contentHash } from "../store/ContentHash.js"
import type { LayoutStore } from "../store/LayoutStore.js"

/** Page texts of the few documents read last: a person reading evidence moves between a handful. */
const keptDocuments = 8

const readBytes = (path: string) => Effect.tryPromise(() => readFile(path)).pipe(Effect.option)

/**
 * The documents that are local files of the pipeline (its `files:` sets), by document id: a file counts when the
 * checkpoint records it uploaded with the content it has now (so the text shown is the text that was asked).
 */
export const localDocuments = (
  store: LayoutStore,
  paths: ReadonlyArray<string>
): Effect.Effect<ReadonlyMap<number, string>> =>
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

/**
 * Text of one page of a local document, extracted as the local service does (src/service/documents), the last few
 * documents' pages kept. None when the document is not a local file, cannot be read, or has no such page. `local`
 * finds the local files (hashing each): run once, when a page is first asked for, so the viewer starts at once.
 */
export const makePageTexts = (local: Effect.Effect<ReadonlyMap<number, string>>) =>
  Effect.gen(function* () {
    const cache = yield* Ref.make<ReadonlyArray<readonly [number, ReadonlyArray<string>]>>([])
    const files = yield* Effect.cached(local)
    const pagesOf = (documentId: number) =>
      Effect.gen(function* () {
        const kept = (yield* Ref.get(cache)).find(([id]) => id === documentId)
        if (kept !== undefined) return Option.some(kept[1])
        const path = (yield* files).get(documentId)
        const doctype = path === undefined ? undefined : doctypeFromFilename(path)
        if (path === undefined || doctype === undefined) return Option.none()
        const bytes = yield* readBytes(path)
        if (Option.isNone(bytes)) return Option.none()
        const text = yield* extractText(bytes.value, doctype).pipe(Effect.option)
        if (Option.isNone(text)) return Option.none()
        const pages = text.value.pages
        yield* Ref.update(cache, (list) => [[documentId, pages] as const, ...list].slice(0, keptDocuments))
        return Option.some(pages)
      })
    return (documentId: number, page: number): Effect.Effect<Option.Option<string>> =>
      pagesOf(documentId).pipe(Effect.map(Option.flatMap((pages) => Option.fromNullable(pages[page - 1]))))
  })
