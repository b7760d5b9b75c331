import { Schema } from "effect"
import { ModelStreamError } from "./ModelCallError.js"

// A part of a message's content. Servers that stream reasoning (Mistral's Magistral, some gateways) send content
// as an array of typed parts; only the `text` parts are the answer.
const ContentPart = Schema.Struct({ type: Schema.String, text: Schema.optional(Schema.String) })

/** A message's or a delta's `content`: text, null, or an array of typed parts. */
const MessageContent = Schema.NullOr(Schema.Union(Schema.String, Schema.Array(ContentPart)))

/** The answer text of a `content`: the string itself, or its text parts joined. */
export const textOf = (content: typeof MessageContent.Type | undefined): string =>
  content === undefined || content === null
    ? ""
    : typeof content === "string"
      ? content
      : content.map((part) => (part.type === "text" ? (part.text ?? "") : "")).join("")

/** An `error` member in a 200 reply or stream event: a message, or OpenAI's `{ message, … }`. */
const ErrorField = Schema.Union(Schema.String, Schema.Struct({ message: Schema.String }))

const ChoiceText = Schema.optional(Schema.Struct({ content: Schema.optional(MessageContent) }))

/** A completion: its choices (text and why it stopped) or an `error` (some servers send one with status 200). */
const completion = <Text extends Schema.Struct.Fields>(text: Text) =>
  Schema.Struct({
    choices: Schema.optional(
      Schema.Array(Schema.Struct({ ...text, finish_reason: Schema.optional(Schema.NullOr(Schema.String)) }))
    ),
    error: Schema.optional(ErrorField)
  })

/** One `chat.completion.chunk`: usage-only chunks have no choices, and `content` may be null or absent. */
export const CompletionChunk = completion({ delta: ChoiceText })

/** A whole `chat.completion`, from a server that ignored `stream: true`. */
export const WholeCompletion = completion({ message: ChoiceText })

/** The text of an `error` member. */
export const errorText = (error: typeof ErrorField.Type): string => (typeof error === "string" ? error : error.message)

/**
 * Why a `finish_reason` means the answer is not whole: `length` (the model hit its token limit, or the context
 * filled) and `content_filter` stop mid-answer, and a cut answer must not pass for a complete one. Undefined for
 * `stop` and the rest.
 */
export const cutShort = (finishReason: string | null | undefined): ModelStreamError | undefined => {
  switch (finishReason) {
    case "length":
      return new ModelStreamError({
        detail: "the model stopped at its length limit (finish_reason: length); the answer is cut"
      })
    case "content_filter":
      return new ModelStreamError({
        detail: "the endpoint's content filter stopped the answer (finish_reason: content_filter)"
      })
    default:
      return undefined
  }
}
