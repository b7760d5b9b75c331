import { Data, Effect } from "effect"
import type { Plan } from "../../api/Authentication.js"
import type { OrganizationId, UserId } from "../../api/Ids.js"
import type { Organization } from "../../api/Organizations.js"
import { jsonObject, ServiceDatabase, type Sql } from "../ServiceDatabase.js"

interface OrganizationRow {
  readonly id: number
  readonly name: string
  readonly description: string
  readonly is_personal: number
  readonly owner_id: number | null
  readonly meta: string
  readonly created_at: string
  readonly modified_at: string
  readonly modified_by: number
}

interface UserRow {
  readonly id: number
  readonly email: string
  readonly password_hash: string
  readonly plan: Plan
}

/** An account with this e-mail address exists already. */
class EmailTaken extends Data.TaggedError("EmailTaken")<{ readonly email: string }> {
  override get message() {
    return `a user with e-mail ${this.email} exists already`
  }
}

/** Organizations are implicit: the first use of an id creates the row, named `Workspace <id>`. */
const ensure = (sql: Sql, organizationId: number, now: string, ownerId: number | null) =>
  sql.run(
    `INSERT INTO organizations (id, name, owner_id, created_at, modified_at, modified_by)
     VALUES (?, ?, ?, ?, ?, -1) ON CONFLICT (id) DO NOTHING`,
    organizationId,
    `Workspace ${organizationId}`,
    ownerId,
    now,
    now
  ).changes > 0

const toOrganization = (row: OrganizationRow): Organization => ({
  id: row.id as OrganizationId,
  created_at: row.created_at,
  modified_at: row.modified_at,
  modified_by: row.modified_by,
  description: row.description,
  is_personal: row.is_personal === 1,
  meta: jsonObject(row.meta),
  schema: [],
  name: row.name,
  ...(row.owner_id === null ? {} : { user_id: row.owner_id as UserId })
})

/** Workspaces, user accounts (for `POST /api/auth`) and memberships. */
export class OrganizationStore extends Effect.Service<OrganizationStore>()("app/service/OrganizationStore", {
  effect: Effect.gen(function* () {
    const db = yield* ServiceDatabase

    const ensureOrganizations = Effect.fn("OrganizationStore.ensureOrganizations")(function* (
      organizationIds: ReadonlyArray<number>
    ) {
      yield* db.stamped("ensure organizations", (sql, now) => {
        for (const id of organizationIds) ensure(sql, id, now, null)
      })
    })

    const list = Effect.fn("OrganizationStore.list")(function* (organizationIds: ReadonlyArray<number>) {
      yield* ensureOrganizations(organizationIds)
      return yield* db.use("list organizations", (sql) =>
        organizationIds.flatMap((id) => {
          const row = sql.get<OrganizationRow>("SELECT * FROM organizations WHERE id = ?", id)
          return row === undefined ? [] : [toOrganization(row)]
        })
      )
    })

    const addUser = Effect.fn("OrganizationStore.addUser")(function* (user: {
      readonly email: string
      readonly passwordHash: string
      readonly organizationId: number
      readonly plan: Plan
    }) {
      const created = yield* db.stamped("add user", (sql, now) => {
        if (sql.get("SELECT id FROM users WHERE email = ?", user.email) !== undefined) return undefined
        const id = sql.run(
          "INSERT INTO users (email, password_hash, plan, created_at) VALUES (?, ?, ?, ?)",
          user.email,
          user.passwordHash,
          user.plan,
          now
        ).id
        const owner = ensure(sql, user.organizationId, now, id)
        sql.run(
          "INSERT INTO memberships (user_id, organization_id, role) VALUES (?, ?, ?)",
          id,
          user.organizationId,
          owner ? "owner" : "member"
        )
        return id
      })
      if (created === undefined) return yield* Effect.fail(new EmailTaken({ email: user.email }))
      return { id: created, email: user.email, organization_ids: [user.organizationId], plan: user.plan }
    })

    /** The account with this e-mail, its workspaces and roles; undefined when there is none. */
    const account = Effect.fn("OrganizationStore.account")(function* (email: string) {
      return yield* db.use("find user", (sql) => {
        const user = sql.get<UserRow>("SELECT id, email, password_hash, plan FROM users WHERE email = ?", email)
        if (user === undefined) return undefined
        const memberships = sql.all<{ organization_id: number; role: string }>(
          "SELECT organization_id, role FROM memberships WHERE user_id = ? ORDER BY organization_id",
          user.id
        )
        return { ...user, memberships }
      })
    })

    /** Display names of users with an account; users known only from tokens have none. */
    const userName = (userId: number) =>
      db.use("user name", (sql) => sql.get<{ email: string }>("SELECT email FROM users WHERE id = ?", userId)?.email)

    return { ensureOrganizations, list, addUser, account, userName } as const
  })
}) {}
