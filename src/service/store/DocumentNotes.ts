import { Effect } from "effect"
import { createdBy, insertRow, nowIso, ServiceDatabase } from "../ServiceDatabase.js"

/**
 * Annotations, comments and tags of documents. No endpoint of the reference writes them; they are stored so
 * the document read returns them (and so tests and future endpoints can add them).
 */
export class DocumentNotes extends Effect.Service<DocumentNotes>()("app/service/DocumentNotes", {
  effect: Effect.gen(function* () {
    const db = yield* ServiceDatabase

    const addAnnotation = Effect.fn("DocumentNotes.addAnnotation")(function* (input: NewAnnotation) {
      const stamps = createdBy(input.userId, yield* nowIso)
      const row = {
        document_id: input.documentId,
        user_id: input.userId,
        type: input.type,
        description: input.description,
        ...stamps
      }
      return yield* db.use("add annotation", (sql) => insertRow(sql, "annotations", row))
    })

    const addComment = Effect.fn("DocumentNotes.addComment")(function* (input: NewComment) {
      const stamps = createdBy(input.userId, yield* nowIso)
      const row = { annotation_id: input.annotationId, user_id: input.userId, content: input.content, ...stamps }
      return yield* db.use("add comment", (sql) => insertRow(sql, "comments", row))
    })

    /** Tags a document, creating the workspace tag on first use; returns the tag id. */
    const tag = (documentId: number, name: string, color: string) =>
      db.transaction("tag document", (sql) => {
        const organization = sql.get<{ organization_id: number }>(
          "SELECT organization_id FROM documents WHERE id = ?",
          documentId
        )
        if (organization === undefined) return undefined
        const found = sql.get<{ id: number }>(
          "SELECT id FROM tags WHERE organization_id = ? AND name = ?",
          organization.organization_id,
          name
        )
        const tagId =
          found?.id ??
          sql.run(
            "INSERT INTO tags (organization_id, name, color) VALUES (?, ?, ?)",
            organization.organization_id,
            name,
            color
          ).id
        sql.run("INSERT OR IGNORE INTO document_tags (document_id, tag_id) VALUES (?, ?)", documentId, tagId)
        return tagId
      })

    return { addAnnotation, addComment, tag } as const
  })
}) {}

interface NewAnnotation {
  readonly documentId: number
  readonly userId: number
  readonly type: string
  readonly description: string
}

interface NewComment {
  readonly annotationId: number
  readonly userId: number
  readonly content: string
}
