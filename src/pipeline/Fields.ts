import type { ParseResult } from "effect"
import { Schema } from "effect"

/** A YAML mapping, as plain data. */
export const isMapping = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

/** How a YAML value reads in a message: strings quoted, lists and mappings by kind. */
export const show = (actual: unknown): string => {
  if (actual === null || actual === undefined) return "nothing"
  if (typeof actual === "string") return JSON.stringify(actual)
  if (Array.isArray(actual)) return "a list"
  if (typeof actual === "object") return "a mapping"
  return String(actual)
}

/**
 * Message annotation "expected WHAT, got VALUE". `override` replaces messages from inner schemas (right for leaf
 * values); without it a struct or list keeps the messages of its members and speaks only when the value itself has
 * the wrong kind.
 */
export const expected =
  (what: string, override = true) =>
  (issue: ParseResult.ParseIssue) => ({ message: `expected ${what}, got ${show(issue.actual)}`, override })

/** One of a few words, refused as `expected "a", "b" or "c", got …`. */
export const OneOf = <const Words extends readonly [string, ...Array<string>]>(...words: Words) => {
  const quoted = words.map((word) => `"${word}"`)
  const listed = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`
  return Schema.Literal(...words).annotations({ message: expected(listed ?? "") })
}

/** Text that is not blank. */
export const NonEmptyText = Schema.String.pipe(
  Schema.filter((s) => s.trim().length > 0, { jsonSchema: { minLength: 1 } })
).annotations({ message: expected("non-empty text") })

export const PositiveInt = Schema.Number.pipe(Schema.int(), Schema.positive()).annotations({
  message: expected("a positive integer")
})

export const NonNegativeInt = Schema.Number.pipe(Schema.int(), Schema.nonNegative()).annotations({
  message: expected("a whole number, 0 or more")
})

/** Service ids are int32 (service-api §4): documents, organizations, users. */
export const Int32Id = (what: string) =>
  Schema.Number.pipe(Schema.int(), Schema.between(1, 2_147_483_647)).annotations({
    message: expected(`${what} (a positive 32-bit integer)`)
  })

/**
 * The user the work is done as and its workspace, branded as the contract brands them (`UserId`, `OrganizationId`:
 * the same types), so the ids are checked and branded once, where the pipeline, environment and flags are read.
 */
export const UserIdField = Int32Id("a user id").pipe(Schema.brand("UserId"))
export const WorkspaceIdField = Int32Id("an organization id").pipe(Schema.brand("OrganizationId"))

export const Flag = Schema.Boolean.annotations({ message: expected("true or false") })

/** A list that must hold at least one item. */
export const NonEmptyList = <A, I>(item: Schema.Schema<A, I>, plural: string, singular: string) =>
  Schema.Array(item)
    .annotations({ message: expected(`a list of ${plural}`, false) })
    .pipe(Schema.minItems(1, { message: () => `expected at least one ${singular}, got an empty list` }))

/** A mapping whose members report their own problems. */
export const mappingMessage = expected("a mapping", false)

/**
 * Annotations of a custom filter. A filter without a `jsonSchema` annotation is skipped by `JSONSchema.make`
 * together with its description; an empty one keeps the description and adds no constraint.
 */
export const described = (description: string) => ({ description, jsonSchema: {} })

/** Case-insensitive duplicates of `key` in a list, as filter issues on the later entries (no key: skipped). */
export const duplicatesOf =
  <A>(key: (a: A) => string | undefined, what: string, field?: string) =>
  (items: ReadonlyArray<A>): ReadonlyArray<Schema.FilterIssue> => {
    const seen = new Map<string, number>()
    return items.flatMap((item, index) => {
      const name = key(item)
      if (name === undefined) return []
      const normalized = name.trim().toLowerCase()
      const first = seen.get(normalized)
      if (first === undefined) {
        seen.set(normalized, index)
        return []
      }
      return [
        {
          path: field === undefined ? [index] : [index, field],
          message: `duplicate ${what} ${JSON.stringify(name)} (first at #${first + 1})`
        }
      ]
    })
  }

/** An optional key; absent stays absent (`exact`), so `undefined` is never a valid value. */
export const optionalExact = <A, I>(schema: Schema.Schema<A, I>) => Schema.optionalWith(schema, { exact: true })

/**
 * Headers every report's Results sheet and results.csv already has before the columns (the report's
 * `documentHeaders`): a column named like one would give a second column of that name, and a script reading the CSV
 * by header would take one for the other.
 */
export const reportHeaders = ["Document ID", "File name", "Pages"] as const

/** Column names that are one of `reportHeaders` (in any case, spaces around ignored), as filter issues. */
export const reportHeaderNames =
  <A>(key: (a: A) => string | undefined) =>
  (items: ReadonlyArray<A>): ReadonlyArray<Schema.FilterIssue> =>
    items.flatMap((item, index) => {
      const name = key(item)
      const taken = reportHeaders.some((header) => header.toLowerCase() === name?.trim().toLowerCase())
      if (name === undefined || !taken) return []
      const message = `${JSON.stringify(name)} is a column every report already has (${reportHeaders.join(", ")}): choose another name`
      return [{ path: [index, "name"], message }]
    })
