import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../../api/Api.js"
import { Forbidden } from "../../api/ApiError.js"
import { CurrentUser } from "../../api/Authentication.js"
import { MessageStore } from "../store/MessageStore.js"
import { SessionStore } from "../store/SessionStore.js"
import { invalid, requireKnownDocuments, requireOrganization, requireSelf, visible } from "./Access.js"
import { queueTasks } from "./QueueTasks.js"

/** Multi-doc chat needs the Advanced plan or higher (reference §7). */
const requireAdvanced = Effect.flatMap(CurrentUser, (user) =>
  user.plan === "advanced"
    ? Effect.void
    : Effect.fail(
        new Forbidden({ detail: `Multi-doc chat needs the Advanced plan or higher (this token's plan: ${user.plan})` })
      )
)

/** Reference §4.3: sessions and their messages. */
export const SessionHandlers = HttpApiBuilder.group(Api, "sessions", (handlers) =>
  Effect.gen(function* () {
    const sessions = yield* SessionStore
    const messages = yield* MessageStore
    const visibleSession = visible(sessions.find, "AI session")

    /**
     * Reference §8.1's working reading: a single-doc session holds at most one document, a multi-doc one any number
     * (none included: `document_ids` is optional on create). A document named twice is one document.
     */
    const checkDocuments = (organizationId: number, isMultidoc: boolean, documentIds: ReadonlyArray<number>) =>
      Effect.gen(function* () {
        if (!isMultidoc && new Set(documentIds).size > 1)
          return yield* Effect.fail(
            invalid(["body", "document_ids"], "a single-doc session holds at most one document; use is_multidoc")
          )
        yield* requireKnownDocuments(organizationId, documentIds)
      })

    const success = { success: true } as const

    return handlers
      .handle("createSession", ({ payload }) =>
        Effect.gen(function* () {
          yield* requireSelf(payload.user_id)
          yield* requireOrganization(payload.organization_id)
          if (payload.is_multidoc) yield* requireAdvanced
          const documentIds = payload.document_ids ?? []
          yield* checkDocuments(payload.organization_id, payload.is_multidoc, documentIds)
          const created = yield* sessions.create({
            organizationId: payload.organization_id,
            userId: payload.user_id,
            isMultidoc: payload.is_multidoc,
            documentIds,
            visibility: payload.visibility ?? "shared",
            meta: payload.meta ?? {}
          })
          return created ?? (yield* Effect.dieMessage("the session vanished while it was created"))
        })
      )
      .handle("listSessions", ({ urlParams }) =>
        Effect.gen(function* () {
          const user = yield* CurrentUser
          yield* requireOrganization(urlParams.organization_id)
          const found = yield* sessions.list(urlParams.organization_id, urlParams.document_id)
          return found
            .filter(({ row }) => row.visibility === "shared" || row.user_id === user.userId)
            .map(({ session }) => session)
        })
      )
      .handle("getSession", ({ path }) => Effect.flatMap(visibleSession(path.ai_session_id), sessions.read))
      .handle("updateSession", ({ path, payload }) =>
        Effect.gen(function* () {
          const session = yield* visibleSession(path.ai_session_id)
          if (payload.document_ids !== undefined)
            yield* checkDocuments(session.organization_id, session.is_multidoc === 1, payload.document_ids)
          const updated = yield* sessions.update(path.ai_session_id, {
            documentIds: payload.document_ids,
            meta: payload.meta,
            visibility: payload.visibility
          })
          return updated ?? (yield* Effect.dieMessage("the session vanished while it was updated"))
        })
      )
      .handle("deleteSession", ({ path }) =>
        Effect.gen(function* () {
          yield* visibleSession(path.ai_session_id)
          yield* sessions.remove(path.ai_session_id)
          return success
        })
      )
      .handle("resetSession", ({ path }) =>
        Effect.gen(function* () {
          yield* visibleSession(path.ai_session_id)
          yield* sessions.reset(path.ai_session_id)
          return success
        })
      )
      .handle("createMessage", ({ path, payload }) =>
        Effect.gen(function* () {
          const user = yield* CurrentUser
          const session = yield* visibleSession(path.ai_session_id)
          if (session.is_multidoc === 1) yield* requireAdvanced
          if (payload.query.trim() === "")
            return yield* Effect.fail(invalid(["body", "query"], "query must be a non-empty message"))
          const restrict = payload.restrict_to_context ?? true
          const useContext = payload.use_context ?? true
          if (restrict && !useContext)
            return yield* Effect.fail(
              invalid(["body", "use_context"], "use_context must stay true while restrict_to_context is true")
            )
          const message = {
            sessionId: path.ai_session_id,
            userId: user.userId,
            query: payload.query,
            meta: payload.meta ?? {},
            options: {
              chat_model: payload.chat_model,
              language: payload.language ?? "English (US)",
              restrict_to_context: restrict,
              use_context: useContext,
              use_cells: payload.use_cells ?? true,
              use_history: payload.use_history ?? true,
              use_meta: payload.use_meta ?? true
            }
          }
          return yield* queueTasks(
            (admission) => messages.addMessage(message, admission),
            (created) =>
              created === undefined
                ? Effect.dieMessage("the message vanished while it was created")
                : Effect.succeed(created)
          )
        })
      )
      .handle("listMessages", ({ path }) =>
        Effect.zipRight(visibleSession(path.ai_session_id), messages.messages(path.ai_session_id))
      )
  })
)
