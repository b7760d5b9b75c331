import { Cause, Effect, Option, Predicate } from "effect"
import { InternalServerError, PayloadTooLarge, ValidationFailed } from "../api/ApiError.js"

const hasTag = (value: unknown, tag: string): value is { readonly _tag: string; readonly [key: string]: unknown } =>
  typeof value === "object" && value !== null && "_tag" in value && value._tag === tag

export const tooLarge = (limit: number) =>
  new PayloadTooLarge({ detail: `the request body is over the service's ${limit}-byte limit` })

/**
 * Failures of reading the body are defects inside HttpApiBuilder (it `orDie`s them): an over-limit body,
 * malformed JSON or multipart. Answer them as 413 / 422 instead of 500.
 */
export const bodyDefect = (defect: unknown, limit: number): Option.Option<PayloadTooLarge | ValidationFailed> => {
  if (hasTag(defect, "RequestError")) {
    const cause = defect.cause
    if (cause instanceof Error && cause.message === "maxBytes exceeded") return Option.some(tooLarge(limit))
    return Option.some(
      new ValidationFailed({ errors: [{ loc: ["body"], msg: "the body is not valid JSON", type: "json_invalid" }] })
    )
  }
  // multipasta emits a multipart/form-data content type without a boundary as an "error" event with no
  // listener, which Node throws as ERR_UNHANDLED_ERROR carrying the event's value in `context`.
  if (Predicate.hasProperty(defect, "context") && hasTag(defect.context, "InvalidBoundary"))
    return Option.some(
      new ValidationFailed({
        errors: [{ loc: ["body"], msg: "a multipart/form-data body needs a boundary parameter", type: "value_error" }]
      })
    )
  if (hasTag(defect, "MultipartError")) {
    const reason = String(defect.reason)
    if (reason === "FileTooLarge" || reason === "FieldTooLarge" || reason === "BodyTooLarge")
      return Option.some(tooLarge(limit))
    return Option.some(
      new ValidationFailed({
        errors: [{ loc: ["body"], msg: `unreadable multipart body (${reason})`, type: "value_error" }]
      })
    )
  }
  return Option.none()
}

/** A defect that is not a prepared response: a bug or a failed store. Logged, answered as the declared 500. */
export const unexpectedDefect = (defect: unknown): Effect.Effect<never, InternalServerError> =>
  Effect.zipRight(
    Effect.logError("request failed", Cause.die(defect)),
    Effect.fail(new InternalServerError({ detail: "internal error (the service log has the cause)" }))
  )
