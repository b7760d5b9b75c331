import { Effect, Either, Schema } from "effect"
import { ModelStreamError } from "./ModelCallError.js"
import { cutShort, errorText, textOf, WholeCompletion } from "./ReplyShapes.js"

const decodeWhole = Schema.decodeUnknownEither(Schema.parseJson(WholeCompletion))

/** Whether a 200 reply is one JSON object rather than an event stream: the server ignored `stream: true`. */
export const isJsonReply = (contentType: string | undefined): boolean => /\bjson\b/i.test(contentType ?? "")

const noAnswer = new ModelStreamError({ detail: "the reply held no answer (no choices[0].message.content)" })

/** The text of a whole completion, and the failure its finish reason means when the answer was cut short. */
export interface WholeAnswer {
  readonly text: string
  readonly cut: ModelStreamError | undefined
}

/**
 * The answer of a whole JSON completion (`choices[0].message.content`). An `error` member, a body that is not
 * JSON, or a reply without a message fails with what it says: none may pass for an empty answer.
 */
export const wholeAnswer = (body: string): Effect.Effect<WholeAnswer, ModelStreamError> => {
  const decoded = decodeWhole(body)
  if (Either.isLeft(decoded)) return Effect.fail(new ModelStreamError({ detail: "the reply was not valid JSON" }))
  const { choices, error } = decoded.right
  if (error !== undefined) return Effect.fail(new ModelStreamError({ detail: errorText(error) }))
  const choice = choices?.[0]
  if (choice?.message === undefined) return Effect.fail(noAnswer)
  return Effect.succeed({ text: textOf(choice.message.content), cut: cutShort(choice.finish_reason) })
}
