/** Replies shaped like the hosted service's, including fields the contract does not know. */
export const user = { id: 7, name: "Ada" }

export const documentRead = {
  id: 201,
  organization_id: 3,
  user,
  created_at: "2026-01-05T10:00:00Z",
  modified_at: "2026-01-06T11:30:00Z",
  modified_by: -1,
  is_trash: false,
  use_ocr: false,
  meta: { source: "upload" },
  csl: {},
  ui: { color: "blue" },
  status: { text: 2, index: 2 },
  tag_ids: [1, 2],
  annotation_ids: [9],
  doctype: "pdf",
  file_size: 52_311,
  pages: 4,
  resource_size: 1200,
  file_resource_size: 8000,
  filename: "msa.pdf",
  annotations: [
    {
      id: 9,
      type: "text",
      description: "termination clause",
      document_id: 201,
      user_id: 7,
      comment_count: 1,
      is_hidden: false,
      use_ocr: false,
      created_at: "2026-01-05T10:00:00Z",
      modified_at: "2026-01-05T10:00:00Z",
      modified_by: 7,
      color: "#ff0"
    }
  ],
  comments: [
    {
      id: 4,
      annotation_id: 9,
      user_id: 7,
      user,
      content: "check notice period",
      created_at: "2026-01-05T10:00:00Z",
      modified_at: "2026-01-05T10:00:00Z",
      modified_by: 7
    }
  ],
  keywords: ["msa", 3],
  ranking: 1,
  snippet: "…terminate…",
  span: [0, 10],
  resource_stats: { file_size: 52_311, file_list: ["a"], file_size_by_mime_type: { "application/pdf": 52_311 } },
  suggested_tags: [{ id: 1, organization_id: 3, name: "legal", color: "red", document_count: 12 }],
  tasks: [{ id: "t-1", function: "extract", status: "done", runtime: 1.5, nrequeue: 0 }],
  search_vector: "not in the contract"
}

export const documentListItem = {
  id: 202,
  organization_id: 3,
  user: { id: 7 },
  created_at: "2026-01-05T10:00:00Z",
  modified_at: "2026-01-05T10:00:00Z",
  modified_by: 7,
  is_trash: false,
  use_ocr: false,
  meta: {},
  csl: {},
  ui: {},
  status: { text: 1 },
  tag_ids: [],
  annotation_ids: [],
  doctype: "txt",
  file_size: 10,
  pages: 1,
  resource_size: 0,
  file_resource_size: 10,
  owner_email: "extra@example.com"
}

export const organization = {
  id: 3,
  created_at: "2026-01-01T00:00:00Z",
  modified_at: "2026-01-01T00:00:00Z",
  modified_by: 7,
  description: "Legal team",
  is_personal: false,
  meta: {},
  schema: [{ name: "client", type: "string", label: "Client", description: "", default: "" }],
  name: "Legal",
  user_id: 7,
  plan: "advanced"
}

export const authReply = {
  access_token: "eyJhbGciOiJIUzI1NiJ9.e30.sig",
  token_type: "bearer",
  id: 7,
  organization_ids: [3, 4],
  organization_roles: ["admin", "member"]
}

export const table = {
  id: 12,
  organization_id: 3,
  user_id: 7,
  visibility: "private",
  created_at: "2026-01-07T00:00:00Z",
  meta: {},
  document_ids: [201, 202],
  name_hint: "extra"
}

export const column = {
  id: 55,
  name: "Governing law",
  query: "Which law governs the agreement?",
  order_id: 1.5,
  meta: { language: "English (US)", model: "gpt" },
  modified_at: "2026-01-07T00:00:00Z",
  ai_table_id: 12
}

export const cell = {
  id: 900,
  task_status: "success",
  ai_column_id: 55,
  document_id: 201,
  response: "New York",
  task_id: "task-900",
  meta: {},
  modified_at: "2026-01-07T00:01:00Z",
  confidence: 0.8
}

export const session = {
  id: 31,
  organization_id: 3,
  user_id: 7,
  is_multidoc: true,
  visibility: "shared",
  created_at: "2026-01-07T00:00:00Z",
  meta: {},
  document_ids: [201, 202]
}

export const message = {
  id: 77,
  task_status: "pending",
  query: "Summarize",
  ai_session_id: 31,
  user_id: 7,
  created_at: "2026-01-07T00:00:00Z",
  task_id: "qa-77",
  meta: {},
  user_rating: "",
  tokens: 12
}
