import type { DocumentId, OrganizationId, UserId, Visibility } from "../../api/Ids.js"
import { insertRow, jsonObject, type Sql, type SqlValue } from "../ServiceDatabase.js"

// What tables and chat sessions share: an owner and reach, a creation time and meta, documents kept in the order
// given. Each lives in `ai_<of>s`, its documents in `ai_<of>_documents`.

type Of = "table" | "session"

/** What access checks read of a table or session. */
export interface OwnedRow {
  readonly id: number
  readonly organization_id: number
  readonly user_id: number
  readonly visibility: Visibility
}

/** The columns the rows of tables and sessions share. */
export interface MemberRow extends OwnedRow {
  readonly meta: string
  readonly created_at: string
}

/** The documents of a table or a session, in the order they were given. */
export const memberDocumentIds = (sql: Sql, of: Of, id: number): Array<number> =>
  sql
    .all<{ document_id: number }>(`SELECT document_id FROM ai_${of}_documents WHERE ${of}_id = ? ORDER BY position`, id)
    .map((row) => row.document_id)

/** Replaces the documents of a table or session, kept in the order given. */
const setMemberDocuments = (sql: Sql, of: Of, id: number, documentIds: ReadonlyArray<number>) => {
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

/** The row of a table or session, or undefined. */
export const memberRow = <Row extends MemberRow>(sql: Sql, of: Of, id: number) =>
  sql.get<Row>(`SELECT * FROM ai_${of}s WHERE id = ?`, id)

/** A new table or session: its row (with the columns of its own) and its documents. Returns its id. */
export const insertMember = (
  sql: Sql,
  of: Of,
  input: {
    readonly organizationId: number
    readonly userId: number
    readonly visibility: Visibility
    readonly documentIds: ReadonlyArray<number>
  },
  now: string,
  own: Readonly<Record<string, SqlValue>> = {}
): number => {
  const id = insertRow(sql, `ai_${of}s`, {
    organization_id: input.organizationId,
    user_id: input.userId,
    visibility: input.visibility,
    created_at: now,
    ...own
  })
  setMemberDocuments(sql, of, id, input.documentIds)
  return id
}

/** What an update of a table or session may change; what it leaves out is kept. */
export interface MemberChanges {
  readonly documentIds?: ReadonlyArray<number> | undefined
  readonly meta?: Record<string, unknown> | undefined
  readonly visibility?: Visibility | undefined
}

/** Applies an update of a table or session. */
export const updateMember = (sql: Sql, of: Of, id: number, input: MemberChanges) => {
  if (input.documentIds !== undefined) setMemberDocuments(sql, of, id, input.documentIds)
  if (input.meta !== undefined) sql.run(`UPDATE ai_${of}s SET meta = ? WHERE id = ?`, JSON.stringify(input.meta), id)
  if (input.visibility !== undefined) sql.run(`UPDATE ai_${of}s SET visibility = ? WHERE id = ?`, input.visibility, id)
}

/** What a table or session shows of its row besides its id: owner, reach, creation time, meta and documents. */
export const memberFields = (sql: Sql, of: Of, row: MemberRow) => ({
  organization_id: row.organization_id as OrganizationId,
  user_id: row.user_id as UserId,
  visibility: row.visibility,
  created_at: row.created_at,
  meta: jsonObject(row.meta),
  document_ids: memberDocumentIds(sql, of, row.id) as Array<DocumentId>
})
