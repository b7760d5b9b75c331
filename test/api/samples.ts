import { samples } from "../../src/api/Samples.js"

/**
 * Replies shaped like the hosted service's: the contract's own samples (src/api/Samples.ts) with fields the contract
 * does not know, optional ones left out, and values the contract must carry through (fractional order, extra meta).
 */
export const user = { id: 7, name: "Ada" }

export const documentRead = {
  ...samples.document,
  user,
  status: { text: 2, index: 2 },
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
  suggested_tags: [{ id: 1, organization_id: 3, name: "legal", color: "red", document_count: 12 }],
  tasks: [{ id: "t-1", function: "extract", status: "done", runtime: 1.5, nrequeue: 0 }],
  search_vector: "not in the contract"
}

const { filename: _noFilename, ...listedWithoutFilename } = samples.documentListItem

/** A listed document without its optional filename, with an owner_email the contract does not know. */
export const documentListItem = {
  ...listedWithoutFilename,
  id: 202,
  status: { text: 1 },
  owner_email: "extra@example.com"
}

export const organization = {
  ...samples.organization,
  description: "Legal team",
  schema: [{ name: "client", type: "string", label: "Client", description: "", default: "" }],
  name: "Legal",
  plan: "advanced"
}

export const authReply = {
  ...samples.authReply,
  token_type: "bearer",
  organization_ids: [3, 4],
  organization_roles: ["admin", "member"]
}

export const table = { ...samples.table, name_hint: "extra" }

export const column = { ...samples.column, order_id: 1.5, meta: { language: "English (US)", model: "gpt" } }

export const cell = { ...samples.cell, response: "New York", confidence: 0.8 }

export const session = { ...samples.session, visibility: "shared" }

const { response: _noResponse, ...messageWithoutResponse } = samples.message

/** A message still pending: no response yet, and a token count the contract does not know. */
export const message = { ...messageWithoutResponse, query: "Summarize", tokens: 12 }
