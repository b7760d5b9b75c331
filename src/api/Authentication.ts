import { HttpApiMiddleware, HttpApiSecurity, OpenApi } from "@effect/platform"
import { Context, Schema } from "effect"
import { Unauthorized } from "./ApiError.js"
import type { OrganizationId, UserId } from "./Ids.js"

/** Plan tiers: multi-doc chat needs `advanced` (reference §7). */
export const Plan = Schema.Literal("basic", "advanced")
export type Plan = typeof Plan.Type

/** The caller a valid bearer token names. */
export class CurrentUser extends Context.Tag("app/api/CurrentUser")<
  CurrentUser,
  { readonly userId: UserId; readonly organizationIds: ReadonlyArray<OrganizationId>; readonly plan: Plan }
>() {}

/** Every operation but `POST /api/auth` requires `Authorization: Bearer <token>` (reference §1). */
export class Authentication extends HttpApiMiddleware.Tag<Authentication>()("app/api/Authentication", {
  failure: Unauthorized,
  provides: CurrentUser,
  security: {
    bearer: HttpApiSecurity.bearer.pipe(
      HttpApiSecurity.annotate(OpenApi.Format, "JWT"),
      HttpApiSecurity.annotate(
        OpenApi.Description,
        "The `access_token` of POST /api/auth, or `docsweep token --user U --org O` for the local service."
      )
    )
  }
}) {}
