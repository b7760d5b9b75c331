import { HttpApiBuilder } from "@effect/platform"
import { Effect, Redacted } from "effect"
import { Api } from "../../api/Api.js"
import { Unauthorized } from "../../api/ApiError.js"
import { CurrentUser } from "../../api/Authentication.js"
import type { OrganizationId, UserId } from "../../api/Ids.js"
import { Auth } from "../Auth.js"
import { noAccountHash, verifyPassword } from "../Passwords.js"
import { OrganizationStore } from "../store/OrganizationStore.js"
import { requireSelf } from "./Access.js"

const wrongCredentials = new Unauthorized({ detail: "wrong e-mail or password" })

/** Reference §2: log in with an account made by `docsweep users add`; list the caller's workspaces. */
export const AuthHandlers = HttpApiBuilder.group(Api, "auth", (handlers) =>
  Effect.gen(function* () {
    const organizations = yield* OrganizationStore
    const auth = yield* Auth
    return handlers
      .handle("login", ({ payload }) =>
        Effect.gen(function* () {
          const account = yield* organizations.account(payload.email.trim())
          const matches = yield* verifyPassword(payload.password, account?.password_hash ?? noAccountHash)
          if (account === undefined || !matches) return yield* Effect.fail(wrongCredentials)
          const organizationIds = account.memberships.map((m) => m.organization_id as OrganizationId)
          const token = yield* auth.mint({ userId: account.id as UserId, organizationIds, plan: account.plan })
          return {
            access_token: Redacted.value(token),
            id: account.id as UserId,
            organization_ids: organizationIds,
            organization_roles: account.memberships.map((m) => m.role)
          }
        })
      )
      .handle("listOrganizations", ({ path }) =>
        Effect.gen(function* () {
          yield* requireSelf(path.user_id)
          const user = yield* CurrentUser
          return yield* organizations.list(user.organizationIds)
        })
      )
  })
)
