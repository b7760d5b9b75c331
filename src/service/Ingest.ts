import * as Fs from "node:fs"
import * as Path from "node:path"
import { Data, Effect, Either } from "effect"
import type { IngestOutcome } from "../api/Documents.js"
import { makeDirectory } from "../store/MakeDirectory.js"
import { type Doctype, doctypeFromFilename, extractText } from "./documents/ExtractText.js"
import { splitPassages } from "./engine/extractive/Passages.js"
import { ServiceDatabase } from "./ServiceDatabase.js"
import { DocumentStore } from "./store/DocumentStore.js"
import { OrganizationStore } from "./store/OrganizationStore.js"

export const doctypes: ReadonlyArray<Doctype> = ["txt", "md", "html", "pdf", "docx"]

/** Reads a doctype the way the upload form may write it (`PDF`, `.pdf`, `htm`); undefined when unsupported. */
export const parseDoctype = (text: string): Doctype | undefined =>
  doctypeFromFilename(`x.${text.trim().replace(/^\./, "")}`)

/** The stored file could not be written. */
class FileNotStored extends Data.TaggedError("FileNotStored")<{
  readonly path: string
  readonly cause: unknown
}> {
  override get message() {
    return `cannot store ${this.path}: ${String(this.cause)}`
  }
}

const safeName = (filename: string) => Path.basename(filename).replace(/[^\w.-]+/g, "_") || "document"

/** Writes to a temporary name, then renames: a killed process never leaves half a file under its real name. */
const writeFile = (path: string, bytes: Uint8Array) =>
  Effect.try({
    try: () => {
      makeDirectory(Path.dirname(path))
      Fs.writeFileSync(`${path}.tmp`, bytes)
      Fs.renameSync(`${path}.tmp`, path)
    },
    catch: (cause) => new FileNotStored({ path, cause })
  })

/**
 * Turns files into documents: the file is kept under `<data>/files/<id>/`, its text extracted per page and
 * split into passages once (stored in SQLite for the engines). The `status` map moves upload 1 → 2,
 * text 0 → 1 → 2 (3 with `meta.error` when extraction fails), passages 0 → 2.
 */
export class Ingest extends Effect.Service<Ingest>()("app/service/Ingest", {
  effect: Effect.gen(function* () {
    const db = yield* ServiceDatabase
    const documents = yield* DocumentStore
    const organizations = yield* OrganizationStore

    /** Stores one file. With `keepFailed` (uploads) a file whose text cannot be extracted is kept at status 3. */
    const ingest = Effect.fn("Ingest.ingest")(function* (input: {
      readonly organizationId: number
      readonly userId: number
      readonly filename: string
      readonly doctype: Doctype
      readonly bytes: Uint8Array
      readonly keepFailed: boolean
    }) {
      const started = yield* Effect.clockWith((clock) => clock.currentTimeMillis)
      const extraction = yield* Effect.either(extractText(input.bytes, input.doctype))
      const runtime = ((yield* Effect.clockWith((clock) => clock.currentTimeMillis)) - started) / 1000
      if (Either.isLeft(extraction) && !input.keepFailed) return Either.left(extraction.left.message)
      yield* organizations.ensureOrganizations([input.organizationId])
      const id = yield* documents.create({
        organizationId: input.organizationId,
        userId: input.userId,
        filename: input.filename,
        doctype: input.doctype,
        fileSize: input.bytes.byteLength
      })
      const path = Path.join(db.dataDir, "files", String(id), safeName(input.filename))
      yield* writeFile(path, input.bytes)
      yield* documents.fileStored(id, path)
      if (Either.isLeft(extraction)) yield* documents.extractionFailed(id, extraction.left.message, runtime)
      else {
        const pages = extraction.right.pages
        yield* documents.extracted(id, pages, splitPassages(id, pages), runtime)
      }
      const document = yield* documents.listItem(id)
      return document === undefined ? Either.left("the document vanished while it was stored") : Either.right(document)
    })

    const unsupported = (path: string): IngestOutcome => ({
      path,
      error: `unsupported file type (expected ${doctypes.map((t) => `.${t}`).join(", ")})`
    })

    /**
     * A local file's bytes as its caller read them (an embedded run remembers the file by what it handed over): a
     * document when parseable.
     */
    const ingestBytes = Effect.fn("Ingest.ingestBytes")(function* (
      path: string,
      bytes: Uint8Array,
      organizationId: number,
      userId: number
    ) {
      const doctype = doctypeFromFilename(path)
      if (doctype === undefined) return unsupported(path)
      const stored = yield* ingest({
        organizationId,
        userId,
        filename: Path.basename(path),
        doctype,
        bytes,
        keepFailed: false
      }).pipe(Effect.catchTag("FileNotStored", (error) => Effect.succeed(Either.left(error.message))))
      const outcome: IngestOutcome = Either.isLeft(stored)
        ? { path, error: stored.left }
        : { path, document: stored.right }
      return outcome
    })

    /** A local file of `docs add`: a document when it is readable and parseable (its type is judged before reading). */
    const ingestFile = Effect.fn("Ingest.ingestFile")(function* (path: string, organizationId: number, userId: number) {
      if (doctypeFromFilename(path) === undefined) return unsupported(path)
      const bytes = yield* Effect.either(
        Effect.tryPromise({ try: () => Fs.promises.readFile(path), catch: (cause) => String(cause) })
      )
      if (Either.isLeft(bytes)) {
        const unreadable: IngestOutcome = { path, error: `cannot read the file: ${bytes.left}` }
        return unreadable
      }
      return yield* ingestBytes(path, bytes.right, organizationId, userId)
    })

    /** `docs add`: every readable, parseable file becomes a document, one after the other; the others are reported. */
    const ingestFiles = (paths: ReadonlyArray<string>, organizationId: number, userId: number) =>
      Effect.forEach(paths, (path) => ingestFile(path, organizationId, userId))

    return { ingest, ingestBytes, ingestFile, ingestFiles } as const
  })
}) {}
