import { Schema } from "effect"

/**
 * Gives a record its identifier and one sample, the example the OpenAPI description shows. The sample is the JSON a
 * client sends or receives; it is decoded here, so a sample that stops matching its record fails at import.
 */
export const sampled = <A, I, Self extends Schema.Annotable<Self, A, I>>(
  identifier: string,
  record: Self & Schema.Schema<A, I, never>,
  sample: NoInfer<I>,
  description?: string
): Self =>
  record.annotations({
    identifier,
    examples: [Schema.decodeSync(record)(sample)],
    ...(description === undefined ? {} : { description })
  })

/** One workspace (3), one user (7), two documents (201, 202): every sample below lives in it. */
const at = "2026-01-07T09:30:00.000Z"

const documentListItem = {
  id: 201,
  organization_id: 3,
  user: { id: 7 },
  created_at: at,
  modified_at: at,
  modified_by: 7,
  is_trash: false,
  use_ocr: false,
  meta: {},
  csl: {},
  ui: {},
  status: { upload: 2, text: 2, passages: 2 },
  tag_ids: [],
  annotation_ids: [],
  doctype: "txt",
  file_size: 2140,
  pages: 1,
  resource_size: 2311,
  file_resource_size: 2098,
  filename: "halcyon-nonrenewal-notice.txt"
}

export const samples = {
  documentListItem,
  document: {
    ...documentListItem,
    annotations: [],
    comments: [],
    keywords: [],
    resource_stats: { file_size: 2140, file_size_by_res_type: { text: 2098, passages: 2311 } },
    suggested_tags: [],
    tasks: [
      {
        id: "task-900",
        function: "answer_cell",
        module: "docsweep.service",
        parent_id: 900,
        parent_table: "ai_cells",
        nrequeue: 0,
        status: "success",
        created_at: at,
        updated_at: at,
        runtime: 0.42
      }
    ]
  },
  authRequest: { email: "ada@example.com", password: "correct horse battery" },
  authReply: {
    access_token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJl",
    id: 7,
    organization_ids: [3],
    organization_roles: ["owner"]
  },
  organization: {
    id: 3,
    created_at: at,
    modified_at: at,
    modified_by: 7,
    description: "",
    is_personal: false,
    meta: {},
    schema: [],
    name: "Workspace 3",
    user_id: 7
  },
  table: {
    id: 12,
    organization_id: 3,
    user_id: 7,
    visibility: "private",
    created_at: at,
    meta: {},
    document_ids: [201, 202]
  },
  createTable: { organization_id: 3, user_id: 7, document_ids: [201, 202], visibility: "private" },
  updateTable: { document_ids: [201, 202, 203] },
  column: {
    id: 55,
    name: "Governing law",
    query: "Which law governs the agreement?",
    order_id: 1,
    meta: { language: "English (US)" },
    modified_at: at,
    ai_table_id: 12
  },
  createColumn: {
    name: "Governing law",
    query: "Which law governs the agreement?",
    meta: { language: "English (US)" }
  },
  cell: {
    id: 900,
    task_status: "success",
    ai_column_id: 55,
    document_id: 201,
    response: 'New York\n\n"This Agreement is governed by the laws of the State of New York …" (p. 1)',
    task_id: "task-900",
    meta: {},
    modified_at: at
  },
  runTable: { doc_id_col_id: [[201, 55] as const, [202, 55] as const] },
  createCell: { ai_column_id: 55, document_id: 203, response: "New York" },
  session: {
    id: 31,
    organization_id: 3,
    user_id: 7,
    is_multidoc: true,
    visibility: "private",
    created_at: at,
    meta: {},
    document_ids: [201, 202]
  },
  createSession: { organization_id: 3, user_id: 7, is_multidoc: true, document_ids: [201, 202], visibility: "private" },
  updateSession: { visibility: "shared" },
  message: {
    id: 77,
    task_status: "pending",
    query: "Which documents name a governing law?",
    response: "",
    ai_session_id: 31,
    user_id: 7,
    created_at: at,
    task_id: "task-77",
    meta: {},
    user_rating: ""
  },
  createMessage: { query: "Which documents name a governing law?", use_history: true },
  validationIssue: {
    loc: ["body", "doc_id_col_id", 1, 1],
    msg: "column 99 is not a column of AI table 12",
    type: "value_error"
  },
  runCount: { ai_table_id: 12, document_id: 201, ai_column_id: 55, runs: 1 }
} as const
