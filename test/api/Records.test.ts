import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import {
  AiCell,
  AiColumn,
  AiTable,
  AuthReply,
  ChatMessage,
  CreateMessageBody,
  CreateMessageReply,
  CreateSessionBody,
  createdMessage,
  Document,
  DocumentListItem,
  Organization,
  RunTableBody,
  Session,
  ValidationFailed,
  ValidationFailedBody
} from "../../src/api/index.js"
import * as Samples from "./samples.js"

/** Decodes a wire sample, encodes it back and decodes again: the contract keeps every field it knows. */
const roundTrip = <A, I>(schema: Schema.Schema<A, I>, sample: unknown) => {
  const decoded = Schema.decodeUnknownSync(schema)(sample)
  const encoded = Schema.encodeSync(schema)(decoded)
  expect(Schema.decodeUnknownSync(schema)(encoded)).toEqual(decoded)
  return { decoded, encoded }
}

describe("contract records", () => {
  it("Document read shape keeps every known field and drops unknown ones", () => {
    const { decoded, encoded } = roundTrip(Document, Samples.documentRead)
    expect(decoded.annotations?.[0]?.description).toBe("termination clause")
    expect(decoded.comments?.[0]?.user.name).toBe("Ada")
    expect(decoded.tasks?.[0]?.id).toBe("t-1")
    expect(decoded.status).toEqual({ text: 2, index: 2 })
    expect(encoded).not.toHaveProperty("search_vector")
  })

  it("Document list shape tolerates absent optional fields and extra ones", () => {
    const { decoded } = roundTrip(DocumentListItem, Samples.documentListItem)
    expect(decoded.filename).toBeUndefined()
    expect(decoded.user).toEqual({ id: 7 })
  })

  it("Organization, AuthReply, Table, Column, Cell, Session, ChatMessage round-trip", () => {
    expect(roundTrip(Organization, Samples.organization).decoded.name).toBe("Legal")
    expect(roundTrip(AuthReply, Samples.authReply).decoded.organization_ids).toEqual([3, 4])
    expect(roundTrip(AiTable, Samples.table).decoded.visibility).toBe("private")
    expect(roundTrip(AiColumn, Samples.column).decoded.order_id).toBe(1.5)
    expect(roundTrip(AiCell, Samples.cell).decoded.response).toBe("New York")
    expect(roundTrip(Session, Samples.session).decoded.is_multidoc).toBe(true)
    expect(roundTrip(ChatMessage, Samples.message).decoded.response).toBeUndefined()
  })

  it("rejects a required field of the wrong type, naming it", () => {
    const result = Schema.decodeUnknownEither(AiCell)({ ...Samples.cell, document_id: "201" })
    expect(result._tag).toBe("Left")
    expect(String(result._tag === "Left" ? result.left.message : "")).toContain("document_id")
  })

  it("ids are int32: out-of-range and fractional ids fail", () => {
    expect(Schema.decodeUnknownEither(AiTable)({ ...Samples.table, id: 2_147_483_648 })._tag).toBe("Left")
    expect(Schema.decodeUnknownEither(AiTable)({ ...Samples.table, id: 1.5 })._tag).toBe("Left")
  })

  it("the create-message reply decodes in either shape and yields the created message", () => {
    const single = Schema.decodeUnknownSync(CreateMessageReply)(Samples.message)
    const many = Schema.decodeUnknownSync(CreateMessageReply)([
      { ...Samples.message, id: 1, query: "earlier" },
      Samples.message,
      { ...Samples.message, id: 99, query: "later" }
    ])
    expect(createdMessage(single, { query: "Summarize" })?.id).toBe(77)
    expect(createdMessage(many, { query: "Summarize" })?.id).toBe(77)
    expect(createdMessage(many, { query: "no such query" })?.id).toBe(99)
    // Newest first, the question asked twice (a retry): the newest asking it, or the one carrying the sent meta.
    const retried = Schema.decodeUnknownSync(CreateMessageReply)([
      { ...Samples.message, id: 80, meta: { mark: "b" } },
      { ...Samples.message, id: 79, query: "other" },
      { ...Samples.message, id: 78, meta: { mark: "a" } }
    ])
    expect(createdMessage(retried, { query: "Summarize" })?.id).toBe(80)
    expect(createdMessage(retried, { query: "Summarize", meta: { mark: "a" } })?.id).toBe(78)
  })

  it("chat flags accept the strings the public example sends and encode as booleans", () => {
    const decoded = Schema.decodeUnknownSync(CreateMessageBody)({ query: "q", use_history: "True", use_meta: "False" })
    expect(decoded.use_history).toBe(true)
    expect(decoded.use_meta).toBe(false)
    expect(Schema.encodeSync(CreateMessageBody)(decoded)).toEqual({ query: "q", use_history: true, use_meta: false })
    expect(
      Schema.decodeUnknownSync(CreateSessionBody)({ organization_id: 3, user_id: 7, is_multidoc: "True" })
    ).toMatchObject({ is_multidoc: true })
  })

  it("run pairs are [int, int] tuples, document first", () => {
    expect(Schema.decodeUnknownSync(RunTableBody)({ doc_id_col_id: [[201, 55]] }).doc_id_col_id).toEqual([[201, 55]])
    expect(Schema.decodeUnknownEither(RunTableBody)({ doc_id_col_id: [[201]] })._tag).toBe("Left")
    expect(Schema.decodeUnknownEither(RunTableBody)({ doc_id_col_id: [[201, "x"]] })._tag).toBe("Left")
  })

  it("a 422 body is the bare array of {loc, msg, type}", () => {
    const body = [{ loc: ["body", "document_ids", 0], msg: "value is not a valid integer", type: "type_error.integer" }]
    const error = Schema.decodeUnknownSync(ValidationFailedBody)(body)
    expect(error).toBeInstanceOf(ValidationFailed)
    expect(error.message).toContain("body.document_ids.0: value is not a valid integer")
    expect(Schema.encodeSync(ValidationFailedBody)(error)).toEqual(body)
  })
})
