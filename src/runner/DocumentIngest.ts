import { readFile } from "node:fs/promises"
import { basename, extname } from "node:path"
import { Context, Effect, Either, Layer, Option, Stream } from "effect"
import type { DocumentListItem, IngestOutcome } from "../api/Documents.js"
import { RequestRejected, ValidationFailed } from "../client/ClientError.js"
import { ServiceClient } from "../client/ServiceClient.js"
import { contentHash } from "../store/ContentHash.js"
import { LayoutStore } from "../store/LayoutStore.js"
import type { StoreError } from "../store/StoreError.js"
import { sendOnce } from "./Reconcile.js"
import type { CallError, RunContext } from "./RunContext.js"
import { LocalFileError } from "./RunnerErrors.js"
import { fixedConcurrency, RunnerSettings } from "./RunnerSettings.js"

/** A local file of the run and the hash of its content (the checkpoint knows files by path + sha256). */
export interface HashedFile {
  readonly path: string
  readonly sha256: string
}

/**
 * An upload's refusal that is about the file (a type the service does not take, over its size limit), so that file
 * is left out and the run goes on; other refusals (the token, the workspace) stop the run as for any request.
 */
const refusesTheFile = (error: unknown): error is ValidationFailed | RequestRejected =>
  error instanceof ValidationFailed || (error instanceof RequestRejected && [413, 415].includes(error.status))

/**
 * What became of one file. With a document, `sha256` is the hash of the bytes the service was given, which the
 * checkpoint remembers: a file edited after the run hashed it is known by what its document holds, so the next run
 * finds it instead of uploading it again.
 */
export type AddedFile =
  | { readonly path: string; readonly document: DocumentListItem; readonly sha256: string }
  | { readonly path: string; readonly document?: undefined; readonly error: string }

/** The service's outcome for `bytes`, sent as the file at `outcome.path`. */
export const addedFile = (outcome: IngestOutcome, bytes: Uint8Array): AddedFile =>
  outcome.document === undefined
    ? { path: outcome.path, error: outcome.error ?? "not ingested" }
    : { path: outcome.path, document: outcome.document, sha256: contentHash(bytes) }

export const readBytes = (path: string) =>
  Effect.tryPromise({ try: () => readFile(path), catch: (cause) => new LocalFileError({ path, cause }) })

/**
 * How the run gets its local files (`files:` sets) onto the service as documents of its workspace (the ids of
 * `RunnerSettings`): uploaded through the contract's upload endpoint (`DocumentIngest.upload`, any service), or
 * handed to the embedded service in this process (chosen in `src/cli`). Each file's outcome is emitted as soon as it
 * lands, so the run remembers it in the checkpoint before the next: a file is never added twice.
 */
export class DocumentIngest extends Context.Tag("app/runner/DocumentIngest")<
  DocumentIngest,
  {
    readonly addFiles: (
      files: ReadonlyArray<HashedFile>
    ) => Stream.Stream<AddedFile, CallError | LocalFileError | StoreError, RunContext | RunnerSettings>
  }
>() {
  /**
   * Uploads through `POST /api/document/create`, a few at a time. Upload is not idempotent: after a reply that may
   * or may not have landed, the workspace list is read first and a document of the same name and size that the
   * checkpoint does not know yet is adopted.
   */
  static readonly upload = Layer.effect(
    DocumentIngest,
    Effect.gen(function* () {
      const client = yield* ServiceClient
      const layout = yield* LayoutStore
      const uploadOne = Effect.fn("DocumentIngest.addFiles")(function* (file: HashedFile, owned: ReadonlySet<number>) {
        const settings = yield* RunnerSettings
        const read = yield* Effect.either(readBytes(file.path))
        // A file gone or unreadable since the run listed it is this file's outcome, not the run's end.
        if (Either.isLeft(read)) return { path: file.path, error: read.left.reason } satisfies AddedFile
        const bytes = read.right
        const filename = basename(file.path)
        const doctype = extname(filename).replace(/^\./, "").toLowerCase() || "txt"
        const adopt = Effect.map(client.listDocuments(settings.orgId), (listed) =>
          Option.fromNullable(
            listed.find((doc) => doc.filename === filename && doc.file_size === bytes.byteLength && !owned.has(doc.id))
          )
        )
        const send = client.uploadDocument({ organizationId: settings.orgId, doctype, filename, bytes })
        return yield* sendOnce(send, adopt, { ambiguous: false }).pipe(
          Effect.map((document) => addedFile({ path: file.path, document }, bytes)),
          Effect.catchIf(refusesTheFile, (error) =>
            Effect.succeed<AddedFile>({ path: file.path, error: error.message })
          )
        )
      })
      return {
        addFiles: (files) =>
          Stream.unwrap(
            Effect.map(layout.documents(), (known) => {
              const owned = new Set(known.map((doc) => doc.id))
              return Stream.mapEffect(Stream.fromIterable(files), (file) => uploadOne(file, owned), {
                concurrency: fixedConcurrency.uploads,
                unordered: true
              })
            })
          )
      }
    })
  )
}
