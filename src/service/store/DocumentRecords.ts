import type { Annotation, Comment, Document, DocumentListItem, Task } from "../../api/Documents.js"
import type { DocumentId, OrganizationId, UserId } from "../../api/Ids.js"
import { jsonObject, type Sql } from "../ServiceDatabase.js"

interface DocumentRow {
  readonly id: number
  readonly organization_id: number
  readonly user_id: number
  readonly user_name: string | null
  readonly filename: string
  readonly doctype: string
  readonly file_size: number
  readonly pages: number
  readonly resource_size: number
  readonly file_resource_size: number
  readonly status: string
  readonly meta: string
  readonly created_at: string
  readonly modified_at: string
  readonly modified_by: number
  readonly tag_ids: string | null
  readonly annotation_ids: string | null
}

const selectDocuments = `
  SELECT d.*, u.email AS user_name,
    (SELECT group_concat(tag_id) FROM (SELECT tag_id FROM document_tags WHERE document_id = d.id ORDER BY tag_id))
      AS tag_ids,
    (SELECT group_concat(id) FROM (SELECT id FROM annotations WHERE document_id = d.id ORDER BY id))
      AS annotation_ids
  FROM documents d LEFT JOIN users u ON u.id = d.user_id`

const ids = (text: string | null): Array<number> => (text === null || text === "" ? [] : text.split(",").map(Number))

const statusMap = (text: string): Record<string, number> => {
  const parsed = jsonObject(text)
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, number] => Number.isInteger(entry[1]))
  )
}

const toListItem = (row: DocumentRow): DocumentListItem => ({
  id: row.id as DocumentId,
  organization_id: row.organization_id as OrganizationId,
  user: row.user_name === null ? { id: row.user_id as UserId } : { id: row.user_id as UserId, name: row.user_name },
  created_at: row.created_at,
  modified_at: row.modified_at,
  modified_by: row.modified_by,
  is_trash: false,
  use_ocr: false,
  meta: jsonObject(row.meta),
  csl: {},
  ui: {},
  status: statusMap(row.status),
  tag_ids: ids(row.tag_ids),
  annotation_ids: ids(row.annotation_ids),
  doctype: row.doctype,
  file_size: row.file_size,
  pages: row.pages,
  resource_size: row.resource_size,
  file_resource_size: row.file_resource_size,
  filename: row.filename
})

/** Upload/list shape of one document. */
export const documentListItem = (sql: Sql, documentId: number): DocumentListItem | undefined => {
  const row = sql.get<DocumentRow>(`${selectDocuments} WHERE d.id = ?`, documentId)
  return row === undefined ? undefined : toListItem(row)
}

/** Every document of a workspace, oldest first. */
export const documentList = (sql: Sql, organizationId: number): Array<DocumentListItem> =>
  sql.all<DocumentRow>(`${selectDocuments} WHERE d.organization_id = ? ORDER BY d.id`, organizationId).map(toListItem)

interface AnnotationRow extends Omit<Annotation, "is_hidden" | "use_ocr"> {
  readonly is_hidden: number
  readonly use_ocr: number
}

interface CommentRow extends Omit<Comment, "user"> {
  readonly user_name: string | null
}

interface TaskRow {
  readonly id: number
  readonly kind: string
  readonly target_id: number
  readonly status: string
  readonly nrequeue: number
  readonly reason: string | null
  readonly runtime: number | null
  readonly created_at: string
  readonly updated_at: string
}

/** The read shape adds annotations, comments, resource stats and the document's tasks (newest 100). */
export const documentRead = (sql: Sql, documentId: number): Document | undefined => {
  const item = documentListItem(sql, documentId)
  if (item === undefined) return undefined
  const annotations = sql
    .all<AnnotationRow>(
      `SELECT a.*, (SELECT count(*) FROM comments c WHERE c.annotation_id = a.id) AS comment_count
       FROM annotations a WHERE a.document_id = ? ORDER BY a.id`,
      documentId
    )
    .map((row): Annotation => ({ ...row, is_hidden: row.is_hidden === 1, use_ocr: row.use_ocr === 1 }))
  const comments = sql
    .all<CommentRow>(
      `SELECT c.*, u.email AS user_name FROM comments c JOIN annotations a ON a.id = c.annotation_id
       LEFT JOIN users u ON u.id = c.user_id WHERE a.document_id = ? ORDER BY c.id`,
      documentId
    )
    .map(
      ({ user_name, ...row }): Comment => ({
        ...row,
        user: user_name === null ? { id: row.user_id } : { id: row.user_id, name: user_name }
      })
    )
  const tasks = sql
    .all<TaskRow>("SELECT * FROM tasks WHERE document_id = ? ORDER BY id DESC LIMIT 100", documentId)
    .map(toTask)
  const sizes = { text: item.file_resource_size, passages: item.resource_size }
  return {
    ...item,
    annotations,
    comments,
    keywords: [],
    resource_stats: { file_size: item.file_size, file_size_by_res_type: sizes },
    suggested_tags: [],
    tasks
  }
}

const toTask = (row: TaskRow): Task => ({
  id: taskIdOf(row.id),
  function: row.kind === "ingest" ? "extract_text" : row.kind === "cell" ? "answer_cell" : "answer_message",
  module: "docsweep.service",
  parent_id: row.target_id,
  parent_table: row.kind === "ingest" ? "documents" : row.kind === "cell" ? "ai_cells" : "ai_messages",
  nrequeue: row.nrequeue,
  status: row.status,
  created_at: row.created_at,
  updated_at: row.updated_at,
  ...(row.runtime === null ? {} : { runtime: row.runtime }),
  ...(row.reason === null ? {} : { traceback: row.reason })
})

/** The public id of a task row: the `task_id` of cells and messages. */
export const taskIdOf = (rowId: number): string => `task-${rowId}`
