import { Effect } from "effect"
import { Forbidden, NotFound, ValidationFailed, type ValidationIssue } from "../../api/ApiError.js"
import { CurrentUser } from "../../api/Authentication.js"
import { DocumentStore } from "../store/DocumentStore.js"
import type { OwnedRow } from "../store/MemberDocuments.js"

/** A 422 naming one field: `loc` as the reference writes it (`["body", "document_ids", 0]`). */
export const invalid = (loc: ValidationIssue["loc"], msg: string, type = "value_error") =>
  new ValidationFailed({ errors: [{ loc, msg, type }] })

export const notFound = (what: string) => new NotFound({ detail: `${what} not found` })

/** The body's `user_id` must be the token's user (403 otherwise). */
export const requireSelf = (userId: number) =>
  Effect.flatMap(CurrentUser, (user) =>
    user.userId === userId
      ? Effect.void
      : Effect.fail(new Forbidden({ detail: `user_id ${userId} is not the user this token was issued to` }))
  )

/** The token must belong to the workspace (403 otherwise). */
export const requireOrganization = (organizationId: number) =>
  Effect.flatMap(CurrentUser, (user) =>
    user.organizationIds.some((id) => id === organizationId)
      ? Effect.void
      : Effect.fail(new Forbidden({ detail: `this token does not belong to organization ${organizationId}` }))
  )

/**
 * Tables and sessions: shared ones are visible to their whole workspace, private ones to their creator only.
 * Anything the caller may not see reads as absent (404), so ids of other workspaces leak nothing.
 */
const requireVisible = <Row extends OwnedRow>(row: Row | undefined, what: string) =>
  Effect.flatMap(CurrentUser, (user) =>
    row !== undefined &&
    user.organizationIds.some((id) => id === row.organization_id) &&
    (row.visibility === "shared" || row.user_id === user.userId)
      ? Effect.succeed(row)
      : Effect.fail(notFound(what))
  )

/** Looks a table or session up by `find` and `requireVisible`s it: `visible(tables.find, "AI table")(tableId)`. */
export const visible =
  <Row extends OwnedRow, R>(find: (id: number) => Effect.Effect<Row | undefined, never, R>, what: string) =>
  (id: number) =>
    Effect.flatMap(find(id), (row) => requireVisible(row, `${what} ${id}`))

/** Ids that are not in `known`, as 422 issues at `loc` + their index. */
const unknownIds = (
  ids: ReadonlyArray<number>,
  known: ReadonlySet<number>,
  loc: ReadonlyArray<string>,
  what: string
): Array<ValidationIssue> =>
  ids.flatMap((id, index) =>
    known.has(id) ? [] : [{ loc: [...loc, index], msg: `${what} ${id} does not exist`, type: "value_error.missing" }]
  )

/** A 422 listing `errors`, or nothing when there are none. */
export const failIfAny = (errors: ReadonlyArray<ValidationIssue>) =>
  errors.length === 0 ? Effect.void : Effect.fail(new ValidationFailed({ errors }))

/** The body's `document_ids` must all be documents of the workspace (422 naming each one that is not). */
export const requireKnownDocuments = (organizationId: number, documentIds: ReadonlyArray<number>) =>
  DocumentStore.pipe(
    Effect.flatMap((documents) => documents.existing(organizationId, documentIds)),
    Effect.flatMap((known) => failIfAny(unknownIds(documentIds, known, ["body", "document_ids"], "document")))
  )
