import { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import { HttpIncomingMessage, HttpServerRequest, HttpServerResponse, Multipart } from "@effect/platform"
import type { HttpApp } from "@effect/platform"
import { Cause, Effect, Option } from "effect"
import { InternalServerError, PayloadTooLarge, ValidationFailed, type ValidationIssue } from "../api/ApiError.js"
import { fieldLocation, isUpload } from "./RequestLocations.js"
import type { ServiceSettingsShape } from "./ServiceSettings.js"

const issueType = (tag: string): string => {
  switch (tag) {
    case "Missing":
      return "missing"
    case "Unexpected":
      return "extra_forbidden"
    case "Type":
      return "type_error"
    default:
      return "value_error"
  }
}

/** The built-in 400 decode error becomes the reference's 422 array, each `loc` starting path, query or body. */
const toValidationFailed = (error: HttpApiDecodeError, method: string, url: string) => {
  const issues: ReadonlyArray<{
    readonly _tag: string
    readonly path: ReadonlyArray<PropertyKey>
    readonly message: string
  }> = error.issues.length === 0 ? [{ _tag: "Type", path: [], message: error.message }] : error.issues
  return new ValidationFailed({
    errors: mergeAlternatives(
      issues.map((issue): ValidationIssue => {
        const path = issue.path.filter((part): part is string | number => typeof part !== "symbol")
        const loc = [fieldLocation(method, url, path[0]), ...path]
        return { loc, msg: readable(issue.message), type: issueType(issue._tag) }
      })
    )
  })
}

/** Schema's type names are for developers; say what JSON was expected, and keep echoed values short. */
const readable = (message: string): string => {
  if (message.includes("PersistedFile")) return "Expected exactly one file"
  const text = message
    .replace(/^Expected ReadonlyArray<.*>, actual/s, "Expected an array, actual")
    .replace(/^Expected \{ readonly \[x: string\]: unknown \}, actual/, "Expected an object, actual")
    .replace(/^Expected Int & between\(.*\) & Brand<.*>, actual/, "Expected a 32-bit integer, actual")
  return text.length > 200 ? `${text.slice(0, 200)}…` : text
}

const expectedActual = /^Expected (.*), actual (.*)$/s

/**
 * A union (an optional field, a literal set, a lenient boolean) reports one issue per member at the same
 * place: "Expected "shared", actual …", "Expected "private", actual …", "Expected undefined, actual …".
 * Report one: `Expected "shared" or "private", actual "public"`.
 */
const mergeAlternatives = (issues: ReadonlyArray<ValidationIssue>): Array<ValidationIssue> => {
  const byPlace = new Map<string, Array<ValidationIssue>>()
  for (const issue of issues) {
    const key = JSON.stringify(issue.loc)
    byPlace.set(key, [...(byPlace.get(key) ?? []), issue])
  }
  return [...byPlace.values()].flatMap((all) => {
    const defined = all.filter((issue) => !issue.msg.startsWith("Expected undefined,"))
    const group = defined.length === 0 ? all : defined
    const first = group[0]
    if (first === undefined || group.length === 1) return group
    const parts = group.map((issue) => expectedActual.exec(issue.msg))
    const actual = parts[0]?.[2]
    if (parts.some((part) => part === null || part[2] !== actual)) return group
    const expected = parts.flatMap((part) => (part === null || part[1] === "undefined" ? [] : [part[1]]))
    return [{ ...first, msg: `Expected ${expected.join(" or ")}, actual ${actual}` }]
  })
}

const hasTag = (value: unknown, tag: string): value is { readonly _tag: string; readonly [key: string]: unknown } =>
  typeof value === "object" && value !== null && "_tag" in value && value._tag === tag

const tooLarge = (limit: number) =>
  new PayloadTooLarge({ detail: `the request body is over the service's ${limit}-byte limit` })

/**
 * Failures of reading the body are defects inside HttpApiBuilder (it `orDie`s them): an over-limit body,
 * malformed JSON or multipart. Answer them as 413 / 422 instead of 500.
 */
const bodyDefect = (defect: unknown, limit: number): Option.Option<PayloadTooLarge | ValidationFailed> => {
  if (hasTag(defect, "RequestError")) {
    const cause = defect.cause
    if (cause instanceof Error && cause.message === "maxBytes exceeded") return Option.some(tooLarge(limit))
    return Option.some(
      new ValidationFailed({ errors: [{ loc: ["body"], msg: "the body is not valid JSON", type: "json_invalid" }] })
    )
  }
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
const unexpectedDefect = (defect: unknown): Effect.Effect<never, InternalServerError> =>
  Effect.zipRight(
    Effect.logError("request failed", Cause.die(defect)),
    Effect.fail(new InternalServerError({ detail: "internal error (the service log has the cause)" }))
  )

/**
 * Request limits and error shapes around the API: bodies over the limit answer 413 before they are read
 * (uploads have their own limit), decode failures answer 422 naming the field, no bad input ends in 500, and
 * a 500 has the declared JSON body.
 */
export const guardRequests =
  (settings: ServiceSettingsShape) =>
  (app: HttpApp.Default): HttpApp.Default<PayloadTooLarge | ValidationFailed | InternalServerError> =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const limit = isUpload(request.method, request.url) ? settings.uploadLimitBytes : settings.bodyLimitBytes
      const length = Number(request.headers["content-length"] ?? "0")
      if (Number.isFinite(length) && length > limit) return yield* Effect.fail(tooLarge(limit))
      return yield* app.pipe(
        HttpIncomingMessage.withMaxBodySize(Option.some(limit)),
        Multipart.withMaxFileSize(Option.some(limit)),
        Multipart.withMaxFieldSize(limit),
        Effect.catchAllCause(
          (cause): Effect.Effect<never, PayloadTooLarge | ValidationFailed | InternalServerError> => {
            const failure: Option.Option<unknown> = Cause.failureOption(cause)
            if (Option.isSome(failure) && failure.value instanceof HttpApiDecodeError)
              return Effect.fail(toValidationFailed(failure.value, request.method, request.url))
            const defect = Cause.dieOption(cause)
            const mapped = Option.flatMap(defect, (value) => bodyDefect(value, limit))
            if (Option.isSome(mapped)) return Effect.fail(mapped.value)
            if (Option.isSome(defect) && !HttpServerResponse.isServerResponse(defect.value))
              return unexpectedDefect(defect.value)
            return Effect.failCause(cause)
          }
        )
      )
    })
