import type { OrganizationId, UserId, Visibility } from "../../api/Ids.js"
import type { Sql } from "../ServiceDatabase.js"

// What tables and chat sessions share: an owner and reach, and documents kept in the order given.

/** What access checks read of a table or session. */
export interface OwnedRow {
  readonly id: number
  readonly organization_id: number
  readonly user_id: number
  readonly visibility: Visibility
}

/** The documents of a table or a session, in the order they were given. */
export const memberDocumentIds = (sql: Sql, of: "table" | "session", id: number): Array<number> =>
  sql
    .all<{ document_id: number }>(`SELECT document_id FROM ai_${of}_documents WHERE ${of}_id = ? ORDER BY position`, id)
    .map((row) => row.document_id)

/** Replaces the documents of a table or session, kept in the order given. */
export const setMemberDocuments = (
  sql: Sql,
  of: "table" | "session",
  id: number,
  documentIds: ReadonlyArray<number>
) => {
  sql.run(`DELETE FROM ai_${of}_documents WHERE ${of}_id = ?`, id)
  for (const [position, documentId] of documentIds.entries()) {
    sql.run(
      `INSERT OR IGNORE INTO ai_${of}_documents (${of}_id, document_id, position) VALUES (?, ?, ?)`,
      id,
      documentId,
      position
    )
  }
}

/** What a table or session shows of its owner and reach, from its row. */
export const ownerFields = (row: OwnedRow) => ({
  organization_id: row.organization_id as OrganizationId,
  user_id: row.user_id as UserId,
  visibility: row.visibility
})
