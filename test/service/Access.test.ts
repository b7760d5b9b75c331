import { assert, describe, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import * as Jose from "jose"
import { signToken } from "../../src/service/Auth.js"
import { usersAddCommand } from "../../src/service/Commands.js"
import { asOrg, asUser, creator, onData, raw, testService, uploadText } from "./support.js"

const encoder = new TextEncoder()

/** Two workspaces (3 and 4); users 7 and 8 in workspace 3, user 9 in workspace 4. */
const twoWorkspaces = Effect.gen(function* () {
  const service = yield* testService()
  const ada = yield* service.client(yield* service.token(7, 3))
  const bob = yield* service.client(yield* service.token(8, 3))
  const eve = yield* service.client(yield* service.token(9, 4, "advanced"))
  const ours = yield* uploadText(ada, "a.txt", { organization: 3 })
  const theirs = yield* uploadText(eve, "b.txt", { organization: 4 })
  return { service, ada, bob, eve, ours, theirs }
})

const tagOf = <A, E extends { readonly _tag: string }, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.map(Effect.flip(effect), (error) => error._tag)

const user7 = { userId: asUser(7), organizationIds: [asOrg(3)], plan: "basic" as const }

describe("service auth and visibility", () => {
  it.live("missing, malformed, wrongly signed and expired tokens answer 401", () =>
    Effect.gen(function* () {
      const service = yield* testService()
      const path = "/api/organization/3/document/list"
      const missing = yield* raw(service.baseUrl, "GET", path)
      assert.strictEqual(missing.status, 401)
      assert.include(missing.text, "missing bearer token")
      assert.strictEqual((yield* raw(service.baseUrl, "GET", path, { token: "not.a.jwt" })).status, 401)
      const forged = yield* signToken(Redacted.make("another-secret"), user7, "1 hour")
      const wrong = yield* raw(service.baseUrl, "GET", path, { token: Redacted.value(forged) })
      assert.strictEqual(wrong.status, 401)
      assert.include(wrong.text, "signature")
      // Rightly signed, expired in 1970.
      const old = yield* Effect.promise(() =>
        new Jose.SignJWT({ orgs: [3], plan: "basic" })
          .setProtectedHeader({ alg: "HS256" })
          .setSubject("7")
          .setIssuedAt(1000)
          .setExpirationTime(2000)
          .sign(encoder.encode("test-secret-value"))
      )
      const expired = yield* raw(service.baseUrl, "GET", path, { token: old })
      assert.strictEqual(expired.status, 401)
      assert.include(expired.text, "expired")
      const fine = yield* raw(service.baseUrl, "GET", path, { token: Redacted.value(yield* service.token(7, 3)) })
      assert.strictEqual(fine.status, 200, fine.text)
    }).pipe(Effect.scoped)
  )

  it.live("POST /api/auth logs in accounts made by users add; wrong passwords answer 401", () =>
    Effect.gen(function* () {
      const service = yield* testService()
      const account = yield* usersAddCommand({
        email: "ada@example.com",
        password: "correct horse",
        org: 5,
        plan: "advanced"
      }).pipe(onData(service.dataDir))
      const anonymous = yield* service.client()
      const reply = yield* anonymous.login("ADA@example.com", "correct horse")
      assert.strictEqual(reply.id, account.id)
      assert.deepStrictEqual(reply.organization_ids, [asOrg(5)])
      assert.deepStrictEqual(reply.organization_roles, ["owner"])
      assert.strictEqual(yield* tagOf(anonymous.login("ada@example.com", "wrong horse")), "Unauthorized")
      assert.strictEqual(yield* tagOf(anonymous.login("bob@example.com", "correct horse")), "Unauthorized")
      const client = yield* service.client(Redacted.make(reply.access_token))
      const organizations = yield* client.listOrganizations(reply.id)
      assert.deepStrictEqual(
        organizations.map((organization) => [organization.id, organization.name, organization.user_id]),
        [[asOrg(5), "Workspace 5", asUser(account.id)]]
      )
      assert.strictEqual(yield* tagOf(client.listOrganizations(asUser(account.id + 1))), "Forbidden")
      const document = yield* client.uploadDocument({
        organizationId: asOrg(5),
        doctype: "md",
        filename: "x.md",
        bytes: encoder.encode("# X")
      })
      const session = yield* client.createSession({
        organization_id: asOrg(5),
        user_id: reply.id,
        is_multidoc: true,
        document_ids: [document.id]
      })
      assert.isTrue(session.is_multidoc)
    }).pipe(Effect.scoped)
  )

  it.live("another user's id or another workspace in a body answers 403; the plan gates multi-doc chat", () =>
    Effect.gen(function* () {
      const { ada, ours } = yield* twoWorkspaces
      const asBob = yield* tagOf(
        ada.createTable({ organization_id: asOrg(3), user_id: asUser(8), document_ids: [ours.id] })
      )
      assert.strictEqual(asBob, "Forbidden")
      const elsewhere = yield* tagOf(
        ada.createTable({ organization_id: asOrg(4), user_id: asUser(7), document_ids: [ours.id] })
      )
      assert.strictEqual(elsewhere, "Forbidden")
      assert.strictEqual(yield* tagOf(ada.listDocuments(asOrg(4))), "Forbidden")
      assert.strictEqual(yield* tagOf(ada.listSessions(asOrg(4))), "Forbidden")
      const upload = ada.uploadDocument({
        organizationId: asOrg(4),
        doctype: "txt",
        filename: "x.txt",
        bytes: encoder.encode("x")
      })
      assert.strictEqual(yield* tagOf(upload), "Forbidden")
      const multi = yield* Effect.flip(ada.createSession({ ...creator, is_multidoc: true, document_ids: [ours.id] }))
      assert.strictEqual(multi._tag, "Forbidden")
      assert.include(multi.message, "Multi-doc chat needs the Advanced plan or higher (this token's plan: basic)")
    }).pipe(Effect.scoped)
  )

  it.live("private tables and sessions are the creator's; shared ones the workspace's; other workspaces see 404", () =>
    Effect.gen(function* () {
      const { ada, bob, eve, ours, theirs } = yield* twoWorkspaces
      const mine = yield* ada.createTable({ ...creator, document_ids: [ours.id], visibility: "private" })
      const shared = yield* ada.createTable({ ...creator, document_ids: [ours.id] })
      const column = yield* ada.createColumn(mine.id, { query: "Term?" })
      assert.strictEqual((yield* ada.listColumns(mine.id)).length, 1)
      assert.strictEqual(yield* tagOf(bob.listColumns(mine.id)), "NotFound")
      assert.strictEqual(yield* tagOf(bob.listCells(mine.id)), "NotFound")
      assert.strictEqual(yield* tagOf(bob.runTable(mine.id, [[ours.id, column.id]])), "NotFound")
      assert.strictEqual(yield* tagOf(eve.listColumns(mine.id)), "NotFound")
      const bobs = yield* bob.createColumn(shared.id, { query: "Parties?" })
      assert.strictEqual(bobs.ai_table_id, shared.id)
      assert.strictEqual(yield* tagOf(eve.listColumns(shared.id)), "NotFound")
      assert.strictEqual(yield* tagOf(eve.updateTable(shared.id, { visibility: "private" })), "NotFound")
      // Documents: another workspace's read as absent, and cannot be put in a table.
      assert.strictEqual(yield* tagOf(ada.getDocument(theirs.id)), "NotFound")
      assert.strictEqual(yield* tagOf(eve.getDocument(ours.id)), "NotFound")
      const foreign = yield* Effect.flip(ada.createTable({ ...creator, document_ids: [theirs.id] }))
      assert.strictEqual(foreign._tag, "ValidationFailed")
      // Sessions.
      const privateSession = yield* ada.createSession({
        ...creator,
        is_multidoc: false,
        document_ids: [ours.id],
        visibility: "private"
      })
      const sharedSession = yield* ada.createSession({ ...creator, is_multidoc: false, document_ids: [ours.id] })
      assert.strictEqual(yield* tagOf(bob.getSession(privateSession.id)), "NotFound")
      assert.strictEqual(yield* tagOf(bob.createMessage(privateSession.id, { query: "hi" })), "NotFound")
      assert.strictEqual((yield* bob.getSession(sharedSession.id)).id, sharedSession.id)
      assert.strictEqual(yield* tagOf(eve.getSession(sharedSession.id)), "NotFound")
      assert.strictEqual(yield* tagOf(eve.deleteSession(sharedSession.id)), "NotFound")
      const bobSees = yield* bob.listSessions(asOrg(3), ours.id)
      assert.deepStrictEqual(
        bobSees.map((session) => session.id),
        [sharedSession.id]
      )
      const adaSees = yield* ada.listSessions(asOrg(3), ours.id)
      assert.deepStrictEqual(
        adaSees.map((session) => session.id),
        [privateSession.id, sharedSession.id]
      )
    }).pipe(Effect.scoped)
  )
})
