import { relative, sep } from "node:path"
import { Effect, Either, Option } from "effect"
import type { DocumentListItem } from "../api/Documents.js"
import type { DocumentId } from "../api/Ids.js"
import { ServiceClient } from "../client/ServiceClient.js"
import type { DocumentSet } from "../pipeline/DocumentSet.js"
import { expandRange, workspaceFilter } from "../pipeline/Plan.js"
import type { DocumentRecord } from "../store/CheckpointModel.js"
import { LayoutStore } from "../store/LayoutStore.js"
import { inShard, type Shard } from "./Keys.js"
import { RunContext } from "./RunContext.js"
import { fixedConcurrency, RunnerSettings } from "./RunnerSettings.js"
import { awaitProcessed, fileHash, type SkippedFile, uploadFiles } from "./Uploads.js"

export interface ResolvedDocuments {
  /** Every document of the run, each once, in pipeline order. */
  readonly documents: ReadonlyArray<DocumentRecord>
  /** Local files not uploaded yet (dry run only: a real run uploads them). */
  readonly pendingFiles: ReadonlyArray<string>
  /** Files that could not become documents, and range ids the workspace does not hold. */
  readonly skipped: ReadonlyArray<SkippedFile>
}

/** Above this many documents to read, one list of the workspace is cheaper than one read per document. */
const listThreshold = 20

const toDocumentRecord = (document: DocumentListItem): DocumentRecord => ({
  id: document.id,
  filename: document.filename ?? `document ${document.id}`,
  pages: document.pages,
  doctype: document.doctype,
  version: document.modified_at
})

/**
 * The documents of `ids` the service still holds, by id: from the workspace list when there is one, else read one
 * by one (a 404 leaves the id out).
 */
const documentsPresent = Effect.fn("ResolveDocuments.documentsPresent")(function* (
  ids: ReadonlyArray<number>,
  listed: ReadonlyArray<DocumentListItem> | undefined
) {
  if (listed !== undefined) {
    const wanted = new Set(ids)
    return new Map(listed.filter((doc) => !doc.is_trash && wanted.has(doc.id)).map((doc) => [doc.id as number, doc]))
  }
  const client = yield* ServiceClient
  const { retry } = yield* RunContext
  const found = yield* Effect.forEach(
    ids,
    (id) =>
      retry(client.getDocument(id as DocumentId)).pipe(
        Effect.map(Option.some),
        Effect.catchTag("NotFound", () => Effect.succeed(Option.none<DocumentListItem>()))
      ),
    { concurrency: fixedConcurrency.documentReads }
  )
  return new Map(found.flatMap(Option.toArray).map((doc) => [doc.id as number, doc]))
})

/**
 * Resolves the pipeline's document sets to documents: ids and ranges expand, `workspace: all` lists the
 * organization once, `files:` are uploaded once (remembered by path + sha256). Each document is read once per run
 * for its filename, pages and version. Duplicates across sets run once; `shard` keeps this shard's share.
 */
