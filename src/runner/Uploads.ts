import { Duration, Effect, Either, Option, Schedule, Stream } from "effect"
import type { DocumentListItem } from "../api/Documents.js"
import { DocumentStatusCode } from "../api/Documents.js"
import { ServiceClient } from "../client/ServiceClient.js"
import { contentHash } from "../store/ContentHash.js"
import { LayoutStore } from "../store/LayoutStore.js"
import { DocumentIngest, type HashedFile, readBytes } from "./DocumentIngest.js"
import { RunContext } from "./RunContext.js"
import { RunnerSettings } from "./RunnerSettings.js"

/** A file (or range) left out of the run, and why. */
export interface SkippedFile {
  readonly what: string
  readonly reason: string
}

/** How the run's note names a skipped file. The note ends with these, so the summary can list them on their own. */
export const skippedNote = (skip: SkippedFile) => `skipped ${skip.what}: ${skip.reason}`

export const fileHash = (path: string) =>
  Effect.map(readBytes(path), (bytes): HashedFile => ({ path, sha256: contentHash(bytes) }))

const statuses = (doc: DocumentListItem) => Object.values(doc.status)
const isFailed = (doc: DocumentListItem) => statuses(doc).some((code) => code === DocumentStatusCode.error)
const isSettled = (doc: DocumentListItem) =>
  isFailed(doc) || statuses(doc).every((code) => code === DocumentStatusCode.completed)

/** Why a document that ended in error (3) cannot be used: the service's own words (`meta.error`) when it gave any. */
const failureOf = (doc: DocumentListItem): string => {
  const error = doc.meta.error
  return typeof error === "string" && error.trim() !== ""
    ? error
    : "the service could not process the file (document status 3)"
}

/** Why a document did not become usable, or the document once it has. */
const usable = (doc: DocumentListItem): Either.Either<DocumentListItem, string> =>
  isFailed(doc)
    ? Either.left(failureOf(doc))
    : isSettled(doc)
      ? Either.right(doc)
      : Either.left("the service was still processing the file after cell_timeout")

/**
 * Waits (polling the document) until processing ends: the document, or why not when it ended in error (3) or did
 * not end within `cell_timeout`.
 */
export const awaitProcessed = Effect.fn("Uploads.awaitProcessed")(function* (doc: DocumentListItem) {
  const client = yield* ServiceClient
  const { retry } = yield* RunContext
  const settings = yield* RunnerSettings
  // Processing takes about as long as extraction: start at 200 ms, back off ×1.5 up to 10 s (or the poll bounds).
  const first = Option.getOrElse(settings.pollInterval, () => Duration.millis(200))
  const longest = Option.getOrElse(settings.maxPollInterval, () => Duration.seconds(10))
  const schedule = Schedule.exponential(first, 1.5).pipe(
    Schedule.modifyDelay((_, delay) => Duration.min(delay, longest)),
    Schedule.passthrough<Duration.Duration, DocumentListItem, never>
  )
  if (isSettled(doc)) return usable(doc)
  const polled = yield* Effect.repeat(retry(client.getDocument(doc.id)), { schedule, until: isSettled }).pipe(
    Effect.timeoutTo({ duration: settings.cellTimeout, onTimeout: () => doc, onSuccess: (settled) => settled })
  )
  return usable(polled)
})

/**
 * Puts the files the checkpoint has not seen onto the service (`DocumentIngest`) and remembers each by path + the
 * sha256 of what was sent as it lands; a file the service could not take is skipped with its reason.
 */
export const uploadFiles = Effect.fn("Uploads.uploadFiles")(function* (files: ReadonlyArray<HashedFile>) {
  const layoutStore = yield* LayoutStore
  const ingest = yield* DocumentIngest
  const ids = new Map<string, number>()
  const skipped: Array<SkippedFile> = []
  yield* Stream.runForEach(ingest.addFiles(files), (outcome) => {
    if (outcome.document === undefined) {
      return Effect.sync(() => {
        skipped.push({ what: outcome.path, reason: outcome.error })
      })
    }
    const id = outcome.document.id
    return Effect.map(layoutStore.saveUpload(outcome.path, outcome.sha256, id), () => {
      ids.set(outcome.path, id)
    })
  })
  // In the order of `files`, as the run lists them (uploads land in any order).
  const inOrder = new Map<string, number>()
  for (const file of files) {
    const id = ids.get(file.path)
    if (id !== undefined) inOrder.set(file.path, id)
  }
  return { ids: inOrder, skipped }
})
