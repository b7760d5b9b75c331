import { HttpApiClient, HttpClient, HttpClientRequest } from "@effect/platform"
import { Effect, FiberRef, Option } from "effect"
import { Api } from "../api/Api.js"
import type { ColumnId, DocumentId, OrganizationId, SessionId, TableId, UserId } from "../api/Ids.js"
import { type CreateMessageBody, createdMessage } from "../api/Sessions.js"
import type { CellPair, CreateCellBody, CreateColumnBody, CreateTableBody, UpdateTableBody } from "../api/Tables.js"
import type { CreateSessionBody, UpdateSessionBody } from "../api/Sessions.js"
import { readCells, type WantedCell } from "./CellList.js"
import { type ClientError, Transport, UnexpectedReply } from "./ClientError.js"
import { ClientSettings } from "./ClientSettings.js"
import { currentErrorReply, rememberErrorReplies, toClientError } from "./ReplyErrors.js"
import { scrubStrings, tokenScrubber } from "./Scrub.js"

/** A local file to upload: its bytes travel as multipart `file` (reference §4.1). */
export interface UploadFile {
  readonly organizationId: OrganizationId
  readonly doctype: string
  readonly filename: string
  readonly bytes: Uint8Array
}

/**
 * One method per endpoint of the contract. Every failure is a tagged `ClientError`; the token stays Redacted.
 * The client never retries by itself: run and message creation are not idempotent, so retries belong to the
 * runner, which reconciles ambiguous outcomes before asking again.
 */
