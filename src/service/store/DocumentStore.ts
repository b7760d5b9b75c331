import { Effect, Either, Schema } from "effect"
import { DocumentStatusCode } from "../../api/Documents.js"
import type { EngineDocument, Passage } from "../engine/AnswerEngine.js"
import { nowIso, ServiceDatabase, type Sql } from "../ServiceDatabase.js"
import { documentList, documentListItem, documentRead } from "./DocumentRecords.js"

const PageStarts = Schema.parseJson(Schema.Array(Schema.Tuple(Schema.Number, Schema.Number)))
const decodePageStartsEither = Schema.decodeUnknownEither(PageStarts)

/** A passage's stored page starts; a value this service did not write reads as none (the passage's own page). */
const decodePageStarts = (json: string): ReadonlyArray<readonly [number, number]> =>
  Either.getOrElse(decodePageStartsEither(json), () => [])

/** Keys of a document's `status` map: the stored file, its extracted text, its passages index. */
const status = (upload: number, text: number, passages: number) => JSON.stringify({ upload, text, passages })

const utf8Bytes = (text: string) => Buffer.byteLength(text, "utf8")

/** Documents with their extracted pages and passages. */
export class DocumentStore extends Effect.Service<DocumentStore>()("app/service/DocumentStore", {
  effect: Effect.gen(function* () {
    const db = yield* ServiceDatabase
    const { notStarted, inProgress, completed, error } = DocumentStatusCode

    /** A new document row, status upload 1 (in progress), text and passages 0 (not started). */
    const create = Effect.fn("DocumentStore.create")(function* (input: {
      readonly organizationId: number
      readonly userId: number
      readonly filename: string
      readonly doctype: string
      readonly fileSize: number
    }) {
      const now = yield* nowIso
      return yield* db.use(
        "create document",
        (sql) =>
          sql.run(
            `INSERT INTO documents (organization_id, user_id, filename, doctype, file_size, status, created_at,
             modified_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            input.organizationId,
            input.userId,
            input.filename,
            input.doctype,
            input.fileSize,
            status(inProgress, notStarted, notStarted),
            now,
            now
          ).id
      )
    })

    /** The file is stored: upload 2, text extraction 1 (in progress). */
    const fileStored = Effect.fn("DocumentStore.fileStored")(function* (documentId: number, path: string) {
      const now = yield* nowIso
      yield* db.use("store document file", (sql) =>
        sql.run(
          "UPDATE documents SET file_path = ?, status = ?, modified_at = ? WHERE id = ?",
          path,
          status(completed, inProgress, notStarted),
          now,
          documentId
        )
      )
    })

    /** Pages and passages stored with their sizes; every status key at 2. */
    const extracted = Effect.fn("DocumentStore.extracted")(function* (
      documentId: number,
      pages: ReadonlyArray<string>,
      passages: ReadonlyArray<Passage>,
      runtime: number
    ) {
      yield* db.stamped("store extracted text", (sql, now) => {
        for (const [index, text] of pages.entries()) {
          sql.run("INSERT INTO document_pages (document_id, page, text) VALUES (?, ?, ?)", documentId, index + 1, text)
        }
        for (const passage of passages) {
          sql.run(
            "INSERT INTO passages (document_id, idx, page, text, page_starts) VALUES (?, ?, ?, ?, ?)",
            documentId,
            passage.index,
            passage.page,
            passage.text,
            JSON.stringify(passage.pageStarts ?? [])
          )
        }
        sql.run(
          `UPDATE documents SET pages = ?, file_resource_size = ?, resource_size = ?, status = ?, modified_at = ?
           WHERE id = ?`,
          pages.length,
          pages.reduce((sum, page) => sum + utf8Bytes(page), 0),
          passages.reduce((sum, passage) => sum + utf8Bytes(passage.text), 0),
          status(completed, completed, completed),
          now,
          documentId
        )
        ingestTask(sql, documentId, "success", null, runtime, now)
      })
    })

    /** Extraction failed: text 3 (error), the reason in `meta.error` and on the ingest task. */
    const extractionFailed = Effect.fn("DocumentStore.extractionFailed")(function* (
      documentId: number,
      reason: string,
      runtime: number
    ) {
      yield* db.stamped("record extraction failure", (sql, now) => {
        sql.run(
          "UPDATE documents SET status = ?, meta = ?, modified_at = ? WHERE id = ?",
          status(completed, error, notStarted),
          JSON.stringify({ error: reason }),
          now,
          documentId
        )
        ingestTask(sql, documentId, "failure", reason, runtime, now)
      })
    })

    const read = (documentId: number) => db.use("read document", (sql) => documentRead(sql, documentId))
    const listItem = (documentId: number) => db.use("read document", (sql) => documentListItem(sql, documentId))
    const list = (organizationId: number) => db.use("list documents", (sql) => documentList(sql, organizationId))

    /** Which of `documentIds` exist in the workspace. */
    const existing = (organizationId: number, documentIds: ReadonlyArray<number>) =>
      db.use("check documents", (sql) => {
        const found = new Set<number>()
        for (const id of documentIds) {
          if (sql.get("SELECT 1 FROM documents WHERE id = ? AND organization_id = ?", id, organizationId)) found.add(id)
        }
        return found
      })

    /** What an engine reads of these documents: file names and stored passages. */
    const forEngine = (documentIds: ReadonlyArray<number>) =>
      db.use("load passages", (sql) =>
        documentIds.flatMap((id): Array<EngineDocument> => {
          const row = sql.get<{ filename: string }>("SELECT filename FROM documents WHERE id = ?", id)
          if (row === undefined) return []
          const passages = sql
            .all<{ idx: number; page: number; text: string; page_starts: string }>(
              "SELECT idx, page, text, page_starts FROM passages WHERE document_id = ? ORDER BY idx",
              id
            )
            .map(
              (passage): Passage => ({
                documentId: id,
                page: passage.page,
                index: passage.idx,
                text: passage.text,
                pageStarts: decodePageStarts(passage.page_starts)
              })
            )
          return [{ id, filename: row.filename, passages }]
        })
      )

    return {
      create,
      fileStored,
      extracted,
      extractionFailed,
      read,
      listItem,
      list,
      existing,
      forEngine
    } as const
  })
}) {}

const ingestTask = (
  sql: Sql,
  documentId: number,
  outcome: "success" | "failure",
  reason: string | null,
  runtime: number,
  now: string
) =>
  sql.run(
    `INSERT INTO tasks (kind, target_id, document_id, status, reason, runtime, created_at, updated_at)
     VALUES ('ingest', ?, ?, ?, ?, ?, ?, ?)`,
    documentId,
    documentId,
    outcome,
    reason,
    runtime,
    now,
    now
  )