export const resolveDocuments = Effect.fn("ResolveDocuments.resolveDocuments")(function* (input: {
  readonly sets: ReadonlyArray<DocumentSet>
  readonly shard: Shard | undefined
  /** The pipeline file's folder: local files are assigned to shards by their path relative to it. */
  readonly baseDir: string
  readonly upload: boolean
}) {
  const client = yield* ServiceClient
  const layoutStore = yield* LayoutStore
  const { retry } = yield* RunContext
  const settings = yield* RunnerSettings

  const filePaths = input.sets
    .flatMap((set) => (set._tag === "Files" ? set.paths : []))
    // Relative paths, so machines with the checkout in different places agree on each file's shard.
    .filter((p) => inShard(input.shard, relative(input.baseDir, p).split(sep).join("/")))
  const hashed = yield* Effect.forEach([...new Set(filePaths)], (path) => Effect.either(fileHash(path)), {
    concurrency: fixedConcurrency.hashes
  })
  const hashes = hashed.flatMap((result) => (Either.isRight(result) ? [result.right] : []))
  // A file gone or unreadable since the pipeline was validated is left out, named, and the others run.
  const unreadable = hashed.flatMap((result) =>
    Either.isLeft(result) ? [{ what: result.left.path, reason: result.left.reason }] : []
  )
  const known = new Map<string, number>()
  for (const { path, sha256 } of hashes) {
    const id = yield* layoutStore.uploadedFile(path, sha256)
    if (Option.isSome(id)) known.set(path, id.value)
  }
  const needsList = input.sets.some((set) => set._tag === "Workspace" || set._tag === "Range")
  const idsFromSets = input.sets.flatMap((set) => (set._tag === "Ids" ? set.ids : []))
  const listOnce = retry(client.listDocuments(settings.orgId))
  const early = needsList || idsFromSets.length + known.size > listThreshold ? yield* listOnce : undefined

  // A file uploaded before whose document the service no longer has (its data was lost, or the checkpoint came
  // from shards that ran on other services) is uploaded again instead of failing the run on a 404.
  const present = yield* documentsPresent([...known.values()], early)
  for (const [path, id] of [...known]) if (!present.has(id)) known.delete(path)
  const unknown = hashes.filter(({ path }) => !known.has(path))
  const uploaded = input.upload && unknown.length > 0 ? yield* uploadFiles(unknown) : undefined
  const skipped: Array<SkippedFile> = [...unreadable, ...(uploaded?.skipped ?? [])]
  for (const [path, id] of uploaded?.ids ?? []) known.set(path, id)
  const fileIds = new Set(known.values())

  // Listed (again) after uploads when there are many documents, so the new ones are read from the list too.
  const wantList = needsList || idsFromSets.length + known.size > listThreshold
  const listed = !wantList ? [] : early !== undefined && uploaded === undefined ? early : yield* listOnce
  const byId = new Map([
    ...present,
    ...listed.filter((doc) => !doc.is_trash).map((doc) => [doc.id as number, doc] as const)
  ])

  const ordered: Array<number> = []
  for (const set of input.sets) {
    switch (set._tag) {
      case "Ids":
        ordered.push(...set.ids)
        break
      case "Range": {
        const ids = expandRange(set.from, set.to)
        const present = ids.filter((id) => byId.has(id))
        if (present.length < ids.length) {
          skipped.push({
            what: `range ${set.from}-${set.to}`,
            reason: `${ids.length - present.length} ids not in the workspace`
          })
        }
        ordered.push(...present)
        break
      }
      case "Workspace":
        ordered.push(
          ...listed
            .filter((doc) => !doc.is_trash)
            .filter(workspaceFilter(set))
            .map((doc) => doc.id)
        )
        break
      case "Files":
        ordered.push(...set.paths.flatMap((path) => Option.toArray(Option.fromNullable(known.get(path)))))
        break
    }
  }
  const ids = [...new Set(ordered)].filter((id) => fileIds.has(id) || inShard(input.shard, id))
  const documents = yield* Effect.forEach(
    ids,
    (id) => {
      const listedDoc = byId.get(id)
      const read = listedDoc === undefined ? retry(client.getDocument(id as DocumentId)) : Effect.succeed(listedDoc)
      return fileIds.has(id) ? Effect.flatMap(read, awaitProcessed) : Effect.map(read, Either.right)
    },
    { concurrency: fixedConcurrency.documentReads }
  )
  const pathOf = new Map([...known].map(([path, id]) => [id, path]))
  ids.forEach((id, index) => {
    const document = documents[index]
    if (document !== undefined && Either.isLeft(document)) {
      skipped.push({ what: pathOf.get(id) ?? `document ${id}`, reason: document.left })
    }
  })
  const usable = documents.flatMap((doc) => (Either.isRight(doc) ? [doc.right] : []))
  return {
    documents: usable.map(toDocumentRecord),
    pendingFiles: input.upload ? [] : unknown.map(({ path }) => path),
    skipped
  } satisfies ResolvedDocuments
})
