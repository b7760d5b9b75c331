import { HttpApiClient, HttpClient, HttpClientRequest } from "@effect/platform"
import { Duration, Effect, FiberRef, Option } from "effect"
import { Api } from "../api/Api.js"
import type { ColumnId, DocumentId, OrganizationId, SessionId, TableId, UserId } from "../api/Ids.js"
import type { CreateSessionBody, UpdateSessionBody } from "../api/Sessions.js"
import { type CreateMessageBody, createdMessage } from "../api/Sessions.js"
import type { CellPair, CreateCellBody, CreateColumnBody, CreateTableBody, UpdateTableBody } from "../api/Tables.js"
import { readCells, type WantedCell } from "./CellList.js"
import { type ClientError, Transport, UnexpectedReply } from "./ClientError.js"
import { ClientSettings } from "./ClientSettings.js"
import { currentErrorReply, rememberErrorReplies } from "./ErrorReply.js"
import { plainStream, startProblem } from "./JsonBody.js"
import { toClientError } from "./ReplyErrors.js"
import { requestLabel } from "./RequestLabel.js"
import { scrubStrings, tokenScrubber } from "./Scrub.js"
import { readWholeReplies, replyBodyLimit } from "./WholeReplies.js"

/** A local file to upload: its bytes travel as multipart `file` (reference §4.1). */
interface UploadFile {
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
    // Replies uncompressed (identity): a proxy that compresses anyway is undone by `JsonBody.decodedBody`.
    const authorized = (client: HttpClient.HttpClient) =>
      rememberErrorReplies(
        HttpClient.mapRequest(client, (request) => {
          const plain = HttpClientRequest.setHeader(request, "accept-encoding", "identity")
          return settings.token === undefined ? plain : HttpClientRequest.bearerToken(plain, settings.token)
        })
      )
    // Error replies the contract declares are decoded by HttpApiClient; see `toClientError` for the rest.
    const api = yield* HttpApiClient.make(Api, {
      baseUrl: settings.baseUrl,
      transformClient: (client) => readWholeReplies(authorized(client), settings.maxReplyBytes)
    })
    // For the one reply read without decoding all of it (`listCellsWhere`).
    const http = HttpClient.filterStatusOk(
      authorized(HttpClient.mapRequest(yield* HttpClient.HttpClient, HttpClientRequest.prependUrl(settings.baseUrl)))
    )