export class ServiceClient extends Effect.Service<ServiceClient>()("app/client/ServiceClient", {
  effect: Effect.gen(function* () {
    const settings = yield* ClientSettings
    const clean = tokenScrubber(settings.token)
    const authorized = (client: HttpClient.HttpClient) =>
      rememberErrorReplies(
        HttpClient.mapRequest(client, (request) =>
          settings.token === undefined ? request : HttpClientRequest.bearerToken(request, settings.token)
        )
      )
    // Error replies the contract declares are decoded by HttpApiClient; see `toClientError` for the rest.
    const api = yield* HttpApiClient.make(Api, { baseUrl: settings.baseUrl, transformClient: authorized })
    // For the one reply read without decoding all of it (`listCellsWhere`).
    const http = HttpClient.filterStatusOk(
      authorized(HttpClient.mapRequest(yield* HttpClient.HttpClient, HttpClientRequest.prependUrl(settings.baseUrl)))
    )

    const scrub = scrubStrings(clean)
    /**
     * Names the call (its span is `ServiceClient.<method>`), bounds it in time, takes the token out of what came
     * back, makes failures ClientErrors.
     */
    const call = <A, E>(
      method: string,
      request: string,
      effect: Effect.Effect<A, E>,
      options: { readonly scrub: boolean } = { scrub: true }
    ): Effect.Effect<A, ClientError> =>
      effect.pipe(
        Effect.map((reply) => (options.scrub ? scrub(reply) : reply)),
        Effect.catchAll((error) =>
          Effect.flatMap(FiberRef.get(currentErrorReply), (reply) =>
            Effect.flip(toClientError(request, clean, reply, error))
          )
        ),
        Effect.locally(currentErrorReply, Option.none()),
        Effect.timeoutFail({
          duration: settings.timeout,
          onTimeout: () => new Transport({ request, reason: "timed out waiting for the reply" })
        }),
        Effect.withSpan(`ServiceClient.${method}`, { attributes: { request } })
      )

    return {
      login: (email: string, password: string) =>
        // The one reply that carries a token on purpose.
        call("login", "POST /api/auth", api.auth.login({ payload: { email, password } }), { scrub: false }),
      listOrganizations: (userId: UserId) =>
        call(
          "listOrganizations",
          `GET /api/user/${userId}/organization/list`,
          api.auth.listOrganizations({ path: { user_id: userId } })
        ),
      getDocument: (documentId: DocumentId) =>
        call(
          "getDocument",
          `GET /api/document/${documentId}`,
          api.documents.getDocument({ path: { document_id: documentId } })
        ),
      uploadDocument: (file: UploadFile) => {
        const form = new FormData()
        form.append("organization_id", String(file.organizationId))
        form.append("doctype", file.doctype)
        form.append("file", new Blob([file.bytes]), file.filename)
        return call("uploadDocument", "POST /api/document/create", api.documents.uploadDocument({ payload: form }))
      },
      listDocuments: (organizationId: OrganizationId) =>
        call(
          "listDocuments",
          `GET /api/organization/${organizationId}/document/list`,
          api.documents.listDocuments({ path: { organization_id: organizationId } })
        ),
      createTable: (body: CreateTableBody) =>
        call("createTable", "POST /api/ai/table/create", api.tables.createTable({ payload: body })),
      updateTable: (tableId: TableId, body: UpdateTableBody) =>
        call(
          "updateTable",
          `POST /api/ai/table/${tableId}/update`,
          api.tables.updateTable({ path: { ai_table_id: tableId }, payload: body })
        ),
      createColumn: (tableId: TableId, body: CreateColumnBody) =>
        call(
          "createColumn",
          `POST /api/ai/table/${tableId}/column/create`,
          api.tables.createColumn({ path: { ai_table_id: tableId }, payload: body })
        ),
      listColumns: (tableId: TableId) =>
        call(
          "listColumns",
          `GET /api/ai/table/${tableId}/column/list`,
          api.tables.listColumns({ path: { ai_table_id: tableId } })
        ),
      runTable: (tableId: TableId, pairs: ReadonlyArray<CellPair>, continueResponse?: boolean) =>
        call(
          "runTable",
          `POST /api/ai/table/${tableId}/run`,
          api.tables.runTable({
            path: { ai_table_id: tableId },
            payload:
              continueResponse === undefined
                ? { doc_id_col_id: pairs }
                : { doc_id_col_id: pairs, continue_response: continueResponse }
          })
        ),
      runColumn: (tableId: TableId, columnId: ColumnId) =>
        call(
          "runColumn",
          `POST /api/ai/table/${tableId}/column/${columnId}/run`,
          api.tables.runColumn({ path: { ai_table_id: tableId, ai_column_id: columnId } })
        ),
      createCell: (tableId: TableId, body: CreateCellBody) =>
        call(
          "createCell",
          `POST /api/ai/table/${tableId}/cell/create`,
          api.tables.createCell({ path: { ai_table_id: tableId }, payload: body })
        ),
      listCells: (tableId: TableId) =>
        call(
          "listCells",
          `GET /api/ai/table/${tableId}/cell/list`,
          api.tables.listCells({ path: { ai_table_id: tableId } })
        ),
      /**
       * The listed cells of the wanted pairs only, each decoded against the contract (see `readCells`), with the
       * size of the whole list (a poll's cost).
       */
      listCellsWhere: (tableId: TableId, wanted: WantedCell) => {
        const request = `GET /api/ai/table/${tableId}/cell/list`
        return call(
          "listCellsWhere",
          request,
          Effect.flatMap(http.get(`/api/ai/table/${tableId}/cell/list`), (response) =>
            readCells(request, response.stream, wanted, clean)
          )
        ).pipe(Effect.flatten)
      },
      createSession: (body: CreateSessionBody) =>
        call("createSession", "POST /api/ai/session/create", api.sessions.createSession({ payload: body })),
      listSessions: (organizationId: OrganizationId, documentId?: DocumentId) =>
        call(
          "listSessions",
          "GET /api/ai/session/list",
          api.sessions.listSessions({
            urlParams:
              documentId === undefined
                ? { organization_id: organizationId }
                : { organization_id: organizationId, document_id: documentId }
          })
        ),
      getSession: (sessionId: SessionId) =>
        call(
          "getSession",
          `GET /api/ai/session/${sessionId}`,
          api.sessions.getSession({ path: { ai_session_id: sessionId } })
        ),
      updateSession: (sessionId: SessionId, body: UpdateSessionBody) =>
        call(
          "updateSession",
          `POST /api/ai/session/${sessionId}/update`,
          api.sessions.updateSession({ path: { ai_session_id: sessionId }, payload: body })
        ),
      deleteSession: (sessionId: SessionId) =>
        call(
          "deleteSession",
          `DELETE /api/ai/session/${sessionId}/delete`,
          api.sessions.deleteSession({ path: { ai_session_id: sessionId } })
        ),
      resetSession: (sessionId: SessionId) =>
        call(
          "resetSession",
          `POST /api/ai/session/${sessionId}/reset`,
          api.sessions.resetSession({ path: { ai_session_id: sessionId } })
        ),
      /** Accepts either reply shape (reference §8.3) and returns the created message. */
      createMessage: (sessionId: SessionId, body: CreateMessageBody) => {
        const request = `POST /api/ai/session/${sessionId}/qa/create`
        return call(
          "createMessage",
          request,
          api.sessions.createMessage({ path: { ai_session_id: sessionId }, payload: body })
        ).pipe(
          Effect.flatMap((reply) => {
            const message = createdMessage(reply, body.query)
            return message === undefined
              ? Effect.fail(new UnexpectedReply({ request, field: "", detail: "the reply holds no message" }))
              : Effect.succeed(message)
          })
        )
      },
      listMessages: (sessionId: SessionId) =>
        call(
          "listMessages",
          `GET /api/ai/session/${sessionId}/qa/list`,
          api.sessions.listMessages({ path: { ai_session_id: sessionId } })
        ),
      /** Debug endpoint of the local service only (`serve --debug-endpoints`). */
      runCounts: (tableId?: TableId) =>
        call(
          "runCounts",
          "GET /debug/run-counts",
          api.debug.runCounts({ urlParams: tableId === undefined ? {} : { ai_table_id: tableId } })
        ),
      /** Debug endpoint of the local service only: its task queue since `sinceMs` (epoch ms). */
      queueStats: (sinceMs?: number) =>
        call(
          "queueStats",
          "GET /debug/queue-stats",
          api.debug.queueStats({ urlParams: sinceMs === undefined ? {} : { since_ms: sinceMs } })
        )
    } as const
  })
}) {}
