import type { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import { ValidationFailed, type ValidationIssue } from "../api/ApiError.js"
import { fieldLocation } from "./RequestLocations.js"

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
export const toValidationFailed = (error: HttpApiDecodeError, method: string, url: string) => {
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
    // A whole body of the wrong kind (null, an array, a string: JSON sent as text/plain) names the body's Schema.
    .replace(/^Expected [A-Z]\w*(?:Body|Request), actual/, "Expected a JSON object, actual")
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