    const scrub = scrubStrings(clean)
    /**
     * Names the call (its span is `ServiceClient.<method>`), bounds it in time, takes the token out of what came
     * back, makes failures ClientErrors.
     */
    const guard = <A, E>(
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
          onTimeout: () =>
            new Transport({
              request,
              reason: `timed out: no complete reply within ${Duration.format(settings.timeout)} (run.request_timeout)`
            })
        }),
        Effect.withSpan(`ServiceClient.${method}`, { attributes: { request } })
      )

    type Endpoints = typeof api
    /** One endpoint of the contract, called with `args` and named after it (see `requestLabel`). */
    const call = <
      Group extends keyof Endpoints & string,
      Name extends keyof Endpoints[Group] & string,
      Args extends object,
      A,
      E
    >(
      group: Group,
      name: Name,
      args: Args,
      send: (args: Args) => Effect.Effect<A, E>,
      options?: { readonly scrub: boolean }
    ) => guard(name, requestLabel(group, name, "path" in args ? args.path : undefined), send(args), options)

    return {
      login: (email: string, password: string) =>
        // The one reply that carries a token on purpose.
        call("auth", "login", { payload: { email, password } }, api.auth.login, { scrub: false }),
      listOrganizations: (userId: UserId) =>
        call("auth", "listOrganizations", { path: { user_id: userId } }, api.auth.listOrganizations),
      getDocument: (documentId: DocumentId) =>
        call("documents", "getDocument", { path: { document_id: documentId } }, api.documents.getDocument),
      uploadDocument: (file: UploadFile) => {
        const form = new FormData()
        form.append("organization_id", String(file.organizationId))
        form.append("doctype", file.doctype)
        form.append("file", new Blob([file.bytes]), file.filename)
        return call("documents", "uploadDocument", { payload: form }, api.documents.uploadDocument)
      },
      listDocuments: (organizationId: OrganizationId) =>
        call("documents", "listDocuments", { path: { organization_id: organizationId } }, api.documents.listDocuments),
      createTable: (body: CreateTableBody) => call("tables", "createTable", { payload: body }, api.tables.createTable),
      updateTable: (tableId: TableId, body: UpdateTableBody) =>
        call("tables", "updateTable", { path: { ai_table_id: tableId }, payload: body }, api.tables.updateTable),
      createColumn: (tableId: TableId, body: CreateColumnBody) =>
        call("tables", "createColumn", { path: { ai_table_id: tableId }, payload: body }, api.tables.createColumn),
      listColumns: (tableId: TableId) =>
        call("tables", "listColumns", { path: { ai_table_id: tableId } }, api.tables.listColumns),
      runTable: (tableId: TableId, pairs: ReadonlyArray<CellPair>, continueResponse?: boolean) => {
        const payload =
          continueResponse === undefined
            ? { doc_id_col_id: pairs }
            : { doc_id_col_id: pairs, continue_response: continueResponse }
        return call("tables", "runTable", { path: { ai_table_id: tableId }, payload }, api.tables.runTable)
      },
      runColumn: (tableId: TableId, columnId: ColumnId) =>
        call("tables", "runColumn", { path: { ai_table_id: tableId, ai_column_id: columnId } }, api.tables.runColumn),
      createCell: (tableId: TableId, body: CreateCellBody) =>
        call("tables", "createCell", { path: { ai_table_id: tableId }, payload: body }, api.tables.createCell),
      listCells: (tableId: TableId) =>
        call("tables", "listCells", { path: { ai_table_id: tableId } }, api.tables.listCells),
      /**
       * The listed cells of the wanted pairs only, each decoded against the contract (see `readCells`), with the
       * size of the whole list (a poll's cost).
       */
      listCellsWhere: (tableId: TableId, wanted: WantedCell) => {
        const request = requestLabel("tables", "listCells", { ai_table_id: tableId })
        const limit = settings.maxReplyBytes ?? replyBodyLimit
        return guard(
          "listCellsWhere",
          request,
          Effect.flatMap(http.get(`/api/ai/table/${tableId}/cell/list`), (response) =>
            Effect.flatMap(plainStream(response, limit), (body) =>
              readCells(request, body, wanted, clean, { limit, startProblem: (head) => startProblem(response, head) })
            )
          )
        ).pipe(Effect.flatten)
      },
      createSession: (body: CreateSessionBody) =>
        call("sessions", "createSession", { payload: body }, api.sessions.createSession),
      listSessions: (organizationId: OrganizationId, documentId?: DocumentId) => {
        const urlParams =
          documentId === undefined
            ? { organization_id: organizationId }
            : { organization_id: organizationId, document_id: documentId }
        return call("sessions", "listSessions", { urlParams }, api.sessions.listSessions)
      },
      getSession: (sessionId: SessionId) =>
        call("sessions", "getSession", { path: { ai_session_id: sessionId } }, api.sessions.getSession),
      updateSession: (sessionId: SessionId, body: UpdateSessionBody) => {
        const path = { ai_session_id: sessionId }
        return call("sessions", "updateSession", { path, payload: body }, api.sessions.updateSession)
      },
      deleteSession: (sessionId: SessionId) =>
        call("sessions", "deleteSession", { path: { ai_session_id: sessionId } }, api.sessions.deleteSession),
      resetSession: (sessionId: SessionId) =>
        call("sessions", "resetSession", { path: { ai_session_id: sessionId } }, api.sessions.resetSession),
      /** Accepts either reply shape (reference §8.3) and returns the created message. */
      createMessage: (sessionId: SessionId, body: CreateMessageBody) => {
        const path = { ai_session_id: sessionId }
        return call("sessions", "createMessage", { path, payload: body }, api.sessions.createMessage).pipe(
          Effect.flatMap((reply) => {
            const message = createdMessage(reply, body)
            return message === undefined
              ? Effect.fail(
                  new UnexpectedReply({
                    request: requestLabel("sessions", "createMessage", path),
                    field: "",
                    detail: "the reply holds no message"
                  })
                )
              : Effect.succeed(message)
          })
        )
      },
      listMessages: (sessionId: SessionId) =>
        call("sessions", "listMessages", { path: { ai_session_id: sessionId } }, api.sessions.listMessages),
      /** Debug endpoint of the local service only (`serve --debug-endpoints`). */
      runCounts: (tableId?: TableId) => {
        const urlParams = tableId === undefined ? {} : { ai_table_id: tableId }
        return call("debug", "runCounts", { urlParams }, api.debug.runCounts)
      },
      /** Debug endpoint of the local service only: its task queue since `sinceMs` (epoch ms). */
      queueStats: (sinceMs?: number) => {
        const urlParams = sinceMs === undefined ? {} : { since_ms: sinceMs }
        return call("debug", "queueStats", { urlParams }, api.debug.queueStats)
      }
    } as const
  })
}) {}
