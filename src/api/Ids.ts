import { Schema } from "effect"

const INT32_MIN = -2_147_483_648
const INT32_MAX = 2_147_483_647

/** How an id reads in the OpenAPI description: `format: int32` states the range. */
const int32JsonSchema = { type: "integer", format: "int32" } as const

/** Path ids are declared int32 by the reference (§1); body ids are integers, held to the same range here. */
const Int32 = Schema.Int.pipe(
  Schema.between(INT32_MIN, INT32_MAX, { message: () => "value is not a valid 32-bit integer" })
).annotations({ identifier: "Int32", jsonSchema: int32JsonSchema })

export const DocumentId = Int32.pipe(Schema.brand("DocumentId"))
export type DocumentId = typeof DocumentId.Type
export const OrganizationId = Int32.pipe(Schema.brand("OrganizationId"))
export type OrganizationId = typeof OrganizationId.Type
export const UserId = Int32.pipe(Schema.brand("UserId"))
export type UserId = typeof UserId.Type
export const TableId = Int32.pipe(Schema.brand("TableId"))
export type TableId = typeof TableId.Type
export const ColumnId = Int32.pipe(Schema.brand("ColumnId"))
export type ColumnId = typeof ColumnId.Type
export const CellId = Int32.pipe(Schema.brand("CellId"))
export type CellId = typeof CellId.Type
export const SessionId = Int32.pipe(Schema.brand("SessionId"))
export type SessionId = typeof SessionId.Type
export const MessageId = Int32.pipe(Schema.brand("MessageId"))
export type MessageId = typeof MessageId.Type

/** Decimal digits only: `Number()` would also read "0x1", "1e0" and " 1" as 1, one id under several spellings. */
const DecimalString = Schema.String.pipe(Schema.pattern(/^-?\d+$/, { message: () => "value is not a valid integer" }))

/**
 * Decodes a path or query segment ("42") into a branded id; "4.2", "0x2a", "x" and out-of-range values fail.
 * The description shows the integer a client sends, not the string it travels as.
 */
export const idFromString = <A, I extends number, R>(id: Schema.Schema<A, I, R>) =>
  Schema.compose(Schema.compose(DecimalString, Schema.NumberFromString), id, { strict: false }).annotations({
    message: () => "value is not a valid integer",
    jsonSchema: int32JsonSchema
  })

/** Internal settings objects the reference leaves open (`meta`, `csl`, `ui`). */
export const JsonObject = Schema.Record({ key: Schema.String, value: Schema.Unknown })
export type JsonObject = typeof JsonObject.Type

/** Table and Session visibility; the hosted service defaults to `shared` (reference §3.2). */
export const Visibility = Schema.Literal("shared", "private")
export type Visibility = typeof Visibility.Type

/** Timestamps are UTC strings of unstated format (reference §1). */
export const Timestamp = Schema.String

/**
 * The public example sends chat flags as the strings "True"/"False" (reference §4.3); accept both, send booleans.
 */
export const LenientBoolean = Schema.transform(
  Schema.Union(Schema.Boolean, Schema.Literal("True", "False", "true", "false")),
  Schema.Boolean,
  { strict: true, decode: (value) => value === true || value === "True" || value === "true", encode: (value) => value }
)

/** `{"success": true}`, the reply of deletes and resets. */
export const SuccessReply = Schema.Struct({ success: Schema.Boolean })
export type SuccessReply = typeof SuccessReply.Type
