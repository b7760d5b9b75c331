import { Schema } from "effect"

// A part of a message's content. Servers that stream reasoning (Mistral's Magistral, some gateways) send content
// as an array of typed parts; only the `text` parts are the answer.
const ContentPart = Schema.Struct({ type: Schema.String, text: Schema.optional(Schema.String) })

/** A message's or a delta's `content`: text, null, or an array of typed parts. */
export const MessageContent = Schema.NullOr(Schema.Union(Schema.String, Schema.Array(ContentPart)))

/** The answer text of a `content`: the string itself, or its text parts joined. */
export const textOf = (content: typeof MessageContent.Type | undefined): string =>
  content === undefined || content === null
    ? ""
    : typeof content === "string"
      ? content
      : content.map((part) => (part.type === "text" ? (part.text ?? "") : "")).join("")

/** An `error` member in a 200 reply or stream event: a message, or OpenAI's `{ message, … }`. */
export const ErrorField = Schema.Union(Schema.String, Schema.Struct({ message: Schema.String }))

/** The text of an `error` member. */
export const errorText = (error: typeof ErrorField.Type): string => (typeof error === "string" ? error : error.message)
