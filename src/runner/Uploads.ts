import { readFile } from "node:fs/promises"
import { basename, extname } from "node:path"
import { Duration, Effect, Option, Schedule } from "effect"
import type { DocumentListItem } from "../api/Documents.js"
import { DocumentStatusCode } from "../api/Documents.js"
import { ServiceClient } from "../client/ServiceClient.js"
import { LayoutStore } from "../store/LayoutStore.js"
import { contentHash } from "./Keys.js"
import { sendOnce } from "./Reconcile.js"
import { RunContext } from "./RunContext.js"
import { RunnerSettings, uploadConcurrency } from "./RunnerSettings.js"
import { LocalFileError } from "./RunnerErrors.js"

/** A file (or range) left out of the run, and why. */
export interface SkippedFile {
  readonly what: string
  readonly reason: string
}

/** One file ingested by an embedded service: the document it became, or why not (`Ingest.ingestFiles`). */
export interface IngestOutcome {
  readonly path: string
  readonly document?: DocumentListItem | undefined
  readonly error?: string | undefined
}

/** Ingests files directly (embedded mode) instead of through the upload endpoint. */
export type IngestFiles = (paths: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<IngestOutcome>, unknown>

export interface HashedFile {
  readonly path: string
  readonly sha256: string
}

const readBytes = (path: string) =>
  Effect.tryPromise({ try: () => readFile(path), catch: (cause) => new LocalFileError({ path, cause }) })

export const fileHash = (path: string) =>
  Effect.map(readBytes(path), (bytes): HashedFile => ({ path, sha256: contentHash(bytes) }))

const statuses = (doc: DocumentListItem) => Object.values(doc.status)
const isFailed = (doc: DocumentListItem) => statuses(doc).some((code) => code === DocumentStatusCode.error)
const isSettled = (doc: DocumentListItem) =>
  isFailed(doc) || statuses(doc).every((code) => code === DocumentStatusCode.completed)

/**
 * Waits (polling the document) until processing ends: the document, or none when it ended in error (3) or did not
 * end within `cell_timeout`.
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
  if (isSettled(doc)) return isFailed(doc) ? Option.none<DocumentListItem>() : Option.some(doc)
  const polled = yield* Effect.repeat(retry(client.getDocument(doc.id)), { schedule, until: isSettled }).pipe(
    Effect.timeoutTo({ duration: settings.cellTimeout, onTimeout: () => doc, onSuccess: (settled) => settled })
  )
  return isSettled(polled) && !isFailed(polled)
    ? Option.some<DocumentListItem>(polled)
    : Option.none<DocumentListItem>()
})

/**
 * Uploads one file. Upload is not idempotent: after a reply that may or may not have landed, the workspace list is
 * read first and a document of the same name and size that the checkpoint does not know yet is adopted.
 */
const uploadOne = Effect.fn("Uploads.uploadOne")(function* (file: HashedFile, owned: ReadonlySet<number>) {
  const client = yield* ServiceClient
  const layoutStore = yield* LayoutStore
  const settings = yield* RunnerSettings
  const bytes = yield* readBytes(file.path)
  const filename = basename(file.path)
  const doctype = extname(filename).replace(/^\./, "").toLowerCase() || "txt"
  const adopt = Effect.map(client.listDocuments(settings.orgId), (listed) =>
    Option.fromNullable(
      listed.find((doc) => doc.filename === filename && doc.file_size === bytes.byteLength && !owned.has(doc.id))
    )
  )
  const send = client.uploadDocument({ organizationId: settings.orgId, doctype, filename, bytes })
  const document = yield* sendOnce(send, adopt, { ambiguous: false })
  yield* layoutStore.saveUpload(file.path, file.sha256, document.id)
  return document
})

/** Uploads (or, embedded, ingests) files the checkpoint has not seen; remembers each by path + sha256. */
export const uploadFiles = Effect.fn("Uploads.uploadFiles")(function* (
  files: ReadonlyArray<HashedFile>,
  ingest: IngestFiles | undefined
) {
  const layoutStore = yield* LayoutStore
  const ids = new Map<string, number>()
  const skipped: Array<SkippedFile> = []
  if (ingest !== undefined) {
    const outcomes = yield* ingest(files.map((file) => file.path)).pipe(
      Effect.mapError((cause) => new LocalFileError({ path: files[0]?.path ?? "", cause }))
    )
    for (const outcome of outcomes) {
      const sha256 = files.find((file) => file.path === outcome.path)?.sha256
      if (outcome.document === undefined || sha256 === undefined) {
        skipped.push({ what: outcome.path, reason: outcome.error ?? "not ingested" })
        continue
      }
      yield* layoutStore.saveUpload(outcome.path, sha256, outcome.document.id)
      ids.set(outcome.path, outcome.document.id)
    }
    return { ids, skipped }
  }
  const owned = new Set((yield* layoutStore.documents()).map((doc) => doc.id))
  const documents = yield* Effect.forEach(files, (file) => uploadOne(file, owned), { concurrency: uploadConcurrency })
  files.forEach((file, index) => {
    const document = documents[index]
    if (document !== undefined) ids.set(file.path, document.id)
  })
  return { ids, skipped }
})
